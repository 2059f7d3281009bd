/**
 * better-auth, mounted at /api/auth/* (docs/decisions/003-auth-better-auth.md). Sessions live in
 * httpOnly cookies; roles are stored on the server in user.role; TOTP two-factor with backup codes
 * stored hashed; sign-ins of suspended accounts are refused; security events are logged.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { twoFactor as twoFactorPlugin } from 'better-auth/plugins/two-factor';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { account, session, twoFactor, user, verification } from '../../db/schema';
import type { Mailer } from '../mail/mail.service';
import { buildKeyRing } from '../../lib/key-ring';
import { CLIENT_IP_HEADER } from '../../lib/request';
import { type OnSecurityAlert, createAuthHooks } from './auth-hooks';
import { emailConfirmationMail, passwordResetMail } from './auth-mails';
import { backupCodeOptions } from './backup-codes';

/** Per forwarded request: the error an auth endpoint failed with (its answer is a bare 500). */
export const authFailures = new AsyncLocalStorage<{ error?: unknown }>();

export { CLIENT_IP_HEADER };

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
  onSecurityAlert?: OnSecurityAlert;
}) {
  const secure = config.baseUrl.startsWith('https://');
  const ring = buildKeyRing(config.appSecret, config.appSecretPrevious);

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
        await mailer.send(passwordResetMail({ baseUrl: config.baseUrl, to: u.email, token }));
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: false,
      autoSignInAfterVerification: false,
      expiresIn: 24 * 60 * 60,
      async sendVerificationEmail({ user: u, url }) {
        await mailer.send(emailConfirmationMail({ to: u.email, url }));
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
        backupCodeOptions: backupCodeOptions(config.appSecret),
      }),
    ],
    ...createAuthHooks({ config, db, mailer, onSecurityAlert }),
    advanced: {
      useSecureCookies: secure,
      cookiePrefix: 'sorteio',
      database: { generateId: () => randomUUID() },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
