/**
 * The environment of who runs and who uses the platform: the first admin and the staff sign-in,
 * the identity-document checks and personal-data exports, and the operator shown to players.
 */
import { isValidCnpj, onlyDigits } from '@sorteio/shared';
import { z } from 'zod';
import { boolFromEnv, isHttpsUrl, isValidIsoDate } from './env-fields';

export const identityEnv = {
  ADMIN_EMAIL: z.email({ error: 'deve ser um e-mail válido' }).default('admin@sorteiocerto.com.br'),
  ADMIN_PASSWORD: z.string().min(8, { error: 'deve ter pelo menos 8 caracteres' }).optional(),
  SEED_DEMO: boolFromEnv.optional(),
  /** Two-factor sign-in for every staff role; always on in production (the check in env-schema.ts). */
  STAFF_2FA_REQUIRED: boolFromEnv.optional(),
  /** Minutes without a request after which a staff session ends (players: the settings). */
  STAFF_IDLE_TIMEOUT_MINUTES: z.coerce
    .number()
    .int()
    .min(5)
    .max(24 * 60)
    .default(30),
  /** OCR of identity documents: tesseract.js from npm (default) or the Tesseract command line. */
  OCR_ENGINE: z
    .enum(['npm', 'tesseract', 'off'], { error: 'use npm, tesseract ou off' })
    .default('npm'),
  TESSERACT_PATH: z.string().min(1).default('tesseract'),
  OCR_TIMEOUT_SECONDS: z.coerce.number().int().min(5).max(600).default(60),
  /** Documents waiting for the OCR worker at most; more are refused (the check is "not done"). */
  OCR_QUEUE_MAX: z.coerce.number().int().min(1).max(1000).default(20),
  /** Hours a prepared personal-data export stays downloadable. */
  DATA_EXPORT_TTL_HOURS: z.coerce.number().int().min(1).max(720).default(48),
  /** Rows above which the personal-data export is prepared in the background (see data-export-job.ts). */
  DATA_EXPORT_LARGE_ROWS: z.coerce.number().int().min(0).default(5000),
  // The company that operates the platform, shown in the footer. The defaults are a
  // DEMONSTRATION company: a real operation must set its own.
  OPERATOR_NAME: z.string().trim().min(2).max(200).default('Sorteio Certo Demonstração Ltda.'),
  OPERATOR_CNPJ: z
    .string()
    .trim()
    .refine(isValidCnpj, {
      error: 'CNPJ inválido (confira os 14 dígitos e os dígitos verificadores)',
    })
    .transform(onlyDigits)
    .default('11222333000181'),
  OPERATOR_ADDRESS: z
    .string()
    .trim()
    .min(5)
    .max(300)
    .default('Endereço de demonstração: Av. Paulista, 1000, Bela Vista, São Paulo - SP, 01310-100'),
  // The authorisation to run paid draws, shown with the operator. Unset, the demo
  // and development show DEMONSTRATION values; a real production server needs the four, or
  // OPERATOR_AUTHORIZATION_ACK=sem-autorizacao to start without (and says so in its log).
  OPERATOR_AUTHORIZATION_AUTHORITY: z.string().trim().min(2).max(200).optional(),
  OPERATOR_AUTHORIZATION_ACT: z.string().trim().min(2).max(200).optional(),
  OPERATOR_AUTHORIZATION_DATE: z
    .string()
    .trim()
    .refine(isValidIsoDate, { error: 'deve ser uma data válida no formato AAAA-MM-DD' })
    .optional(),
  OPERATOR_AUTHORIZATION_URL: z
    .string()
    .trim()
    .refine(isHttpsUrl, {
      error: 'deve ser o endereço https:// do registro público da autorização',
    })
    .optional(),
  OPERATOR_AUTHORIZATION_ACK: z
    .literal('sem-autorizacao', {
      error: 'o único valor aceito é sem-autorizacao',
    })
    .optional(),
};
