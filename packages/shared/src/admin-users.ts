/**
 * Contracts of the administrator users tab (spec 001): the list and its search, a user's
 * detail, the status, verification and role changes, and the identity review queue.
 */
import { z } from 'zod';
import { accountStatusSchema } from './account';
import { roleSchema } from './auth';
import { attestationSchema, identityAnalysisSchema } from './identity';
import { adminResponsiblePlaySchema } from './responsible-play';
import { roomTypeSchema } from './rooms';

const isoDate = z.string();

export const adminUserListQuerySchema = z.object({
  q: z.string().trim().max(100, { error: 'Busca longa demais.' }).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  status: accountStatusSchema.optional(),
  role: roleSchema.optional(),
  verified: z.enum(['true', 'false']).optional(),
  staff: z.enum(['true', 'false']).optional(),
});
export type AdminUserListQuery = z.input<typeof adminUserListQuerySchema>;
export const ADMIN_USERS_PAGE_SIZE = 50;

export const adminUserRowSchema = z.object({
  id: z.string(),
  nomeCompleto: z.string().nullable(),
  email: z.string(),
  chavePix: z.string().nullable(),
  role: roleSchema,
  /** The account of ADMIN_EMAIL (nobody changes it through staff routes: staff-access.ts). */
  isOwner: z.boolean().optional(),
  statusConta: accountStatusSchema,
  isVerified: z.boolean(),
  verificationStatus: z.enum(['nao_enviado', 'pendente', 'verificado', 'rejeitado']),
  createdAt: isoDate,
});
export type AdminUserRow = z.infer<typeof adminUserRowSchema>;
export const adminUserListSchema = z.object({
  items: z.array(adminUserRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminUserList = z.infer<typeof adminUserListSchema>;

export const userIdParamsSchema = z.object({
  userId: z.string().min(1).max(64, { error: 'Usuário não encontrado.' }),
});

export const adminUserDetailSchema = z.object({
  user: adminUserRowSchema.extend({
    cpf: z.string().nullable(),
    telefone: z.string().nullable(),
    dataNascimento: z.string().nullable(),
    enderecoCompleto: z.string().nullable(),
    twoFactorEnabled: z.boolean(),
    emailVerified: z.boolean(),
    mustChangePassword: z.boolean(),
    /** Added by staff and has not set a password from the e-mailed link yet (link can be resent). */
    awaitingPassword: z.boolean(),
    lastActivity: isoDate.nullable(),
  }),
  wallet: z.object({ saldo: z.number().int(), cashback: z.number().int() }),
  /** A staff attestation of the identity (who, when, what was seen), when there is one. */
  attestation: attestationSchema.nullable(),
  participations: z.array(
    z.object({
      id: z.string(),
      salaId: z.string(),
      tipoSala: roomTypeSchema,
      numeroSorte: z.string(),
      valorPago: z.number().int(),
      statusPagamento: z.string(),
      ehVencedor: z.boolean(),
      createdAt: isoDate,
    }),
  ),
  securityLogs: z.array(
    z.object({
      id: z.string(),
      actionType: z.string(),
      ipAddress: z.string().nullable(),
      city: z.string().nullable(),
      country: z.string().nullable(),
      isSuspicious: z.boolean(),
      suspiciousReason: z.string().nullable(),
      timestamp: isoDate,
    }),
  ),
  verification: z
    .object({
      status: z.enum(['pendente', 'verificado', 'rejeitado']),
      tipoDocumento: z.string(),
      numeroDocumento: z.string(),
      motivoRejeicao: z.string().nullable(),
      submittedAt: isoDate,
      reviewedAt: isoDate.nullable(),
      reviewerName: z.string().nullable(),
      checks: z.record(z.string(), z.unknown()).nullable(),
      /** The automated checks (faces, OCR, quality, reuse) with scores and reasons. */
      automatedChecks: identityAnalysisSchema.nullable(),
      /** Only for roles that review identities; others see the status alone. */
      canReview: z.boolean(),
    })
    .nullable(),
  /** Self-exclusion and limits the player set (responsible play). */
  responsiblePlay: adminResponsiblePlaySchema.optional(),
});
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;

export const setUserStatusInputSchema = z.object({
  statusConta: z.enum(['ativo', 'suspenso'], { error: 'Status inválido.' }),
});
export const setUserVerifiedInputSchema = z.object({
  verified: z.boolean({ error: 'Informe se a conta é verificada.' }),
});
export const setUserRoleInputSchema = z.object({ role: roleSchema });

export const reviewQueueItemSchema = z.object({
  userId: z.string(),
  nomeCompleto: z.string().nullable(),
  email: z.string(),
  tipoDocumento: z.string(),
  numeroDocumento: z.string(),
  status: z.enum(['pendente', 'verificado', 'rejeitado']),
  motivoRejeicao: z.string().nullable(),
  submittedAt: isoDate,
});
export const reviewQueueSchema = z.array(reviewQueueItemSchema);
