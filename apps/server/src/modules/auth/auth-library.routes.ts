/**
 * The auth library's endpoints the product uses, forwarded to it: each with its input schema
 * (validated before the library sees it) and its limit per address; sign-in, sign-up, recovery and
 * 2FA have lower ones. Any other path under /api/auth answers 404.
 */
import {
  enableTwoFactorInputSchema,
  requestPasswordResetInputSchema,
  resetPasswordInputSchema,
  sendVerificationEmailInputSchema,
  signInInputSchema,
  signOutInputSchema,
  signUpInputSchema,
  verifyBackupCodeInputSchema,
  verifyEmailQuerySchema,
  verifyTotpInputSchema,
} from '@sorteio/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { addressKey } from '../../lib/client-key';
import { hitLimit } from '../../lib/db-rate-limit';
import { buildKeyRing } from '../../lib/key-ring';
import { AppError, outageOf } from '../../lib/errors';
import type { App } from '../../lib/fastify';
import { clientInfo, toHeaders } from '../../lib/request';
import { recordSecurityEvent } from '../security/security.service';
import { type Auth, authFailures } from './auth';
import { assertPasswordLength, backupCodeHash, resetTokenOwner } from './auth.service';

/** The forwarded routes and their limits per address. */
const authRoutes = (signInMax: number, accountMax: number | null) =>
  [
    {
      url: '/sign-in/email',
      body: signInInputSchema,
      max: signInMax,
      window: '1 minute',
      summary: 'Entrar com e-mail e senha',
    },
    {
      url: '/sign-up/email',
      body: signUpInputSchema,
      max: accountMax ?? 10,
      window: '10 minutes',
      summary: 'Criar conta',
    },
    { url: '/sign-out', body: signOutInputSchema, max: 60, window: '1 minute', summary: 'Sair' },
    {
      url: '/request-password-reset',
      body: requestPasswordResetInputSchema,
      max: accountMax ?? 5,
      window: '10 minutes',
      summary: 'Pedir o e-mail de recuperação de senha',
    },
    {
      url: '/reset-password',
      body: resetPasswordInputSchema,
      max: accountMax ?? 10,
      window: '10 minutes',
      summary: 'Definir nova senha com o link de recuperação',
    },
    {
      url: '/send-verification-email',
      body: sendVerificationEmailInputSchema,
      max: accountMax ?? 5,
      window: '10 minutes',
      summary: 'Reenviar o e-mail de confirmação',
    },
    {
      url: '/two-factor/verify-totp',
      body: verifyTotpInputSchema,
      max: signInMax,
      window: '1 minute',
      summary: 'Código do aplicativo autenticador (2FA)',
    },
    {
      url: '/two-factor/verify-backup-code',
      body: verifyBackupCodeInputSchema,
      max: signInMax,
      window: '1 minute',
      summary: 'Código de backup (2FA)',
    },
    {
      url: '/two-factor/enable',
      body: enableTwoFactorInputSchema,
      max: 10,
      window: '10 minutes',
      summary: 'Iniciar a ativação do 2FA',
    },
  ] as const;

function authErrorCode(status: number) {
  if (status === 401) return 'UNAUTHENTICATED' as const;
  if (status === 403) return 'FORBIDDEN' as const;
  if (status === 404) return 'NOT_FOUND' as const;
  if (status === 429) return 'RATE_LIMITED' as const;
  if (status >= 500) return 'INTERNAL' as const;
  return 'BAD_REQUEST' as const;
}

export function registerAuthLibraryRoutes(
  app: App,
  { auth, config, db }: { auth: Auth; config: Config; db: Db },
) {
  // A backup code is stored as a keyed hash (auth.service.ts).
  const ring = buildKeyRing(config.appSecret, config.appSecretPrevious);

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
        body = { ...body, code: await backupCodeHash(db, ring, given) };
    }
    if (
      (url.pathname === '/api/auth/sign-up/email' || url.pathname === '/api/auth/reset-password') &&
      body &&
      typeof body === 'object'
    ) {
      // The setting "Tamanho mínimo da senha" (Segurança), on top of the library's fixed floor.
      const given =
        (body as { password?: unknown; newPassword?: unknown }).password ??
        (body as { newPassword?: unknown }).newPassword;
      await assertPasswordLength(db, given);
    }
    let resetUserId: string | null = null;
    if (url.pathname === '/api/auth/reset-password' && body && typeof body === 'object') {
      const token = (body as { token?: unknown }).token;
      if (typeof token === 'string') resetUserId = await resetTokenOwner(db, token);
    }
    const payload =
      request.method === 'GET' || body === undefined || body === null
        ? undefined
        : JSON.stringify(body);
    const headers = toHeaders(request);
    if (payload !== undefined) headers.set('content-type', 'application/json');
    headers.delete('content-length');
    const failure: { error?: unknown } = {};
    const response = await authFailures.run(failure, () =>
      auth.handler(new Request(url, { method: request.method, headers, body: payload })),
    );
    if (response.status >= 500 && failure.error !== undefined) {
      // The database (or the disk) is down: the error handler answers 503 with Retry-After.
      if (failure.error instanceof Error && outageOf(failure.error)) throw failure.error;
      request.log.error({ err: failure.error }, 'auth endpoint failed');
    }
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
  for (const route of authRoutes(config.rateLimitSignInMax, config.rateLimitAccountMax)) {
    const url = `/api/auth${route.url}`;
    const preHandler = perAccount[url];
    app.post(
      url,
      {
        schema: { tags: ['auth'], summary: route.summary, body: route.body },
        bodyLimit: 16 * 1024,
        // Before sign-in there is no account to count: per address, whatever cookie is sent.
        config: {
          rateLimit: { max: route.max, timeWindow: route.window, keyGenerator: addressKey },
        },
        ...(preHandler ? { preHandler } : {}),
      },
      forward,
    );
  }
  // The confirmation link of the e-mail sent at sign-up.
  app.get(
    '/api/auth/verify-email',
    {
      schema: {
        tags: ['auth'],
        summary: 'Confirmar e-mail (link do e-mail)',
        querystring: verifyEmailQuerySchema,
      },
      config: { rateLimit: { max: 30, timeWindow: '10 minutes', keyGenerator: addressKey } },
    },
    forward,
  );
}
