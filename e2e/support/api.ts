import { type APIRequestContext, type APIResponse, expect } from '@playwright/test';
import { origin } from './env';

/** POSTs `data` as JSON from our own origin, as our pages do, and expects it to succeed. */
export async function postOk(
  request: APIRequestContext,
  url: string,
  data?: unknown,
): Promise<APIResponse> {
  const res = await request.post(url, { data: data ?? {}, headers: { origin: origin() } });
  expect(res.status(), `${url}: ${await res.text()}`).toBe(200);
  return res;
}
