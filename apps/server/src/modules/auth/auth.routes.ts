import { type SessionUser, meResponseSchema } from '@sorteio/shared';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import type { App } from '../../lib/fastify';
import { AppError } from '../../lib/errors';
import type { Auth } from './auth';

export function toHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    headers.set(key, Array.isArray(value) ? value.join(', ') : value);
  }
  return headers;
}

export async function readSessionUser(
  auth: Auth,
  config: Config,
  request: FastifyRequest,
): Promise<SessionUser | null> {
  const result = await auth.api.getSession({ headers: toHeaders(request) });
  if (!result) return null;
  const u = result.user as typeof result.user & { role?: string | null };
  const email = u.email.toLowerCase();
  // The owner address is always an administrator (DESIGN.md section 8).
  const isOwner = email === config.adminEmail;
  const role = isOwner ? 'admin' : ((u.role ?? 'user') as SessionUser['role']);
  return {
    id: u.id,
    email,
    name: u.name,
    role,
    isAdmin: role === 'admin',
    emailVerified: u.emailVerified,
  };
}

export function registerAuthRoutes(app: App, { auth, config }: { auth: Auth; config: Config }) {
  // better-auth speaks Web Request/Response: translate, and pass every Set-Cookie through.
  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    schema: { hide: true },
    config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    async handler(request, reply) {
      const url = new URL(request.url, config.baseUrl);
      const body =
        request.method === 'GET' || request.body === undefined || request.body === null
          ? undefined
          : JSON.stringify(request.body);
      const headers = toHeaders(request);
      if (body !== undefined) headers.set('content-type', 'application/json');
      headers.delete('content-length');
      const response = await auth.handler(
        new Request(url, { method: request.method, headers, body }),
      );
      reply.status(response.status);
      response.headers.forEach((value, key) => {
        if (key !== 'set-cookie' && key !== 'content-length') void reply.header(key, value);
      });
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) void reply.header('set-cookie', cookies);
      const text = await response.text();
      if (response.status >= 400 && text) {
        const parsed = JSON.parse(text) as { message?: string; code?: string };
        throw new AppError(
          response.status === 401
            ? 'UNAUTHENTICATED'
            : response.status === 403
              ? 'FORBIDDEN'
              : response.status === 429
                ? 'RATE_LIMITED'
                : 'BAD_REQUEST',
          {
            status: response.status,
            message: parsed.message ?? 'Erro de autenticação.',
            ...(parsed.code ? { reason: parsed.code } : {}),
          },
        );
      }
      return reply.send(text === '' ? null : text);
    },
  });

  app.get(
    '/api/me',
    {
      schema: {
        tags: ['auth'],
        summary: 'Usuário da sessão atual',
        response: { 200: meResponseSchema },
      },
    },
    async (request) => ({ user: await readSessionUser(auth, config, request) }),
  );
}
