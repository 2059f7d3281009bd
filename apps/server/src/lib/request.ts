/** What route handlers read off a request to pass on: its headers for the auth library, its client. */
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
