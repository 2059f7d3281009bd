import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

/** Rate-limit key of a signed-in caller: their session cookie (hashed), else the IP. */
export function sessionKey(request: FastifyRequest): string {
  const cookie = request.headers.cookie ?? '';
  const token = /(?:^|;\s*)(?:__Secure-)?sorteio\.session_token=([^;]+)/.exec(cookie)?.[1];
  return token
    ? `s:${createHash('sha256').update(token).digest('base64url').slice(0, 22)}`
    : `ip:${request.ip}`;
}
