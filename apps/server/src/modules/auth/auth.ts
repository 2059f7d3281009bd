/**
 * better-auth, mounted at /api/auth/* (docs/decisions/003-auth-better-auth.md). Sessions live in
 * httpOnly cookies; roles are stored on the server in user.role.
 */
import { randomUUID } from 'node:crypto';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { account, session, twoFactor, user, verification } from '../../db/schema';
import type { Mailer } from '../mail/mail.service';
import { renderMail } from '../mail/templates';

export function createAuth({ config, db, mailer }: { config: Config; db: Db; mailer: Mailer }) {
  const secure = config.baseUrl.startsWith('https://');
  return betterAuth({
    appName: 'Sorteio Certo',
    baseURL: config.baseUrl,
    basePath: '/api/auth',
    secret: config.appSecret,
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
      // Spec 000 section 9: the recovery link is valid for 1 hour.
      resetPasswordTokenExpiresIn: 60 * 60,
      async sendResetPassword({ user: u, url }) {
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
      expiresIn: 60 * 60 * 24, // spec 001 section 9: session timeout 24 hours
      updateAge: 60 * 60,
    },
    rateLimit: { enabled: false }, // limits are applied by the Fastify layer (security plugin)
    advanced: {
      useSecureCookies: secure,
      cookiePrefix: 'sorteio',
      database: { generateId: () => randomUUID() },
      ipAddress: { ipAddressHeaders: config.trustProxy ? ['x-forwarded-for'] : [] },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
