/**
 * What route handlers read off a request: its headers for the auth library, its client, its
 * session cookie's token.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

/** The header the Fastify bridge sets to the real client IP (after proxy handling). */
export const CLIENT_IP_HEADER = 'x-sorteio-client-ip';

/** The request's headers as the auth library takes them, with the client IP as Fastify resolved it. */
export function toHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined || key === CLIENT_IP_HEADER) continue;
    headers.set(key, Array.isArray(value) ? value.join(', ') : value);
  }
  // The client IP as Fastify resolved it (proxy headers only with TRUST_PROXY).
  headers.set(CLIENT_IP_HEADER, request.ip);
  return headers;
}

export function clientInfo(request: FastifyRequest) {
  return { ip: request.ip, userAgent: request.headers['user-agent'] ?? null };
}

/** The token of a session cookie signed with `secret` (as the auth library signs it), else null. */
export function verifiedSessionToken(
  cookieHeader: string | undefined,
  secret: string,
): string | null {
  const raw = cookieHeader?.match(/(?:^|;\s*)(?:__Secure-)?sorteio\.session_token=([^;]*)/)?.[1];
  if (!raw) return null;
  let value: string;
  try {
    value = decodeURIComponent(raw);
  } catch {
    return null;
  }
  const dot = value.lastIndexOf('.');
  if (dot <= 0) return null;
  const token = value.slice(0, dot);
  const given = Buffer.from(value.slice(dot + 1));
  const expected = Buffer.from(createHmac('sha256', secret).update(token).digest('base64'));
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}
