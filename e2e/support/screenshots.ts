import type { Locator, Page } from '@playwright/test';

/**
 * A picture of the screen for people to look at, taken only when E2E_SCREENSHOTS is set: it
 * asserts nothing, and a full-page capture costs the run a second or more each time.
 */
export async function keepScreenshot(
  target: Page | Locator,
  path: string,
  options: { fullPage?: boolean } = {},
): Promise<void> {
  if (!process.env.E2E_SCREENSHOTS) return;
  await target.screenshot({ path, ...options });
}
