/** The environment of payments: PIX (the simulator or EFI) and the cashback on entries. */
import { z } from 'zod';
import { boolFromEnv } from './env-fields';

export const paymentsEnv = {
  PIX_PROVIDER: z.enum(['simulator', 'efi']).default('simulator'),
  PIX_CHARGE_EXPIRY_SECONDS: z.coerce.number().int().min(60).max(86_400).default(900),
  PIX_SEAT_HOLD_SECONDS: z.coerce.number().int().min(60).max(86_400).default(1800),
  PIX_RECEIVER_NAME: z.string().min(1).max(25).default('SORTEIO CERTO'),
  PIX_RECEIVER_CITY: z.string().min(1).max(15).default('SAO PAULO'),
  PIX_SIMULATOR_KEY: z.string().min(1).default('pix@sorteiocerto.com.br'),
  PIX_WEBHOOK_MTLS_HEADER: z
    .string()
    .regex(/^[a-z0-9-]+$/, { error: 'nome de cabeçalho em minúsculas' })
    .optional(),
  EFI_CLIENT_ID: z.string().min(1).optional(),
  EFI_CLIENT_SECRET: z.string().min(1).optional(),
  EFI_PIX_KEY: z.string().min(1).optional(),
  EFI_CERT_P12: z.string().min(1).optional(),
  EFI_CERT_PASSWORD: z.string().optional(),
  EFI_SANDBOX: boolFromEnv.default(true),
  EFI_BASE_URL: z.url().optional(),
  /** Hosts used by the configuration stored from /gerencianet-config (tests: a fake EFI). */
  EFI_SANDBOX_URL: z.url().default('https://pix-h.api.efipay.com.br'),
  EFI_PRODUCTION_URL: z.url().default('https://pix.api.efipay.com.br'),
  /** PEM file of an extra CA trusted for the EFI server certificate (tests: the fake EFI's CA). */
  EFI_EXTRA_CA: z.string().min(1).optional(),
  CASHBACK_PERCENT: z.coerce.number().min(0).max(50).default(2),
};
