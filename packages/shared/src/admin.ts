/**
 * Contracts of the administrator area (spec 001 sections 2, 3, 7-9): dashboard, analytics, users
 * and identity review, rooms, finance, diagnostics and the audit log. Amounts in centavos.
 */
import { z } from 'zod';
import { identityAnalysisSchema } from './identity';
import { accountStatusSchema } from './account';
import { roleSchema, staffRoles } from './auth';
import { paymentMethodSchema, roomSchema, roomTypeSchema } from './rooms';
import {
  birthDateSchema,
  cpfSchema,
  emailSchema,
  passwordSchema,
  phoneSchema,
  pixKeyTypes,
} from './validation';
import { adminResponsiblePlaySchema } from './responsible-play';
import { adminMessages } from './admin-access';

const isoDate = z.string();

// ---------------------------------------------------------------- dashboard

export const alertPriorities = ['high', 'medium', 'low'] as const;
export const systemAlertSchema = z.object({
  id: z.string(),
  priority: z.enum(alertPriorities),
  kind: z.enum(['warning', 'info', 'success', 'error']),
  title: z.string(),
  message: z.string(),
});
export type SystemAlert = z.infer<typeof systemAlertSchema>;

export const adminDashboardSchema = z.object({
  metrics: z.object({
    totalUsers: z.number().int(),
    newUsers24h: z.number().int(),
    activeToday: z.number().int(),
    openRooms: z.number().int(),
    participations: z.number().int(),
    revenue: z.number().int(),
    platformFees: z.number().int(),
    draws: z.number().int(),
    pendingPrizes: z.number().int(),
    pendingPrizesAmount: z.number().int(),
  }),
  performance: z.object({
    /** Players with a confirmed entry ÷ players (0..1; staff accounts are not players). */
    conversionRate: z.number(),
    /** revenue ÷ participations, in centavos. */
    averageTicket: z.number().int(),
  }),
  alerts: z.array(systemAlertSchema),
  generatedAt: isoDate,
});
export type AdminDashboard = z.infer<typeof adminDashboardSchema>;

export const activityItemSchema = z.object({
  id: z.string(),
  kind: z.enum(['participation', 'draw', 'signup']),
  firstName: z.string(),
  tipoSala: z.string().nullable(),
  amount: z.number().int().nullable(),
  at: isoDate,
});
export const activityListSchema = z.array(activityItemSchema);
export type ActivityItem = z.infer<typeof activityItemSchema>;

export const realtimeMetricsSchema = z.object({
  openRooms: z.number().int(),
  todayRevenue: z.number().int(),
  todayParticipations: z.number().int(),
});
export type RealtimeMetrics = z.infer<typeof realtimeMetricsSchema>;

export const pendingPrizesSchema = z.object({
  count: z.number().int(),
  amount: z.number().int(),
});

export const adminAccessSchema = z.object({
  is_admin: z.boolean(),
  is_authenticated: z.boolean(),
  admin_record_exists: z.boolean(),
  role: roleSchema,
  permissions: z.array(z.string()),
  twoFactorEnabled: z.boolean(),
});
export type AdminAccess = z.infer<typeof adminAccessSchema>;

// ---------------------------------------------------------------- analytics

export const analyticsPeriods = [7, 30, 90] as const;
export const analyticsQuerySchema = z.object({
  days: z.coerce
    .number()
    .int()
    .refine((d) => (analyticsPeriods as readonly number[]).includes(d), {
      error: 'Período inválido: escolha 7, 30 ou 90 dias.',
    })
    .default(30),
});
export const revenueSeriesSchema = z.array(
  z.object({ date: z.string(), revenue: z.number().int(), fees: z.number().int() }),
);
export const signupSeriesSchema = z.array(
  z.object({ date: z.string(), signups: z.number().int(), verified: z.number().int() }),
);
export const roomTypeSeriesSchema = z.array(
  z.object({
    tipoSala: roomTypeSchema,
    participations: z.number().int(),
    amount: z.number().int(),
  }),
);
export const funnelSchema = z.array(z.object({ step: z.string(), count: z.number().int() }));

// ---------------------------------------------------------------- users

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

// ---------------------------------------------------------------- identity attestation

/**
 * What a staff member attests to have seen in person (or on a live video call) when adding an
 * account as verified: every item is required. The account then skips the automated identity
 * checks; who attested, when, what was seen and the note are kept (identity_attestations) and
 * audited.
 */
export const attestationDocuments = ['documento_com_foto', 'cpf', 'selfie_presenca'] as const;
export type AttestationDocument = (typeof attestationDocuments)[number];
export const attestationDocumentLabels: Record<AttestationDocument, string> = {
  documento_com_foto: 'Documento com foto',
  cpf: 'CPF',
  selfie_presenca: 'Selfie/presença',
};
export const attestationMessages = {
  title: 'Atestar identidade',
  intro:
    'Marque somente o que você conferiu pessoalmente. A conta já nasce verificada e o atestado fica registrado em seu nome na auditoria.',
  notice:
    'Sem o atestado, a conta é criada sem verificação: a pessoa envia documento e selfie pelo perfil, como qualquer jogador.',
  allDocuments:
    'Para atestar, confirme que conferiu o documento com foto, o CPF e a selfie/presença.',
  cpfRequired: 'Informe o CPF conferido no documento.',
  birthDateRequired: 'Informe a data de nascimento conferida no documento.',
  forbidden: 'Somente quem revisa identidades pode atestar a verificação de uma conta.',
  noteLabel: 'Observação',
  birthDateLabel: 'Data de nascimento (conforme o documento)',
} as const;

export const attestationInputSchema = z.object({
  documents: z.array(z.enum(attestationDocuments)).max(attestationDocuments.length),
  dataNascimento: z.string().trim().max(10).optional(),
  note: z.string().trim().max(500, { error: 'A observação deve ter no máximo 500 caracteres.' }),
});
export type AttestationInput = z.input<typeof attestationInputSchema>;

/** The attestation shown with a user (who, when, what was seen). */
export const attestationSchema = z.object({
  attestedBy: z.string().nullable(),
  attestedByName: z.string().nullable(),
  attestedByRole: z.string(),
  attestedAt: z.string(),
  documents: z.array(z.enum(attestationDocuments)),
  note: z.string(),
});
export type Attestation = z.infer<typeof attestationSchema>;

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

/**
 * Add user / add employee (spec 001 sections 3 and 5). No password is typed or shown: the person
 * is e-mailed a single-use link to set their own (SET_PASSWORD_LINK_HOURS), and the account cannot
 * be signed into before that. A `password` sent by an older client is dropped, never stored.
 */
export const createAccountInputSchema = z
  .object({
    kind: z.enum(['user', 'employee']),
    nome_completo: z
      .string()
      .trim()
      .max(120, { error: 'O nome deve ter no máximo 120 caracteres.' }),
    email: z.string().trim().max(254, { error: 'Por favor, digite um e-mail válido.' }),
    chave_pix: z.string().trim().max(77, { error: 'Chave PIX inválida.' }).optional(),
    chave_pix_tipo: z.enum(pixKeyTypes).optional(),
    cpf: z.string().trim().max(14, { error: 'O CPF deve ter no máximo 14 caracteres.' }).optional(),
    telefone: z
      .string()
      .trim()
      .max(15, { error: 'O telefone deve ter no máximo 15 caracteres.' })
      .optional(),
    role: roleSchema,
    /** Present only when the staff member attests the identity (identity.review). */
    attestation: attestationInputSchema.optional(),
  })
  .superRefine((v, ctx) => {
    if (!v.email || !v.nome_completo) {
      ctx.addIssue({ code: 'custom', message: adminMessages.requiredFields, path: ['email'] });
      return;
    }
    if (!emailSchema.safeParse(v.email).success)
      ctx.addIssue({
        code: 'custom',
        message: 'Por favor, digite um e-mail válido.',
        path: ['email'],
      });
    if (v.cpf && !cpfSchema.safeParse(v.cpf).success)
      ctx.addIssue({ code: 'custom', message: 'CPF inválido.', path: ['cpf'] });
    if (v.telefone && !phoneSchema.safeParse(v.telefone).success)
      ctx.addIssue({ code: 'custom', message: 'Telefone inválido.', path: ['telefone'] });
    if (v.chave_pix && !v.chave_pix_tipo)
      ctx.addIssue({
        code: 'custom',
        message: 'Escolha o tipo da chave PIX.',
        path: ['chave_pix_tipo'],
      });
    if (v.kind === 'user' && v.role !== 'user')
      ctx.addIssue({
        code: 'custom',
        message: 'Um usuário tem o papel Usuário.',
        path: ['role'],
      });
    if (v.kind === 'employee' && !(staffRoles as readonly string[]).includes(v.role))
      ctx.addIssue({
        code: 'custom',
        message: 'Escolha o cargo do funcionário.',
        path: ['role'],
      });
    const a = v.attestation;
    if (a) {
      if (!attestationDocuments.every((d) => a.documents.includes(d)))
        ctx.addIssue({
          code: 'custom',
          message: attestationMessages.allDocuments,
          path: ['attestation', 'documents'],
        });
      if (!v.cpf)
        ctx.addIssue({ code: 'custom', message: attestationMessages.cpfRequired, path: ['cpf'] });
      if (!a.dataNascimento)
        ctx.addIssue({
          code: 'custom',
          message: attestationMessages.birthDateRequired,
          path: ['attestation', 'dataNascimento'],
        });
      else {
        const birth = birthDateSchema.safeParse(a.dataNascimento);
        if (!birth.success)
          ctx.addIssue({
            code: 'custom',
            message: birth.error.issues[0]?.message ?? 'Data de nascimento inválida.',
            path: ['attestation', 'dataNascimento'],
          });
      }
    }
  });
export type CreateAccountInput = z.input<typeof createAccountInputSchema>;

/** How long the e-mailed link to set the first password of a staff-added account works. */
export const SET_PASSWORD_LINK_HOURS = 72;

/** Where the set-password link went: never the link or its token, only the address and expiry. */
export const setPasswordLinkResultSchema = z.object({
  sentTo: z.string(),
  expiresAt: isoDate,
  /** False when the mail server refused it: the account exists and the link can be sent again. */
  sent: z.boolean(),
});
export type SetPasswordLinkResult = z.infer<typeof setPasswordLinkResultSchema>;

export const createAccountResultSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: roleSchema,
  /** True only when the identity was attested by staff allowed to review identities. */
  isVerified: z.boolean(),
  setPasswordLink: setPasswordLinkResultSchema,
});
export type CreateAccountResult = z.infer<typeof createAccountResultSchema>;

export const setPasswordLinkMessages = {
  sent: (email: string) =>
    `Enviamos para ${email} um link para a pessoa definir a própria senha. O link vale por ${SET_PASSWORD_LINK_HOURS} horas e só pode ser usado uma vez.`,
  notSent: (email: string) =>
    `A conta foi criada, mas não conseguimos enviar o e-mail para ${email}. Use "Reenviar link de senha" nos detalhes do usuário.`,
  resent: 'Link reenviado',
  alreadySet:
    'Esta pessoa já definiu a senha. Para trocá-la, ela pode usar "Esqueci minha senha" na tela de login.',
} as const;

/** The person's own change of a temporary password (first sign-in). */
export const changePasswordInputSchema = z.strictObject({
  currentPassword: z.string().min(1, { error: 'Informe a senha atual.' }).max(128),
  // The floor and its message are the shared ones; the server also checks the setting's minimum.
  newPassword: passwordSchema,
});

// ---------------------------------------------------------------- rooms

export const adminRoomSchema = roomSchema.extend({
  /** The draw, once drawn: its proof page is /sorteios/:sorteioId. */
  sorteioId: z.string().nullable(),
  /** Confirmed seats (participantesAtual also counts seats held for PIX). */
  paidSeats: z.number().int(),
  /**
   * Every participation the room ever had (paid, held for PIX or cancelled): from the first one,
   * the money fields are locked and the room can no longer be deleted.
   */
  entrantsEver: z.number().int(),
  privateRoomName: z.string().nullable(),
});
export type AdminRoom = z.infer<typeof adminRoomSchema>;

/** A player's Saldo and Cashback, in centavos. */
export const walletBalancesSchema = z.object({
  saldo: z.number().int(),
  cashback: z.number().int(),
});

/**
 * GET /api/admin/rooms/:id/cancel-preview: what "Cancelar e reembolsar" will do, shown before the
 * operator confirms (each confirmed entry back to where it came from, the cashback it earned taken
 * back as far as the player still holds it).
 */
export const roomCancelPreviewSchema = z.object({
  salaId: z.uuid(),
  /** Sum of the refunds, in centavos. */
  total: z.number().int(),
  /** Seats held for a PIX not yet paid: released, nothing to give back. */
  pendingSeats: z.number().int(),
  players: z.array(
    z.object({
      userId: z.string(),
      name: z.string(),
      email: z.string(),
      amount: z.number().int(),
      toSaldo: z.number().int(),
      toCashback: z.number().int(),
      /** Cashback the entry earned that the refund takes back (what the player still holds). */
      cashbackReversed: z.number().int(),
      balances: walletBalancesSchema,
    }),
  ),
});
export type RoomCancelPreview = z.infer<typeof roomCancelPreviewSchema>;

// ---------------------------------------------------------------- finance

export const financeSummarySchema = z.object({
  totalRevenue: z.number().int(),
  transactions: z.number().int(),
  averageValue: z.number().int(),
  categories: z.number().int(),
  platformFees: z.number().int(),
  prizesPaid: z.number().int(),
  /** Cashback credited on entries, net of what refunds took back. */
  cashbackGiven: z.number().int(),
  /** Entries given back when their room was cancelled: not in totalRevenue nor transactions. */
  refundedTotal: z.number().int(),
  refundedCount: z.number().int(),
  pixIn: z.number().int(),
  pixOut: z.number().int(),
});
export type FinanceSummary = z.infer<typeof financeSummarySchema>;

export const dailySummarySchema = z.array(
  z.object({
    date: z.string(),
    revenue: z.number().int(),
    fees: z.number().int(),
    count: z.number().int(),
    average: z.number().int(),
  }),
);
/**
 * A participation as finance shows it: its payment status, or 'reembolsado' once its room was
 * cancelled and the entry given back (the seat stays 'confirmado': it was paid, then refunded).
 */
export const financeEntryStatuses = ['pendente', 'confirmado', 'cancelado', 'reembolsado'] as const;
export type FinanceEntryStatus = (typeof financeEntryStatuses)[number];

export const recentTransactionsSchema = z.array(
  z.object({
    id: z.string(),
    userName: z.string(),
    tipoSala: roomTypeSchema,
    valorPago: z.number().int(),
    statusPagamento: z.enum(financeEntryStatuses),
    metodoPagamento: paymentMethodSchema,
    createdAt: isoDate,
  }),
);
export const byCategorySchema = z.array(
  z.object({ tipoSala: roomTypeSchema, total: z.number().int(), count: z.number().int() }),
);

export const reportKinds = ['transactions', 'monthly', 'categories', 'growth'] as const;
export const reportParamsSchema = z.object({ kind: z.enum(reportKinds) });

export const payoutQueueItemSchema = z.object({
  id: z.string(),
  kind: z.enum(['prize', 'withdrawal']),
  userId: z.string(),
  userName: z.string(),
  email: z.string(),
  amount: z.number().int(),
  pixKey: z.string(),
  status: z.enum(['pendente', 'enviando', 'confirmado', 'devolvido']),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  nextAttemptAt: isoDate,
  createdAt: isoDate,
  sorteioId: z.string().nullable(),
});
export const payoutQueueSchema = z.array(payoutQueueItemSchema);
export type PayoutQueueItem = z.infer<typeof payoutQueueItemSchema>;
export const payoutIdParamsSchema = z.object({
  id: z.uuid({ error: 'Pagamento não encontrado.' }),
});

export const ledgerAuditSchema = z.object({
  ok: z.boolean(),
  at: isoDate,
  durationMs: z.number().int(),
  checks: z.array(z.object({ name: z.string(), ok: z.boolean(), detail: z.string() })),
});
export type LedgerAuditResult = z.infer<typeof ledgerAuditSchema>;

// ---------------------------------------------------------------- diagnostics and audit

export const diagnosticsReportSchema = z.object({
  ok: z.boolean(),
  checks: z.array(
    z.object({ name: z.string(), ok: z.boolean(), detail: z.string(), ms: z.number() }),
  ),
  userCount: z.number().int(),
  roomCount: z.number().int(),
  at: isoDate,
});
export type DiagnosticsReport = z.infer<typeof diagnosticsReportSchema>;

export const auditEntrySchema = z.object({
  id: z.string(),
  actorId: z.string().nullable(),
  actorEmail: z.string().nullable(),
  actorRole: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  ip: z.string().nullable(),
  createdAt: isoDate,
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditListQuerySchema = z.object({
  actor: z.string().trim().max(254).optional(),
  action: z.string().trim().max(64).optional(),
  target: z.string().trim().max(64).optional(),
  from: z.iso.date({ error: 'Data inicial inválida.' }).optional(),
  to: z.iso.date({ error: 'Data final inválida.' }).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export const auditListSchema = z.object({
  items: z.array(auditEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
