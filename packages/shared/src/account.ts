/** Contracts of the account area: profile, identity verification, two-factor, location, logs. */
import { z } from 'zod';
import { identityProgressSchema } from './identity';
import { birthDateSchema, cpfSchema, phoneSchema, pixKeyTypes } from './validation';

export const accountStatuses = ['ativo', 'suspenso', 'inativo'] as const;
export const accountStatusSchema = z.enum(accountStatuses);

export const profileSchema = z.object({
  id: z.string(),
  email: z.string(),
  nomeCompleto: z.string().nullable(),
  chavePix: z.string().nullable(),
  chavePixTipo: z.enum(pixKeyTypes).nullable(),
  telefone: z.string().nullable(),
  cpf: z.string().nullable(),
  dataNascimento: z.string().nullable(),
  enderecoCompleto: z.string().nullable(),
  isVerified: z.boolean(),
  twoFactorEnabled: z.boolean(),
  statusConta: accountStatusSchema,
  /** Shown as 'Anônimo' on the public winners page and rankings (default: first name + initial). */
  anonimoNosGanhadores: z.boolean(),
  createdAt: z.string(),
});
export type Profile = z.infer<typeof profileSchema>;

/** An optional field: empty means "clear it"; otherwise the field's own schema and messages apply. */
function optionalField<T>(schema: z.ZodType<T, string>, maxLength: number, tooLong: string) {
  return z
    .string()
    .max(maxLength, { error: tooLong })
    .optional()
    .transform((value, ctx): T | null => {
      const trimmed = value?.trim() ?? '';
      if (trimmed === '') return null;
      const parsed = schema.safeParse(trimmed);
      if (!parsed.success) {
        for (const issue of parsed.error.issues)
          ctx.addIssue({ code: 'custom', message: issue.message });
        return z.NEVER;
      }
      return parsed.data;
    });
}

const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, { error: message })
    .optional()
    .transform((v) => (v === '' || v === undefined ? null : v));

/** PUT /api/profile. Empty optional fields clear the value. */
export const updateProfileInputSchema = z.object({
  nomeCompleto: z
    .string({ error: 'O nome completo é obrigatório.' })
    .trim()
    .min(1, { error: 'O nome completo é obrigatório.' })
    .max(120, { error: 'O nome deve ter no máximo 120 caracteres.' }),
  chavePixTipo: z.enum(pixKeyTypes, { error: 'Escolha o tipo da chave PIX.' }),
  chavePix: z
    .string({ error: 'A chave PIX é obrigatória.' })
    .trim()
    .min(1, { error: 'A chave PIX é obrigatória.' })
    .max(77, { error: 'Chave PIX inválida.' }),
  cpf: optionalField(cpfSchema, 14, 'O CPF deve ter no máximo 14 caracteres.'),
  telefone: optionalField(phoneSchema, 15, 'O telefone deve ter no máximo 15 caracteres.'),
  dataNascimento: optionalField(birthDateSchema, 10, 'Data de nascimento inválida.'),
  enderecoCompleto: optionalText(300, 'O endereço deve ter no máximo 300 caracteres.'),
});
export type UpdateProfileInput = z.input<typeof updateProfileInputSchema>;

/** PUT /api/profile/privacy: how the player appears on /ganhadores. */
export const profilePrivacyInputSchema = z.object({
  anonimoNosGanhadores: z.boolean({ error: 'Escolha como você aparece na página de ganhadores.' }),
});
export type ProfilePrivacyInput = z.infer<typeof profilePrivacyInputSchema>;

export const documentTypes = ['rg', 'cpf', 'cnh'] as const;
export const documentTypeLabels: Record<(typeof documentTypes)[number], string> = {
  rg: 'RG',
  cpf: 'CPF',
  cnh: 'CNH',
};
export const verificationStatuses = ['nao_enviado', 'pendente', 'verificado', 'rejeitado'] as const;

export const verificationSchema = z.object({
  status: z.enum(verificationStatuses),
  tipoDocumento: z.enum(documentTypes).nullable(),
  numeroDocumento: z.string().nullable(),
  motivoRejeicao: z.string().nullable(),
  submittedAt: z.string().nullable(),
  hasDocument: z.boolean(),
  hasSelfie: z.boolean(),
  /** Progress of the automated checks (null before any submission). */
  analise: identityProgressSchema.nullable(),
});
export type Verification = z.infer<typeof verificationSchema>;

/** Text fields of the multipart POST /api/profile/verification (files: documento, selfie). */
export const submitVerificationFieldsSchema = z.object({
  tipoDocumento: z.enum(documentTypes, { error: 'Escolha o tipo de documento (RG, CPF ou CNH).' }),
  numeroDocumento: z
    .string({ error: 'Informe o número do documento.' })
    .trim()
    .min(4, { error: 'Informe o número do documento.' })
    .max(30, { error: 'Número do documento muito longo.' }),
});
export const MAX_UPLOAD_BYTES = 8 * 1024 * 1024;

export const reviewVerificationInputSchema = z.discriminatedUnion('decision', [
  z.object({ decision: z.literal('aprovar') }),
  z.object({
    decision: z.literal('rejeitar'),
    motivo: z.string().trim().min(3, { error: 'Informe o motivo da rejeição.' }).max(300),
  }),
]);

export const twoFactorCodeSchema = z
  .string({ error: 'Informe o código.' })
  .trim()
  .regex(/^\d{6}$/, { error: 'O código tem 6 dígitos.' });
export const backupCodeSchema = z
  .string({ error: 'Informe o código de backup.' })
  .trim()
  .transform((v) => v.toUpperCase())
  .pipe(z.string().regex(/^[A-Z0-9]{6}$/, { error: 'O código de backup tem 6 caracteres.' }));

export const twoFactorStatusSchema = z.object({ enabled: z.boolean(), pendingSetup: z.boolean() });

export const securityActionTypes = [
  'login',
  'login_failed',
  'logout',
  'profile_update',
  'document_verification_submitted',
  '2fa_enabled',
  '2fa_disabled',
  '2fa_setup_started',
  'draw_participation',
  'location_check',
  'profile_access',
  'password_reset',
  'password_changed',
  'data_export',
  'account_deletion',
  'session_revoked',
  // A staff member opened or downloaded the person's identity document or selfie (LGPD art. 11).
  'staff_document_access',
] as const;
export type SecurityActionType = (typeof securityActionTypes)[number];

export const securityActionLabels: Record<SecurityActionType, string> = {
  login: 'Login realizado',
  login_failed: 'Tentativa de login falhou',
  logout: 'Logout',
  profile_update: 'Perfil atualizado',
  document_verification_submitted: 'Documento enviado para verificação',
  '2fa_enabled': '2FA ativado',
  '2fa_disabled': '2FA desativado',
  '2fa_setup_started': 'Configuração de 2FA iniciada',
  draw_participation: 'Participação em sorteio',
  location_check: 'Verificação de localização',
  profile_access: 'Acesso ao perfil',
  password_reset: 'Senha redefinida',
  password_changed: 'Senha alterada',
  data_export: 'Dados pessoais exportados',
  account_deletion: 'Exclusão de conta solicitada',
  session_revoked: 'Sessão encerrada',
  staff_document_access: 'A equipe consultou seus documentos',
};

/**
 * The label of a security-log code, for the player's and the staff's screens alike. A code this
 * version does not know (an older row) is still shown in words, never as the raw code.
 */
export function securityActionLabel(code: string): string {
  return (securityActionLabels as Record<string, string>)[code] ?? 'Outro evento de segurança';
}

export const securityLogSchema = z.object({
  id: z.string(),
  actionType: z.enum(securityActionTypes),
  ipAddress: z.string().nullable(),
  city: z.string().nullable(),
  region: z.string().nullable(),
  country: z.string().nullable(),
  userAgent: z.string().nullable(),
  isSuspicious: z.boolean(),
  suspiciousReason: z.string().nullable(),
  timestamp: z.string().nullable(),
});
export type SecurityLog = z.infer<typeof securityLogSchema>;

export const locationSchema = z.object({
  ip: z.string(),
  city: z.string().nullable(),
  region: z.string().nullable(),
  country: z.string().nullable(),
  timezone: z.string().nullable(),
});
export type Location = z.infer<typeof locationSchema>;

export const deleteAccountInputSchema = z.object({
  confirmacao: z.literal('EXCLUIR', { error: 'Digite EXCLUIR para confirmar.' }),
  senha: z.string().min(1, { error: 'Informe sua senha.' }).max(128, { error: 'Senha incorreta.' }),
});
