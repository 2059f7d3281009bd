import { type SessionUser, meResponseSchema } from '@sorteio/shared';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { profiles, user, userActivity, verification } from '../../db/schema';
import { getSessionUser } from '../../lib/authz';
import { hitLimit } from '../../lib/db-rate-limit';
import { AppError } from '../../lib/errors';
import type { App } from '../../lib/fastify';
import { recordSecurityEvent } from '../security/security.service';
import { type Auth, CLIENT_IP_HEADER, hashBackupCode } from './auth';

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

export async function readSessionUser(
  auth: Auth,
  config: Config,
  db: Db,
  request: FastifyRequest,
): Promise<SessionUser | null> {
  const result = await auth.api.getSession({ headers: toHeaders(request) });
  if (!result) return null;
  const u = result.user as typeof result.user & { role?: string | null };
  const [profile] = await db
    .select({ statusConta: profiles.statusConta })
    .from(profiles)
    .where(eq(profiles.id, u.id));
  // A suspended account's sessions end: treat it as signed out (its sessions are also deleted).
  if (profile?.statusConta === 'suspenso') return null;
  const email = u.email.toLowerCase();
  // The owner address is always an administrator (DESIGN.md section 8).
  const role = email === config.adminEmail ? 'admin' : ((u.role ?? 'user') as SessionUser['role']);
  return {
    id: u.id,
    email,
    name: u.name,
    role,
    isAdmin: role === 'admin',
    emailVerified: u.emailVerified,
  };
}

/** Sign-in, sign-up, recovery and 2FA have their own, lower limits per IP. */
const sensitiveLimits = (
  signInMax: number,
): Record<string, { max: number; timeWindow: string }> => ({
  '/api/auth/sign-in/email': { max: signInMax, timeWindow: '1 minute' },
  '/api/auth/sign-up/email': { max: 10, timeWindow: '10 minutes' },
  '/api/auth/request-password-reset': { max: 5, timeWindow: '10 minutes' },
  '/api/auth/reset-password': { max: 10, timeWindow: '10 minutes' },
  '/api/auth/send-verification-email': { max: 5, timeWindow: '10 minutes' },
  '/api/auth/two-factor/verify-totp': { max: signInMax, timeWindow: '1 minute' },
  '/api/auth/two-factor/verify-backup-code': { max: signInMax, timeWindow: '1 minute' },
  '/api/auth/two-factor/enable': { max: 10, timeWindow: '10 minutes' },
});

function authErrorCode(status: number) {
  if (status === 401) return 'UNAUTHENTICATED' as const;
  if (status === 403) return 'FORBIDDEN' as const;
  if (status === 404) return 'NOT_FOUND' as const;
  if (status === 429) return 'RATE_LIMITED' as const;
  if (status >= 500) return 'INTERNAL' as const;
  return 'BAD_REQUEST' as const;
}

export function registerAuthRoutes(
  app: App,
  { auth, config, db }: { auth: Auth; config: Config; db: Db },
) {
  const sensitive = sensitiveLimits(config.rateLimitSignInMax);
  app.decorate('readSessionUser', (request: FastifyRequest) =>
    readSessionUser(auth, config, db, request),
  );

  // better-auth speaks Web Request/Response: translate, and pass every Set-Cookie through.
  async function forward(request: FastifyRequest, reply: FastifyReply) {
    const url = new URL(request.url, config.baseUrl);
    let body = request.body;
    if (
      url.pathname === '/api/auth/two-factor/verify-backup-code' &&
      body &&
      typeof body === 'object'
    ) {
      const given = (body as { code?: unknown }).code;
      if (typeof given === 'string')
        body = { ...body, code: hashBackupCode(config.appSecret, given) };
    }
    let resetUserId: string | null = null;
    if (url.pathname === '/api/auth/reset-password' && body && typeof body === 'object') {
      const token = (body as { token?: unknown }).token;
      if (typeof token === 'string') {
        const [row] = await db
          .select({ value: verification.value })
          .from(verification)
          .where(eq(verification.identifier, `reset-password:${token}`));
        resetUserId = row?.value ?? null;
      }
    }
    const payload =
      request.method === 'GET' || body === undefined || body === null
        ? undefined
        : JSON.stringify(body);
    const headers = toHeaders(request);
    if (payload !== undefined) headers.set('content-type', 'application/json');
    headers.delete('content-length');
    const response = await auth.handler(
      new Request(url, { method: request.method, headers, body: payload }),
    );
    const cookies = response.headers.getSetCookie();
    if (cookies.length > 0) void reply.header('set-cookie', cookies);
    const text = await response.text();
    if (response.status >= 400) {
      let parsed: { message?: string; code?: string } = {};
      try {
        parsed = JSON.parse(text) as typeof parsed;
      } catch {
        // not JSON: keep the generic message
      }
      throw new AppError(authErrorCode(response.status), {
        status: response.status,
        message: parsed.message ?? 'Erro de autenticação.',
        ...(parsed.code ? { reason: parsed.code } : {}),
      });
    }
    if (resetUserId)
      await recordSecurityEvent(db, {
        userId: resetUserId,
        action: 'password_reset',
        client: clientInfo(request),
      });
    reply.status(response.status);
    response.headers.forEach((value, key) => {
      if (key !== 'set-cookie' && key !== 'content-length') void reply.header(key, value);
    });
    return reply.send(text === '' ? null : text);
  }

  // Per account, on top of the per-IP limits: recovery and confirmation e-mails (the screens'
  // 60 s resend cooldown, enforced here too). Kept in the database: it holds across copies.
  const perAccount: Record<string, (request: FastifyRequest) => Promise<void>> = {
    '/api/auth/request-password-reset': (request) => limitPerEmail(request, 'reset'),
    '/api/auth/send-verification-email': (request) => limitPerEmail(request, 'confirm'),
  };
  async function limitPerEmail(request: FastifyRequest, prefix: string) {
    const email = (request.body as { email?: unknown } | undefined)?.email;
    if (typeof email !== 'string') return;
    await hitLimit(db, {
      key: `${prefix}:${email.trim().toLowerCase()}`,
      max: 3,
      windowMs: 10 * 60 * 1000,
      message:
        'Muitos e-mails enviados para este endereço. Aguarde alguns minutos e tente novamente.',
    });
  }
  for (const [url, limit] of Object.entries(sensitive)) {
    const preHandler = perAccount[url];
    app.post(
      url,
      {
        schema: { hide: true },
        config: { rateLimit: limit },
        ...(preHandler ? { preHandler } : {}),
      },
      forward,
    );
  }
  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    schema: { hide: true },
    config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
    handler: forward,
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
    async (request) => {
      const current = await getSessionUser(request);
      if (current) {
        // Spec 000 section 4: the last-activity record is upserted whenever a session appears.
        await db
          .insert(userActivity)
          .values({ userId: current.id, lastActivity: new Date() })
          .onConflictDoUpdate({
            target: userActivity.userId,
            set: { lastActivity: sql`now()` },
            // A minute's precision is enough; skips the write on rapid reloads.
            setWhere: sql`${userActivity.lastActivity} < now() - interval '1 minute'`,
          });
      }
      return { user: current };
    },
  );

  app.get(
    '/api/admin-access',
    {
      schema: {
        tags: ['auth'],
        summary: 'test_admin_access: o chamador é administrador?',
        response: {
          200: z.object({
            is_admin: z.boolean(),
            is_authenticated: z.boolean(),
            admin_record_exists: z.boolean(),
          }),
        },
      },
    },
    async (request) => {
      const current = await getSessionUser(request);
      if (!current) return { is_admin: false, is_authenticated: false, admin_record_exists: false };
      const [row] = await db.select({ role: user.role }).from(user).where(eq(user.id, current.id));
      return {
        is_admin: current.isAdmin,
        is_authenticated: true,
        admin_record_exists: row?.role === 'admin',
      };
    },
  );

  app.get(
    '/api/account/password-reset/:token',
    {
      config: { rateLimit: { max: 20, timeWindow: '10 minutes' } },
      schema: {
        tags: ['auth'],
        summary: 'O link de recuperação ainda é válido?',
        params: z.object({ token: z.string().min(1).max(200) }),
        response: { 200: z.object({ valid: z.boolean() }) },
      },
    },
    async (request) => {
      const [row] = await db
        .select({ id: verification.id })
        .from(verification)
        .where(
          and(
            eq(verification.identifier, `reset-password:${request.params.token}`),
            gt(verification.expiresAt, new Date()),
          ),
        );
      return { valid: Boolean(row) };
    },
  );
}
