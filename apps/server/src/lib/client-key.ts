/**
 * Keys for limits that a client cannot choose (docs/limits.md). A signed-in caller is counted by
 * account, read from the verified session (a signed cookie checked by the auth library and looked
 * up once per request); anyone else — no cookie, a made-up or expired one — by address. Changing
 * or inventing a cookie therefore never gives a fresh bucket.
 */
import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import { getSessionUser } from './authz';

/** True when the request carries the session cookie at all (no lookup without one). */
export function hasSessionCookie(request: FastifyRequest): boolean {
  return /(?:^|;\s*)(?:__Secure-)?sorteio\.session_token=/.test(request.headers.cookie ?? '');
}

/** The caller's address as Fastify resolved it (forwarding headers only with TRUST_PROXY). */
export function addressKey(request: FastifyRequest): string {
  return `ip:${normalizeIP(request.ip || 'unknown', 64)}`;
}

/** Per account when the session is valid, per address otherwise. */
export async function clientKey(request: FastifyRequest): Promise<string> {
  const user = hasSessionCookie(request) ? await getSessionUser(request) : null;
  return user ? `u:${user.id}` : addressKey(request);
}
