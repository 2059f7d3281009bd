/**
 * The environment's schema: every variable with its default, by area (env-server.ts,
 * env-identity.ts, env-limits.ts, env-messaging.ts, env-payments.ts, env-services.ts), and the
 * checks across variables. Every variable is documented in the README.
 */
import { z } from 'zod';
import { identityEnv } from './env-identity';
import { limitsEnv } from './env-limits';
import { messagingEnv } from './env-messaging';
import { paymentsEnv } from './env-payments';
import { serverEnv } from './env-server';
import { servicesEnv } from './env-services';

export const envSchema = z
  .object({
    ...serverEnv,
    ...identityEnv,
    ...limitsEnv,
    ...messagingEnv,
    ...paymentsEnv,
    ...servicesEnv,
  })
  .superRefine((env, ctx) => {
    const drandVars = [
      'DRAND_URL',
      'DRAND_CHAIN_HASH',
      'DRAND_PUBLIC_KEY',
      'DRAND_PERIOD',
      'DRAND_GENESIS_TIME',
    ] as const;
    const missingDrand = drandVars.filter((name) => env[name] === undefined);
    // A beacon half configured would draw without it: all five or none.
    if (missingDrand.length > 0 && missingDrand.length < drandVars.length)
      ctx.addIssue({
        code: 'custom',
        path: [missingDrand[0]!],
        message: `é obrigatório junto com as outras variáveis DRAND_* (faltam: ${missingDrand.join(', ')})`,
      });
    if ((env.VAPID_PUBLIC_KEY === undefined) !== (env.VAPID_PRIVATE_KEY === undefined))
      ctx.addIssue({
        code: 'custom',
        path: [env.VAPID_PUBLIC_KEY === undefined ? 'VAPID_PUBLIC_KEY' : 'VAPID_PRIVATE_KEY'],
        message: 'é obrigatório junto com a outra chave VAPID_*',
      });
    if (env.PIX_PROVIDER === 'efi') {
      for (const key of [
        'EFI_CLIENT_ID',
        'EFI_CLIENT_SECRET',
        'EFI_PIX_KEY',
        'EFI_CERT_P12',
      ] as const) {
        if (!env[key])
          ctx.addIssue({
            code: 'custom',
            path: [key],
            message: 'é obrigatório com PIX_PROVIDER=efi',
          });
      }
    }
    if (env.TWILIO_ACCOUNT_SID && (!env.TWILIO_AUTH_TOKEN || !env.TWILIO_FROM)) {
      ctx.addIssue({
        code: 'custom',
        path: ['TWILIO_AUTH_TOKEN'],
        message: 'TWILIO_AUTH_TOKEN e TWILIO_FROM são obrigatórios com TWILIO_ACCOUNT_SID',
      });
    }
    if (
      env.WHATSAPP_ACCESS_TOKEN &&
      (!env.WHATSAPP_PHONE_NUMBER_ID || !env.WHATSAPP_APP_SECRET || !env.WHATSAPP_VERIFY_TOKEN)
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['WHATSAPP_PHONE_NUMBER_ID'],
        message:
          'WHATSAPP_PHONE_NUMBER_ID, WHATSAPP_APP_SECRET e WHATSAPP_VERIFY_TOKEN são obrigatórios com WHATSAPP_ACCESS_TOKEN',
      });
    }
    if (env.S3_SSE_KMS_KEY_ID && env.S3_SSE !== 'aws:kms') {
      ctx.addIssue({
        code: 'custom',
        path: ['S3_SSE_KMS_KEY_ID'],
        message: 'S3_SSE_KMS_KEY_ID só vale com S3_SSE=aws:kms',
      });
    }
    if (env.S3_BUCKET && (!env.S3_ACCESS_KEY_ID || !env.S3_SECRET_ACCESS_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: ['S3_ACCESS_KEY_ID'],
        message: 'S3_ACCESS_KEY_ID e S3_SECRET_ACCESS_KEY são obrigatórios com S3_BUCKET',
      });
    }
    // Staff hold the power over money and personal data: in production their two-factor sign-in
    // cannot be switched off, by this variable or by the "2FA obrigatório" setting. The demo
    // (`npm start`: production build with the seeded demo accounts) keeps today's behaviour.
    if (env.NODE_ENV === 'production' && !isDemo(env) && env.STAFF_2FA_REQUIRED === false) {
      ctx.addIssue({
        code: 'custom',
        path: ['STAFF_2FA_REQUIRED'],
        message: 'não pode ser false em produção (a equipe sempre usa verificação em duas etapas)',
      });
    }
    const authorizationVars = [
      'OPERATOR_AUTHORIZATION_AUTHORITY',
      'OPERATOR_AUTHORIZATION_ACT',
      'OPERATOR_AUTHORIZATION_DATE',
      'OPERATOR_AUTHORIZATION_URL',
    ] as const;
    const missingAuthorization = authorizationVars.filter((name) => !env[name]);
    // Half an authorisation would show a statement players cannot check: all four or none.
    if (missingAuthorization.length > 0 && missingAuthorization.length < authorizationVars.length) {
      ctx.addIssue({
        code: 'custom',
        path: [missingAuthorization[0]!],
        message: `é obrigatório junto com as outras variáveis OPERATOR_AUTHORIZATION_* (faltam: ${missingAuthorization.join(', ')})`,
      });
    } else if (
      missingAuthorization.length > 0 &&
      env.NODE_ENV === 'production' &&
      !isDemo(env) &&
      !env.OPERATOR_AUTHORIZATION_ACK
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['OPERATOR_AUTHORIZATION_AUTHORITY'],
        message:
          'a autorização do operador é obrigatória em produção: defina OPERATOR_AUTHORIZATION_AUTHORITY, OPERATOR_AUTHORIZATION_ACT, OPERATOR_AUTHORIZATION_DATE e OPERATOR_AUTHORIZATION_URL, ou OPERATOR_AUTHORIZATION_ACK=sem-autorizacao para iniciar sem ela',
      });
    }
    if (env.DATABASE_READ_URL && !env.DATABASE_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['DATABASE_READ_URL'],
        message: 'só vale junto com DATABASE_URL (o banco embutido não tem réplica)',
      });
    }
    if (env.NODE_ENV === 'production' && env.DATABASE_URL && !env.APP_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['APP_SECRET'],
        message:
          'é obrigatório com DATABASE_URL em produção (todas as cópias do servidor precisam do mesmo segredo)',
      });
    }
  });

/**
 * The demo: the seeded demo accounts (SEED_DEMO, on by default on the embedded database). A real
 * deployment has no demo accounts; its staff rules are the production ones.
 */
export function isDemo(env: {
  SEED_DEMO?: boolean | undefined;
  DATABASE_URL?: string | undefined;
}) {
  return env.SEED_DEMO ?? !env.DATABASE_URL;
}

export type Env = z.input<typeof envSchema>;
