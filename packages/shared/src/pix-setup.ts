/**
 * Contracts of the PIX setup screens (spec 001): the EFI credentials and certificate, the
 * activation of the stored configuration, and the inventory of uploaded certificates.
 */
import { z } from 'zod';
import { integrationMessages } from './integration-messages';

const isoDate = z.string();

export const efiEnvironments = ['sandbox', 'production'] as const;

export const saveEfiCredentialsInputSchema = z.object({
  clientId: z.string().trim().min(1, { error: integrationMessages.credentialsRequired }).max(200),
  /** Empty keeps the stored secret (the screen never receives it back). */
  clientSecret: z.string().trim().max(200).optional(),
  chavePix: z.string().trim().min(1, { error: integrationMessages.credentialsRequired }).max(77),
  environment: z.enum(efiEnvironments),
});
export type SaveEfiCredentialsInput = z.infer<typeof saveEfiCredentialsInputSchema>;

export const uploadCertificateInputSchema = z.object({
  filename: z
    .string()
    .trim()
    .min(1, { error: integrationMessages.certificateIncomplete })
    .max(200)
    .refine((name) => /\.(p12|pfx)$/i.test(name), {
      error: integrationMessages.certificateInvalidFile,
    }),
  certificateBase64: z
    .string()
    .min(1, { error: integrationMessages.certificateIncomplete })
    .max(200_000),
  password: z.string().min(1, { error: integrationMessages.certificateIncomplete }).max(200),
});
export type UploadCertificateInput = z.infer<typeof uploadCertificateInputSchema>;

export const certificateStatuses = ['active', 'expiring', 'expired'] as const;
export type CertificateStatus = (typeof certificateStatuses)[number];
export const certificateStatusLabels: Record<CertificateStatus, string> = {
  active: 'Ativo',
  expiring: 'Expirando',
  expired: 'Expirado',
};
/** A certificate within this many days of its end shows as 'Expirando'. */
export const CERTIFICATE_EXPIRING_DAYS = 30;

export function certificateStatusOf(notAfter: Date, now = new Date()): CertificateStatus {
  const left = notAfter.getTime() - now.getTime();
  if (left <= 0) return 'expired';
  if (left <= CERTIFICATE_EXPIRING_DAYS * 86_400_000) return 'expiring';
  return 'active';
}

export const certificateInfoSchema = z.object({
  filename: z.string(),
  subject: z.string(),
  issuer: z.string(),
  serialNumber: z.string(),
  validFrom: isoDate,
  validTo: isoDate,
  sizeBytes: z.number().int(),
  status: z.enum(certificateStatuses),
  uploadedAt: isoDate,
});
export type CertificateInfo = z.infer<typeof certificateInfoSchema>;

export const efiTestResultSchema = z.object({
  ok: z.boolean(),
  at: isoDate,
  durationMs: z.number().int(),
  httpStatus: z.number().int().nullable(),
  /** What happened, in Portuguese (the cause and what to check). */
  message: z.string(),
  /** The provider's own words, for the operator's support ticket (absent on older results). */
  detail: z.string().nullable().optional(),
  /** This test put the saved configuration live (absent on older results). */
  activated: z.boolean().optional(),
});
export type EfiTestResult = z.infer<typeof efiTestResultSchema>;

/** The saved (screen) configuration against the live one. */
export const efiSavedStates = ['none', 'incomplete', 'pending', 'active'] as const;

/** The stored configuration payments run on now (it may differ from the one last saved). */
export const efiActiveConfigSchema = z.object({
  clientIdMasked: z.string(),
  chavePix: z.string(),
  environment: z.enum(efiEnvironments),
  host: z.string(),
  certificateFilename: z.string().nullable(),
  activatedAt: isoDate.nullable(),
  /** 'test': a connection test passed; 'override': put live without one, with a reason. */
  via: z.enum(['test', 'override']),
  reason: z.string().nullable(),
});
export type EfiActiveConfig = z.infer<typeof efiActiveConfigSchema>;

/** POST /api/admin/pix/activate: live without a passing test, on the operator's word. */
export const activatePixOverrideInputSchema = z.object({
  reason: z
    .string({ error: 'Explique por que ativar sem um teste bem-sucedido.' })
    .trim()
    .min(10, {
      error: 'Explique por que ativar sem um teste bem-sucedido (pelo menos 10 caracteres).',
    })
    .max(500, { error: 'O motivo pode ter no máximo 500 caracteres.' }),
});
export type ActivatePixOverrideInput = z.infer<typeof activatePixOverrideInputSchema>;

export const efiConfigSchema = z.object({
  /** Where the active provider's settings come from. */
  source: z.enum(['stored', 'environment', 'simulator']),
  /** The stored configuration that is live (null: the environment's provider is). */
  active: efiActiveConfigSchema.nullable(),
  /**
   * The saved configuration: 'none', 'incomplete' (credentials or certificate missing),
   * 'pending' (complete, saved but not live: it goes live after a passing test), 'active'.
   */
  savedState: z.enum(efiSavedStates),
  /** What payments fall back to without a live stored configuration (PIX_PROVIDER / EFI_*). */
  environmentProvider: z.enum(['simulator', 'efi', 'none']),
  activeProvider: z.enum(['simulator', 'efi', 'none']),
  credentials: z
    .object({
      clientIdMasked: z.string(),
      clientSecretMasked: z.string(),
      chavePix: z.string(),
      environment: z.enum(efiEnvironments),
      host: z.string(),
    })
    .nullable(),
  certificate: certificateInfoSchema.nullable(),
  lastTest: efiTestResultSchema.nullable(),
  /** Status cards: Credenciais Configuradas/Pendente, Certificado Enviado/Necessário, API Ativa/Inativa. */
  credentialsConfigured: z.boolean(),
  certificateUploaded: z.boolean(),
  apiActive: z.boolean(),
  /** The banner: a real provider is configured (stored or environment), not the simulator. */
  configured: z.boolean(),
  /** Environment of the active EFI provider (null: simulator or none). */
  environment: z.enum(efiEnvironments).nullable(),
  /** The last call the active EFI host answered with success (any call: token, charge, ...). */
  lastSuccessfulCall: z.object({ at: isoDate, route: z.string() }).nullable(),
});
export type EfiConfig = z.infer<typeof efiConfigSchema>;

export const efiEnvironmentLabels: Record<(typeof efiEnvironments)[number], string> = {
  sandbox: 'Homologação',
  production: 'Produção',
};

/** One uploaded certificate of the inventory (Certificados tab). */
export const storedCertificateSchema = certificateInfoSchema.extend({
  id: z.string(),
  /** The certificate the PIX provider uses now. */
  inUse: z.boolean(),
  /** When the file was last opened and its validity re-read (upload or 'Atualizar status'). */
  checkedAt: isoDate,
  /** Why the last re-read failed (the file no longer opens), else null. */
  checkError: z.string().nullable(),
});
export type StoredCertificate = z.infer<typeof storedCertificateSchema>;

export const certificateCountsSchema = z.object({
  active: z.number().int(),
  expiring: z.number().int(),
  expired: z.number().int(),
});
export type CertificateCounts = z.infer<typeof certificateCountsSchema>;

export const certificateListSchema = z.object({
  items: z.array(storedCertificateSchema),
  counts: certificateCountsSchema,
});
export type CertificateList = z.infer<typeof certificateListSchema>;

export const certificateRefreshResultSchema = certificateListSchema.extend({
  checked: z.number().int(),
  /** Certificates whose stored status changed with this re-read. */
  changed: z.number().int(),
  unreadable: z.number().int(),
});
export type CertificateRefreshResult = z.infer<typeof certificateRefreshResultSchema>;
