import {
  type SessionUser,
  adminAccessCheckSchema,
  canOpenAdmin,
  changePasswordInputSchema,
  roleSchema,
  enableTwoFactorInputSchema,
  meResponseSchema,
  requestPasswordResetInputSchema,
  resetPasswordInputSchema,
  sendVerificationEmailInputSchema,
  signInInputSchema,
  signOutInputSchema,
  signUpInputSchema,
  verifyBackupCodeInputSchema,
  verifyEmailQuerySchema,
  verifyTotpInputSchema,
  integrationMessages,
} from '@sorteio/shared';
import { and, eq, gt, like, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { profiles, session, twoFactor, user, userActivity, verification } from '../../db/schema';
import { type Caller, getSessionUser } from '../../lib/authz';
import { compiled } from '../../db/compiled';
import { addressKey } from '../../lib/client-key';
import { hitLimit } from '../../lib/db-rate-limit';
import { backupCodeHashes, buildKeyRing } from '../../lib/key-ring';
import { AppError } from '../../lib/errors';
import { clientInfo, toHeaders, verifiedSessionToken } from '../../lib/request';
import type { App } from '../../lib/fastify';
import { recordSecurityEvent } from '../security/security.service';
import { getSetting } from '../settings/settings.service';
import {
  type Auth,
  SESSION_EXPIRES_IN_SECONDS,
  SESSION_UPDATE_AGE_SECONDS,
  cookieSecret,
} from './auth';

type LookedUp = {
  session: { id: string; createdAt: Date; lastActiveAt?: Date | null };
  user: {
    id: string;
    email: string;
    name: string;
    role?: string | null;
    emailVerified: boolean;
    twoFactorEnabled?: boolean | null;
  };
  profile?: {
    statusConta: string | null;
    mustChangePassword: boolean | null;
    isVerified: boolean | null;
  } | null;
};

/** A session with its user and profile, by token (several tokens at once: `token = any($1)`). */
const sessionFields = {
  token: session.token,
  sessionId: session.id,
  createdAt: session.createdAt,
  lastActiveAt: session.lastActiveAt,
  expiresAt: session.expiresAt,
  id: user.id,
  email: user.email,
  name: user.name,
  role: user.role,
  emailVerified: user.emailVerified,
  twoFactorEnabled: user.twoFactorEnabled,
  statusConta: profiles.statusConta,
  mustChangePassword: profiles.mustChangePassword,
  isVerified: profiles.isVerified,
};

const sessionByToken = compiled('session_by_token', (db, name) =>
  db
    .select(sessionFields)
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .leftJoin(profiles, eq(profiles.id, session.userId))
    .where(eq(session.token, sql.placeholder('token')))
    .prepare(name),
);

const sessionsByTokens = compiled('sessions_by_tokens', (db, name) =>
  db
    .select(sessionFields)
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .leftJoin(profiles, eq(profiles.id, session.userId))
    .where(sql`${session.token} = any(${sql.placeholder('tokens')}::text[])`)
    .prepare(name),
);

type SessionRow = Awaited<ReturnType<typeof sessionByToken>>[number];

/**
 * Session reads arriving together (in one turn of the event loop: a crowd of requests read off
 * their sockets at once) go to the database as ONE statement; a read alone goes as before. Each
 * gets exactly its own token's row.
 */
interface WaitingRead {
  resolve: (row: SessionRow | undefined) => void;
  reject: (error: unknown) => void;
}
const waitingReads = new WeakMap<Db, Map<string, WaitingRead[]>>();

/** Statements sent for session reads, and the reads they answered (for the tests). */
export const sessionReads = { statements: 0, reads: 0 };

export function readSessionRow(db: Db, token: string): Promise<SessionRow | undefined> {
  return new Promise((resolve, reject) => {
    let waiting = waitingReads.get(db);
    if (!waiting) {
      const batch = new Map<string, WaitingRead[]>();
      waitingReads.set(db, (waiting = batch));
      setImmediate(() => void readTogether(db, batch));
    }
    waiting.set(token, [...(waiting.get(token) ?? []), { resolve, reject }]);
  });
}

async function readTogether(db: Db, waiting: Map<string, WaitingRead[]>) {
  waitingReads.delete(db);
  const tokens = [...waiting.keys()];
  const readers = [...waiting.values()].flat();
  try {
    const rows =
      tokens.length === 1
        ? await sessionByToken(db, { token: tokens[0]! })
        : await sessionsByTokens(db, { tokens });
    sessionReads.statements += 1;
    sessionReads.reads += readers.length;
    const byToken = new Map(rows.map((r) => [r.token, r]));
    for (const [token, waiters] of waiting) for (const w of waiters) w.resolve(byToken.get(token));
  } catch (error) {
    for (const w of readers) w.reject(error);
  }
}

/**
 * The common case in ONE statement: a validly signed cookie whose session is live and not yet due
 * for its hourly refresh, read with its user and profile. Anything else (no or unsigned cookie,
 * unknown or expired session, a refresh due) returns undefined and goes through the auth library,
 * which decides, cleans up and refreshes exactly as before.
 */
async function lookUpSession(
  db: Db,
  secret: string,
  request: FastifyRequest,
): Promise<LookedUp | undefined> {
  const token = verifiedSessionToken(request.headers.cookie, secret);
  if (!token) return undefined;
  const found = await readSessionRow(db, token);
  const now = Date.now();
  if (!found || found.expiresAt.getTime() <= now) return undefined;
  // The token stays here: nothing after this reads it.
  const { token: _token, ...row } = found;
  const refreshDue =
    row.expiresAt.getTime() -
      SESSION_EXPIRES_IN_SECONDS * 1000 +
      SESSION_UPDATE_AGE_SECONDS * 1000 <=
    now;
  if (refreshDue) return undefined;
  return {
    session: { id: row.sessionId, createdAt: row.createdAt, lastActiveAt: row.lastActiveAt },
    user: row,
    profile: {
      statusConta: row.statusConta,
      mustChangePassword: row.mustChangePassword,
      isVerified: row.isVerified,
    },
  };
}

/** How stale a session's last-activity mark may get before a request writes it again. */
const ACTIVITY_WRITE_MS = 60 * 1000;

/**
 * Staff sessions end after STAFF_IDLE_TIMEOUT_MINUTES without a request (issue 35, "Staff
 * accounts"): an unattended staff browser does not stay open on the money and the personal data for
 * the players' 24 hours. The mark is written at most once a minute, so a busy session costs one
 * small update a minute, and the idle limit is exact to that minute.
 */
async function staffSessionAlive(
  db: Db,
  config: Config,
  current: { id: string; createdAt: Date; lastActiveAt?: Date | null },
): Promise<boolean> {
  let lastActiveAt = current.lastActiveAt;
  if (lastActiveAt === undefined)
    lastActiveAt =
      (
        await db
          .select({ lastActiveAt: session.lastActiveAt })
          .from(session)
          .where(eq(session.id, current.id))
      )[0]?.lastActiveAt ?? null;
  const seen = (lastActiveAt ?? current.createdAt).getTime();
  const now = Date.now();
  if (now - seen > config.staffIdleTimeoutMinutes * 60 * 1000) {
    await db.delete(session).where(eq(session.id, current.id));
    return false;
  }
  if (now - seen >= ACTIVITY_WRITE_MS)
    await db
      .update(session)
      .set({ lastActiveAt: new Date(now) })
      .where(eq(session.id, current.id));
  return true;
}

export async function readSessionUser(
  auth: Auth,
  config: Config,
  db: Db,
  request: FastifyRequest,
): Promise<Caller | null> {
  let result: LookedUp | null | undefined = await lookUpSession(db, cookieSecret(config), request);
  if (!result) result = await auth.api.getSession({ headers: toHeaders(request) });
  if (!result) return null;
  // The session timeout of the settings (spec 001 section 9), counted from the sign-in; read
  // through the settings cache, so a change applies on every copy within SETTINGS_CACHE_MS.
  const timeoutHours = await getSetting(db, 'security.sessionTimeoutHours');
  if (result.session.createdAt.getTime() + timeoutHours * 60 * 60 * 1000 <= Date.now()) {
    await db.delete(session).where(eq(session.id, result.session.id));
    return null;
  }
  const u = result.user;
  const profile =
    result.profile !== undefined
      ? result.profile
      : (
          await db
            .select({
              statusConta: profiles.statusConta,
              mustChangePassword: profiles.mustChangePassword,
              isVerified: profiles.isVerified,
            })
            .from(profiles)
            .where(eq(profiles.id, u.id))
        )[0];
  // A suspended account's sessions end: treat it as signed out (its sessions are also deleted).
  if (profile?.statusConta === 'suspenso') return null;
  const email = u.email.toLowerCase();
  // The owner address is always an administrator (DESIGN.md section 8).
  const stored = roleSchema.safeParse(u.role ?? 'user');
  const role: SessionUser['role'] =
    email === config.adminEmail ? 'admin' : stored.success ? stored.data : 'user';
  if (role !== 'user' && !(await staffSessionAlive(db, config, result.session))) return null;
  return {
    id: u.id,
    email,
    name: u.name,
    role,
    isAdmin: role === 'admin',
    isStaff: canOpenAdmin(role),
    emailVerified: u.emailVerified,
    twoFactorEnabled: Boolean(u.twoFactorEnabled),
    mustChangePassword: profile?.mustChangePassword ?? false,
    standing: {
      isVerified: profile?.isVerified ?? false,
      statusConta: profile?.statusConta ?? null,
    },
  };
}

/**
 * The auth library's routes the product uses, each with its input schema (validated before the
 * library sees it) and its limit per address; sign-in, sign-up, recovery and 2FA have lower ones.
 * Any other path under /api/auth answers 404.
 */
const authRoutes = (signInMax: number) =>
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
      max: 10,
      window: '10 minutes',
      summary: 'Criar conta',
    },
    { url: '/sign-out', body: signOutInputSchema, max: 60, window: '1 minute', summary: 'Sair' },
    {
      url: '/request-password-reset',
      body: requestPasswordResetInputSchema,
      max: 5,
      window: '10 minutes',
      summary: 'Pedir o e-mail de recuperação de senha',
    },
    {
      url: '/reset-password',
      body: resetPasswordInputSchema,
      max: 10,
      window: '10 minutes',
      summary: 'Definir nova senha com o link de recuperação',
    },
    {
      url: '/send-verification-email',
      body: sendVerificationEmailInputSchema,
      max: 5,
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

export function registerAuthRoutes(
  app: App,
  { auth, config, db }: { auth: Auth; config: Config; db: Db },
) {
  app.decorate('readSessionUser', (request: FastifyRequest) =>
    readSessionUser(auth, config, db, request),
  );

  // A backup code is stored as a keyed hash: a code made before a key rotation is found under the
  // previous key of the ring (docs/decisions/008-key-ring.md).
  const ring = buildKeyRing(config.appSecret, config.appSecretPrevious);
  async function backupCodeHash(code: string): Promise<string> {
    const [current, ...older] = backupCodeHashes(ring, code);
    for (const hash of older) {
      const [found] = await db
        .select({ id: twoFactor.id })
        .from(twoFactor)
        .where(like(twoFactor.backupCodes, `%${hash}%`))
        .limit(1);
      if (found) return hash;
    }
    return current!;
  }

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
      if (typeof given === 'string') body = { ...body, code: await backupCodeHash(given) };
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
      const min = await getSetting(db, 'security.passwordMinLength');
      if (typeof given === 'string' && given.length < min)
        throw new AppError('VALIDATION_ERROR', {
          message: integrationMessages.passwordTooShort(min),
          reason: 'PASSWORD_TOO_SHORT',
        });
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
  for (const route of authRoutes(config.rateLimitSignInMax)) {
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

  // A temporary password set by staff is replaced at the first sign-in (also any voluntary change).
  app.post(
    '/api/account/change-password',
    {
      config: { rateLimit: { max: 10, timeWindow: '10 minutes' } },
      schema: {
        tags: ['auth'],
        summary: 'Trocar a senha (obrigatório para senhas temporárias)',
        body: changePasswordInputSchema,
        response: { 200: z.object({ changed: z.boolean() }) },
      },
    },
    async (request, reply) => {
      const me = await getSessionUser(request);
      if (!me) throw new AppError('UNAUTHENTICATED');
      if (request.body.newPassword === request.body.currentPassword)
        throw new AppError('VALIDATION_ERROR', {
          message: 'A nova senha precisa ser diferente da atual.',
          reason: 'SAME_PASSWORD',
        });
      // The setting "Tamanho mínimo da senha" governs every new password (the current one, set
      // under an older minimum, is still accepted to sign in and to authorize this change).
      const min = await getSetting(db, 'security.passwordMinLength');
      if (request.body.newPassword.length < min)
        throw new AppError('VALIDATION_ERROR', {
          message: integrationMessages.passwordTooShort(min),
          reason: 'PASSWORD_TOO_SHORT',
        });
      try {
        // Every session of the account ends, this one included, and better-auth opens a new one
        // for this browser: its cookie must reach the browser, or the person is signed out.
        const { headers } = await auth.api.changePassword({
          body: {
            currentPassword: request.body.currentPassword,
            newPassword: request.body.newPassword,
            revokeOtherSessions: true,
          },
          headers: toHeaders(request),
          returnHeaders: true,
        });
        const cookies = headers.getSetCookie();
        if (cookies.length > 0) void reply.header('set-cookie', cookies);
      } catch (error) {
        const status = (error as { statusCode?: number }).statusCode ?? 500;
        if (status === 400 || status === 401)
          throw new AppError('VALIDATION_ERROR', { message: 'A senha atual está incorreta.' });
        throw error;
      }
      await db
        .update(profiles)
        .set({ mustChangePassword: false, updatedAt: new Date() })
        .where(eq(profiles.id, me.id));
      await recordSecurityEvent(db, {
        userId: me.id,
        action: 'password_changed',
        client: clientInfo(request),
      });
      return { changed: true };
    },
  );

  app.get(
    '/api/admin-access',
    {
      schema: {
        tags: ['auth'],
        summary: 'test_admin_access: o chamador é administrador? (e precisa ativar o 2FA?)',
        response: { 200: adminAccessCheckSchema },
      },
    },
    async (request) => {
      const current = await getSessionUser(request);
      if (!current)
        return {
          is_admin: false,
          is_authenticated: false,
          admin_record_exists: false,
          two_factor_required: false,
        };
      const [row] = await db.select({ role: user.role }).from(user).where(eq(user.id, current.id));
      const twoFactorRequired =
        canOpenAdmin(current.role) &&
        !current.twoFactorEnabled &&
        (await request.server.staffTwoFactorRequired());
      return {
        is_admin: current.isAdmin,
        is_authenticated: true,
        admin_record_exists: row?.role === 'admin',
        two_factor_required: twoFactorRequired,
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
