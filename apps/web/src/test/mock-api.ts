import { vi } from 'vitest';

export type MockReply = { status?: number; body?: unknown };
export type MockHandler = (request: {
  method: string;
  /** The JSON body, parsed; undefined for other bodies (see `rawBody`). */
  body: unknown;
  /** The body as sent, e.g. the FormData of a multipart upload. */
  rawBody: BodyInit | null | undefined;
}) => MockReply | Promise<MockReply>;

/**
 * Replaces fetch with a table of "METHOD /path" -> answer. Unknown requests answer 404 like the
 * server would, so a test notices a call it did not expect through the screen, not a crash.
 */
export function mockApi(routes: Record<string, MockReply | MockHandler>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = (init?.method ?? 'GET').toUpperCase();
    const path = new URL(url, 'http://localhost').pathname;
    const entry = routes[`${method} ${path}`];
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const reply: MockReply =
      entry === undefined
        ? {
            status: 404,
            body: { error: { code: 'NOT_FOUND', message: 'Recurso não encontrado.' } },
          }
        : typeof entry === 'function'
          ? await entry({ method, body, rawBody: init?.body })
          : entry;
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export const regularUser = {
  id: 'u-1',
  email: 'maria@example.com',
  name: 'Maria',
  role: 'user',
  isAdmin: false,
  isStaff: false,
  emailVerified: true,
  twoFactorEnabled: false,
  mustChangePassword: false,
} as const;

export const adminUser = {
  id: 'u-2',
  email: 'dono@example.com',
  name: 'Dono',
  role: 'admin',
  isAdmin: true,
  isStaff: true,
  emailVerified: true,
  twoFactorEnabled: false,
  mustChangePassword: false,
} as const;
