import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
  expect,
  request,
} from '@playwright/test';
import { origin } from './env';

interface Credentials {
  email: string;
  password: string;
}

interface DemoCredentials {
  admin: Credentials;
  players: (Credentials & { name: string })[];
}

type Cookie = Awaited<ReturnType<BrowserContext['cookies']>>[number];

const SESSION_COOKIE = /(^|\.)session_token$/;

/** The demo accounts the embedded server seeded into the test's data folder. */
export function demoCredentials(): DemoCredentials {
  const dir = process.env.E2E_DATA_DIR ?? '.data-e2e';
  return JSON.parse(
    readFileSync(path.join(dir, 'demo-credentials.json'), 'utf8'),
  ) as DemoCredentials;
}

/**
 * One session per account for the whole run (per worker): a sign-in hashes the password, which is
 * the slowest request the journeys make, so the journeys that are not about signing in reuse the
 * session cookie of the account's first sign-in. A journey that ended that session (signed out,
 * changed the password) is noticed by /api/me before the reuse, and the account signs in again.
 */
const sessions = new Map<string, Cookie[]>();

async function stillSignedIn(cookies: Cookie[], email: string): Promise<boolean> {
  const res = await fetch(`${origin()}/api/me`, {
    headers: { cookie: cookies.map((c) => `${c.name}=${c.value}`).join('; ') },
  });
  if (!res.ok) return false;
  const body = (await res.json()) as { user: { email: string } | null };
  return body.user?.email.toLowerCase() === email.toLowerCase();
}

/** The session cookie of `who`: the cached one while it is valid, else one of a new sign-in. */
export async function sessionCookies(who: Credentials): Promise<Cookie[]> {
  const cached = sessions.get(who.email);
  if (cached && (await stillSignedIn(cached, who.email))) return cached;
  const api = await request.newContext({ baseURL: origin() });
  try {
    const res = await api.post('/api/auth/sign-in/email', {
      data: { email: who.email, password: who.password },
      headers: { origin: origin() },
    });
    expect(res.status(), await res.text()).toBe(200);
    const cookies = (await api.storageState()).cookies.filter((c) => SESSION_COOKIE.test(c.name));
    expect(cookies.length, 'the sign-in set a session cookie').toBeGreaterThan(0);
    sessions.set(who.email, cookies);
    return cookies;
  } finally {
    await api.dispose();
  }
}

/** Puts a session of `who` in the browser context (see `sessionCookies`). */
export async function useSession(context: BrowserContext, who: Credentials): Promise<void> {
  await context.addCookies(await sessionCookies(who));
}

/** An API client (no browser) signed in as `who`. */
export async function apiSession(who: Credentials): Promise<APIRequestContext> {
  return request.newContext({
    baseURL: origin(),
    storageState: { cookies: await sessionCookies(who), origins: [] },
  });
}

/** Signs in through the API (or reuses the account's session); the cookie lands in the page's context. */
export async function signInByApi(page: Page, who: Credentials) {
  await useSession(page.context(), who);
}

/** A new browser context already signed in as `who`. */
export async function signedInContext(
  browser: Browser,
  who: Credentials,
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: origin(), ...options });
  await useSession(context, who);
  return context;
}
