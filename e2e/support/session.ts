import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type Page, expect } from '@playwright/test';

interface DemoCredentials {
  admin: { email: string; password: string };
  players: { email: string; password: string; name: string }[];
}

/** The demo accounts the embedded server seeded into the test's data folder. */
export function demoCredentials(): DemoCredentials {
  const dir = process.env.E2E_DATA_DIR ?? '.data-e2e';
  return JSON.parse(
    readFileSync(path.join(dir, 'demo-credentials.json'), 'utf8'),
  ) as DemoCredentials;
}

/** Signs in through the API; the session cookie lands in the page's browser context. */
export async function signInByApi(page: Page, who: { email: string; password: string }) {
  const baseURL = new URL(page.url() === 'about:blank' ? 'http://localhost' : page.url()).origin;
  const res = await page.request.post('/api/auth/sign-in/email', {
    data: { email: who.email, password: who.password },
    headers: {
      origin:
        process.env.E2E_ORIGIN ?? (baseURL === 'http://localhost' ? originFromConfig() : baseURL),
    },
  });
  expect(res.status(), await res.text()).toBe(200);
}

function originFromConfig(): string {
  return `http://localhost:${process.env.E2E_PORT ?? 4310}`;
}
