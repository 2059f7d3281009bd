/**
 * better-auth, mounted at /api/auth/* (docs/decisions/003-auth-better-auth.md). Sessions live in
 * httpOnly cookies; roles are stored on the server in user.role; TOTP two-factor with backup codes
 * stored hashed; sign-ins of suspended accounts are refused; security events are logged.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { createHmac, randomInt, randomUUID } from 'node:crypto';
import { countOf, legalDocuments } from '@sorteio/shared';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { twoFactor as twoFactorPlugin } from 'better-auth/plugins/two-factor';
import { and, eq, notInArray } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import {
  account,
  legalAcceptances,
  profiles,
  session,
  twoFactor,
  user,
  verification,
} from '../../db/schema';
import type { Mailer } from '../mail/mail.service';
import { renderMail } from '../mail';
import { hitLimit } from '../../lib/db-rate-limit';
import { buildKeyRing } from '../../lib/key-ring';
import { recordReferral } from '../referrals/referrals.service';
import {
  ACCOUNT_FAILURES_BEFORE_DELAY,
  MAX_FAILED_SIGN_INS,
  NEW_DEVICE_REASON,
  recordSecurityEvent,
  signInFailures,
  signInGate,
} from '../security/security.service';
import { CLIENT_IP_HEADER } from '../../lib/request';
import { brazilDateTimeText } from '../../lib/brazil-time';

/** Per forwarded request: the error an auth endpoint failed with (its answer is a bare 500). */
export const authFailures = new AsyncLocalStorage<{ error?: unknown }>();

export { CLIENT_IP_HEADER };

const BACKUP_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** 10 backup codes of 6 uppercase characters from the CSPRNG (spec 000 section 9). */
export function generateBackupCodes(): string[] {
  return Array.from({ length: 10 }, () =>
    Array.from(
      { length: 6 },
      () => BACKUP_CODE_ALPHABET[randomInt(BACKUP_CODE_ALPHABET.length)],
    ).join(''),
  );
}

/** Backup codes are stored as keyed hashes only; a presented code is hashed before comparison. */
export function hashBackupCode(secret: string, code: string): string {
  return createHmac('sha256', secret)
    .update(`backup-code:${code.trim().toUpperCase()}`)
    .digest('hex');
}
const isHashed = (value: string) => /^[0-9a-f]{64}$/.test(value);

/** The e-mail of an auth request body (better-auth types bodies as any). */
function bodyEmail(body: unknown): string | null {
  const email = (body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email.toLowerCase() : null;
}

function acceptedLegalTerms(body: unknown): boolean {
  return (
    typeof body === 'object' &&
    body !== null &&
    (body as { acceptLegalTerms?: unknown }).acceptLegalTerms === true
  );
}

function clientOf(headers: Headers | undefined) {
  return {
    ip: headers?.get(CLIENT_IP_HEADER) ?? null,
    userAgent: headers?.get('user-agent') ?? null,
  };
}

/** Session lifetime and refresh age (spec 001 section 9: session timeout 24 hours). */
export const SESSION_EXPIRES_IN_SECONDS = 60 * 60 * 24;
export const SESSION_UPDATE_AGE_SECONDS = 60 * 60;
/**
 * The secret the auth library signs its cookies with (`secret` below). Read on every request that
 * carries a session: derived once per configuration (the ring hashes each secret for its version).
 */
const cookieSecrets = new WeakMap<Config, string>();
export const cookieSecret = (config: Config) => {
  let secret = cookieSecrets.get(config);
  if (secret === undefined)
    cookieSecrets.set(
      config,
      (secret = buildKeyRing(config.appSecret, config.appSecretPrevious).keys.at(-1)!.value),
    );
  return secret;
};

export function createAuth({
  config,
  db,
  mailer,
  onSecurityAlert,
}: {
  config: Config;
  db: Db;
  mailer: Mailer;
  /** Told of each alert mailed to an owner (SMS and WhatsApp notifications hook in here). */
  onSecurityAlert?: (alert: {
    email: string;
    kind: 'new-device' | 'password-guessing';
    at: Date;
  }) => void;
}) {
  const secure = config.baseUrl.startsWith('https://');
  const ring = buildKeyRing(config.appSecret, config.appSecretPrevious);

  const findUserByEmail = async (email: string) => {
    const [row] = await db
      .select({ id: user.id, statusConta: profiles.statusConta, deletedAt: profiles.deletedAt })
      .from(user)
      .leftJoin(profiles, eq(profiles.id, user.id))
      .where(eq(user.email, email.toLowerCase()));
    return row ?? null;
  };

  /** At most one warning of each kind per account per hour. */
  const firstInHour = async (key: string) => {
    try {
      await hitLimit(db, { key, max: 1, windowMs: 60 * 60 * 1000, message: '' });
      return true;
    } catch {
      return false;
    }
  };

  /** The owner is told when someone keeps guessing their password (a lock or the slow-down). */
  const warnOfGuessing = async (email: string, ip: string | null) => {
    const f = await signInFailures(db, email, ip);
    const locked = f.fromAddress === MAX_FAILED_SIGN_INS;
    const slowed = f.total === ACCOUNT_FAILURES_BEFORE_DELAY;
    if (!(locked || slowed) || !(await firstInHour(`warn-lock:${email}`))) return;
    onSecurityAlert?.({ email, kind: 'password-guessing', at: new Date() });
    await mailer.send(
      renderMail({
        to: email,
        subject: 'Tentativas de acesso à sua conta — Sorteio Certo',
        heading: 'Bloqueamos tentativas de acesso à sua conta',
        paragraphs: [
          `Recebemos ${countOf(f.total, 'tentativa', 'tentativas')} de login com senha errada na sua conta nos últimos 15 minutos${ip ? ` (a última do endereço ${ip})` : ''}.`,
          'Por segurança, novas tentativas desse endereço foram bloqueadas por 15 minutos. Você continua entrando normalmente dos lugares de onde costuma acessar.',
          'Se não foi você, recomendamos trocar sua senha e ativar a verificação em duas etapas no seu perfil.',
        ],
        action: { label: 'Trocar minha senha', url: `${config.baseUrl}/forgot-password` },
      }),
    );
  };

  /** The owner is told of every sign-in from a device the account has not used before. */
  const warnOfNewDevice = async (
    email: string,
    client: { ip: string | null; userAgent: string | null },
  ) => {
    onSecurityAlert?.({ email, kind: 'new-device', at: new Date() });
    await mailer.send(
      renderMail({
        to: email,
        subject: 'Novo acesso à sua conta — Sorteio Certo',
        heading: 'Sua conta foi acessada de um novo dispositivo',
        paragraphs: [
          `Acesso em ${brazilDateTimeText(new Date())}${client.ip ? `, do endereço ${client.ip}` : ''}.`,
          `Dispositivo: ${client.userAgent?.slice(0, 160) ?? 'desconhecido'}.`,
          'Se foi você, não precisa fazer nada. Se não foi, troque sua senha agora e encerre as outras sessões no seu perfil.',
        ],
        action: { label: 'Ver minha segurança', url: `${config.baseUrl}/profile?tab=logs` },
      }),
    );
  };

  return betterAuth({
    appName: 'Sorteio Certo',
    // What failed inside an endpoint reaches the route that forwarded the request
    // (authFailures): a database outage is then answered 503 with Retry-After, not the library's
    // bare 500.
    onAPIError: {
      onError: (error) => {
        const slot = authFailures.getStore();
        if (slot) slot.error = error;
      },
    },
    baseURL: config.baseUrl,
    basePath: '/api/auth',
    // The key ring: the current secret seals and signs, the previous ones still open (and the
    // oldest opens what was sealed before the ring, without a version).
    secret: cookieSecret(config),
    secrets: ring.keys,
    trustedOrigins: [config.baseUrl],
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user, session, account, verification, twoFactor },
    }),
    user: {
      additionalFields: {
        role: { type: 'string', required: false, defaultValue: 'user', input: false },
      },
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: 6,
      maxPasswordLength: 128,
      // Spec 000 section 9: the recovery link is valid for 1 hour (and single use).
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      async sendResetPassword({ user: u, token }) {
        // The link opens our own page, which checks the token before showing the form.
        const url = `${config.baseUrl}/reset-password?token=${encodeURIComponent(token)}&type=recovery`;
        await mailer.send(
          renderMail({
            to: u.email,
            subject: 'Redefinição de senha — Sorteio Certo',
            heading: 'Redefinir sua senha',
            paragraphs: [
              'Recebemos um pedido para redefinir a senha da sua conta.',
              'O link abaixo vale por 1 hora e pode ser usado uma única vez.',
            ],
            action: { label: 'Redefinir senha', url },
            footnote:
              'Se você não pediu a redefinição, ignore este e-mail: sua senha continua a mesma.',
          }),
        );
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: false,
      autoSignInAfterVerification: false,
      expiresIn: 24 * 60 * 60,
      async sendVerificationEmail({ user: u, url }) {
        await mailer.send(
          renderMail({
            to: u.email,
            subject: 'Confirme seu e-mail — Sorteio Certo',
            heading: 'Confirme seu e-mail',
            paragraphs: [
              'Falta pouco! Confirme seu endereço de e-mail para ativar sua conta na Sorteio Certo.',
              'O link vale por 24 horas.',
            ],
            action: { label: 'Confirmar e-mail', url },
            footnote: 'Se você não criou uma conta, ignore este e-mail.',
          }),
        );
      },
    },
    session: {
      expiresIn: SESSION_EXPIRES_IN_SECONDS,
      updateAge: SESSION_UPDATE_AGE_SECONDS,
    },
    rateLimit: { enabled: false }, // limits are applied by the Fastify layer
    plugins: [
      twoFactorPlugin({
        issuer: 'Sorteio Certo',
        backupCodeOptions: {
          customBackupCodesGenerate: generateBackupCodes,
          storeBackupCodes: {
            encrypt: async (json: string) =>
              JSON.stringify(
                (JSON.parse(json) as string[]).map((c) =>
                  isHashed(c) ? c : hashBackupCode(config.appSecret, c),
                ),
              ),
            decrypt: async (stored: string) => stored,
          },
        },
      }),
    ],
    databaseHooks: {
      user: {
        create: {
          after: async (created, ctx) => {
            await db.insert(profiles).values({ id: created.id }).onConflictDoNothing();
            // A sign-up carries the acceptance of the Termos and the Regulamento (its schema
            // refuses it otherwise, before this library sees it): kept with the versions in force.
            if (ctx?.path === '/sign-up/email' && acceptedLegalTerms(ctx.body)) {
              await db.insert(legalAcceptances).values({
                userId: created.id,
                termsVersion: legalDocuments.termos.version,
                rulesVersion: legalDocuments.regulamento.version,
                ipAddress: clientOf(ctx.headers).ip,
              });
            }
            // Invited by a player's link (/register?invite_code=): recorded for the bonus.
            const referralCode = (ctx?.body as { referralCode?: unknown } | undefined)
              ?.referralCode;
            if (ctx?.path === '/sign-up/email' && typeof referralCode === 'string') {
              const client = clientOf(ctx.headers);
              await recordReferral(db, {
                invitedId: created.id,
                code: referralCode,
                ip: client.ip,
                userAgent: client.userAgent,
              });
            }
          },
        },
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        if (ctx.path !== '/sign-in/email') return;
        const email = bodyEmail(ctx.body) ?? '';
        if (!email) return;
        const gate = await signInGate(db, email, clientOf(ctx.headers).ip);
        if (gate)
          throw new APIError('TOO_MANY_REQUESTS', { code: gate.code, message: gate.message });
        const found = await findUserByEmail(email);
        if (found?.statusConta === 'suspenso') {
          throw new APIError('FORBIDDEN', {
            code: 'ACCOUNT_SUSPENDED',
            message: 'Sua conta está suspensa. Entre em contato com o suporte.',
          });
        }
      }),
      after: createAuthMiddleware(async (ctx) => {
        const client = clientOf(ctx.headers);
        const returned: unknown = ctx.context.returned;
        const failed = returned instanceof APIError;
        const newSession = ctx.context.newSession;
        switch (ctx.path) {
          case '/sign-in/email': {
            const email = bodyEmail(ctx.body);
            if (failed) {
              const status = returned.status;
              // Refusals before the password check (suspended, locked) are not failures.
              if (status === 'UNAUTHORIZED' && email) {
                const found = await findUserByEmail(email);
                await recordSecurityEvent(db, {
                  userId: found?.id ?? null,
                  email,
                  action: 'login_failed',
                  client,
                });
                if (found) await warnOfGuessing(email, client.ip);
              }
            } else if (newSession) {
              const reason = await recordSecurityEvent(db, {
                userId: newSession.user.id,
                email,
                action: 'login',
                client,
              });
              if (reason?.includes(NEW_DEVICE_REASON))
                await warnOfNewDevice(newSession.user.email, client);
            }
            break;
          }
          case '/two-factor/verify-totp':
          case '/two-factor/verify-backup-code': {
            if (failed || !newSession) break;
            // With a session already open this is enabling 2FA; otherwise the second step of sign-in.
            const enabling = Boolean(ctx.context.session);
            // Enabling 2FA ends every other session: whoever else was signed in must sign in
            // again, now with the second step.
            if (enabling)
              await db
                .delete(session)
                .where(
                  and(
                    eq(session.userId, newSession.user.id),
                    notInArray(session.id, [
                      ctx.context.session!.session.id,
                      newSession.session.id,
                    ]),
                  ),
                );
            await recordSecurityEvent(db, {
              userId: newSession.user.id,
              email: newSession.user.email,
              action: enabling ? '2fa_enabled' : 'login',
              client,
            });
            break;
          }
          case '/two-factor/enable':
            if (!failed && ctx.context.session) {
              await recordSecurityEvent(db, {
                userId: ctx.context.session.user.id,
                action: '2fa_setup_started',
                client,
              });
            }
            break;
          default:
            break;
        }
      }),
    },
    advanced: {
      useSecureCookies: secure,
      cookiePrefix: 'sorteio',
      database: { generateId: () => randomUUID() },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
