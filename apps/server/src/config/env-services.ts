/** The environment of outside services: object storage (S3) and the drand beacon. */
import { z } from 'zod';
import { boolFromEnv } from './env-fields';

export const servicesEnv = {
  S3_BUCKET: z.string().min(3).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ENDPOINT: z
    .url({ error: 'deve ser uma URL, por exemplo https://s3.amazonaws.com' })
    .optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: boolFromEnv.default(true),
  /**
   * Server-side encryption of every stored object: false (the bucket's default), true or AES256
   * (keys managed by S3), aws:kms (with S3_SSE_KMS_KEY_ID, or the account's default KMS key).
   */
  S3_SSE: z
    .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off', 'AES256', 'aws:kms'], {
      error: 'use false, true (AES256), AES256 ou aws:kms',
    })
    .transform((v): 'AES256' | 'aws:kms' | null =>
      v === 'aws:kms'
        ? 'aws:kms'
        : ['true', '1', 'yes', 'on', 'AES256'].includes(v)
          ? 'AES256'
          : null,
    )
    .default(null),
  S3_SSE_KMS_KEY_ID: z.string().min(1).optional(),
  /** drand beacon (docs/decisions/024-drand-beacon.md): the HTTP API's base URL. */
  DRAND_URL: z.url({ error: 'deve ser uma URL, por exemplo https://api.drand.sh' }).optional(),
  /** The chain pinned by its /info: hash, public key, period and genesis time. */
  DRAND_CHAIN_HASH: z
    .string()
    .regex(/^[0-9a-f]{64}$/, { error: 'deve ter 64 dígitos hexadecimais minúsculos' })
    .optional(),
  DRAND_PUBLIC_KEY: z
    .string()
    .regex(/^[0-9a-f]{192}$/, {
      error: 'deve ter 192 dígitos hexadecimais minúsculos (chave BLS em G2)',
    })
    .optional(),
  DRAND_PERIOD: z.coerce.number().int().min(1).max(3600).optional(),
  DRAND_GENESIS_TIME: z.coerce.number().int().min(0).optional(),
  DRAND_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
  /** The longest wait between two fetch attempts of a round that could not be had. */
  DRAND_RETRY_MAX_SECONDS: z.coerce.number().int().min(1).max(3600).default(300),
};
