/**
 * Contracts of the operator's integration screens (spec 001 sections 2-9): system settings, the PIX
 * provider (EFI) configuration and certificate, external connections with signed webhooks,
 * remarketing campaigns and the API-services screen.
 */
import { z } from 'zod';
import { integrationMessages } from './integration-messages';

const isoDate = z.string();

// ---------------------------------------------------------------- settings

/** Spec 001 section 9 "Settings defaults". Money in centavos, the fee in basis points. */
export const systemSettingsSchema = z.object({
  siteName: z.string().trim().min(1).max(80),
  siteDescription: z.string().trim().max(300),
  maintenanceMode: z.boolean(),
  platformFeeBp: z.number().int().min(0).max(5000),
  minWithdrawCentavos: z.number().int().min(1),
  maxWithdrawCentavos: z.number().int().min(1),
  emailNotifications: z.boolean(),
  smsNotifications: z.boolean(),
  whatsappNotifications: z.boolean(),
  twoFactorRequired: z.boolean(),
  passwordMinLength: z.number().int().min(6).max(128),
  sessionTimeoutHours: z
    .number()
    .int()
    .min(1)
    .max(24 * 30),
  pixEnabled: z.boolean(),
  cardEnabled: z.literal(false),
  boletoEnabled: z.literal(false),
  /** Outgoing requests (connection tests, webhooks) may reach private and loopback addresses. */
  allowPrivateAddresses: z.boolean(),
});
export type SystemSettings = z.infer<typeof systemSettingsSchema>;

export const updateSettingsInputSchema = systemSettingsSchema
  .partial()
  .refine(
    (s) =>
      s.minWithdrawCentavos === undefined ||
      s.maxWithdrawCentavos === undefined ||
      s.minWithdrawCentavos <= s.maxWithdrawCentavos,
    { error: 'O saque mínimo não pode ser maior que o máximo.', path: ['minWithdrawCentavos'] },
  );
export type UpdateSettingsInput = z.infer<typeof updateSettingsInputSchema>;

// ---------------------------------------------------------------- PIX provider (EFI)

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
  /** When the file was last opened and its validity re-read (upload or 'Atualizar Status'). */
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

// ---------------------------------------------------------------- connections and webhooks

export const connectionTypes = ['api', 'webhook', 'database'] as const;
export type ConnectionType = (typeof connectionTypes)[number];

/** Platform events a webhook connection may subscribe to. */
export const webhookEvents = [
  'participation.confirmed',
  'room.full',
  'draw.published',
  'payout.paid',
  'payout.failed',
  'user.verified',
] as const;
export type WebhookEvent = (typeof webhookEvents)[number];
export const webhookEventLabels: Record<WebhookEvent, string> = {
  'participation.confirmed': 'Participação confirmada',
  'room.full': 'Sala cheia',
  'draw.published': 'Sorteio publicado',
  'payout.paid': 'Prêmio pago',
  'payout.failed': 'Pagamento de prêmio falhou',
  'user.verified': 'Usuário verificado',
};

export const saveConnectionInputSchema = z.object({
  connection_name: z
    .string()
    .trim()
    .min(1, { error: integrationMessages.connectionRequired })
    .max(120),
  connection_type: z.enum(connectionTypes, { error: integrationMessages.connectionRequired }),
  service_name: z
    .string()
    .trim()
    .min(1, { error: integrationMessages.connectionRequired })
    .max(120),
  /** The JSON text typed in the dialog; must parse to an object. */
  config_data: z.string().max(20_000).default('{}'),
  is_active: z.boolean().default(true),
  events: z.array(z.enum(webhookEvents)).default([]),
});
export type SaveConnectionInput = z.input<typeof saveConnectionInputSchema>;

export const connectionSchema = z.object({
  id: z.string(),
  connection_name: z.string(),
  connection_type: z.enum(connectionTypes),
  service_name: z.string(),
  /** The config with secret values masked. */
  config_data: z.record(z.string(), z.unknown()),
  is_active: z.boolean(),
  events: z.array(z.enum(webhookEvents)),
  created_at: isoDate,
});
export type Connection = z.infer<typeof connectionSchema>;

export const connectionListSchema = z.object({
  items: z.array(connectionSchema),
  counts: z.object({
    total: z.number().int(),
    active: z.number().int(),
    api: z.number().int(),
    webhook: z.number().int(),
  }),
});

export const connectionTestResultSchema = z.object({
  ok: z.boolean(),
  status: z.number().int().nullable(),
  durationMs: z.number().int(),
  message: z.string(),
});
export type ConnectionTestResult = z.infer<typeof connectionTestResultSchema>;

export const webhookDeliverySchema = z.object({
  id: z.string(),
  event: z.string(),
  status: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.number().int(),
  responseStatus: z.number().int().nullable(),
  durationMs: z.number().int().nullable(),
  error: z.string().nullable(),
  createdAt: isoDate,
  deliveredAt: isoDate.nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

// ---------------------------------------------------------------- remarketing

/**
 * Stored statuses are active / paused; 'completed' is computed on every read from the end date
 * (spec 001 /remarketing: Ativa, Pausada, Concluída), so a list, a filter and a run agree.
 */
export const campaignStatuses = ['active', 'paused', 'completed'] as const;
export type CampaignStatus = (typeof campaignStatuses)[number];
export const campaignStatusLabels: Record<CampaignStatus, string> = {
  active: 'Ativa',
  paused: 'Pausada',
  completed: 'Concluída',
};

/** Spec 001 /remarketing create options: reactivation, e-mail and SMS campaigns. */
export const campaignTypes = ['reactivation', 'email', 'sms'] as const;
export type CampaignType = (typeof campaignTypes)[number];
export const campaignTypeLabels: Record<CampaignType, string> = {
  reactivation: 'Reativação',
  email: 'E-mail',
  sms: 'SMS',
};
export const campaignChannels = ['email', 'sms'] as const;
export type CampaignChannel = (typeof campaignChannels)[number];
export const campaignChannelLabels: Record<CampaignChannel, string> = {
  email: 'E-mail',
  sms: 'SMS',
};
export const channelOfCampaignType = (type: CampaignType): CampaignChannel =>
  type === 'sms' ? 'sms' : 'email';

/** Days after the send in which a recipient's paid entry counts as the campaign's conversion. */
export const campaignConversionWindowDays = 7;
/** Two GSM-7 segments; longer texts cost more and are cut by some carriers. */
export const campaignSmsMaxLength = 306;

export const targetCriteriaSchema = z.object({
  days_inactive: z.number().int().min(0).max(3650),
  min_participations: z.number().int().min(0).max(100_000),
  last_win_days: z.number().int().min(0).max(3650),
  /** Total spent on entries, in centavos (spec default R$ 0 to R$ 1.000). */
  spending_range: z.object({
    min: z.number().int().min(0).max(10_000_000_000),
    max: z.number().int().min(0).max(10_000_000_000),
  }),
});
export type TargetCriteria = z.infer<typeof targetCriteriaSchema>;
/** Spec 001 section 9: remarketing default criteria. */
export const defaultTargetCriteria: TargetCriteria = {
  days_inactive: 7,
  min_participations: 1,
  last_win_days: 30,
  spending_range: { min: 0, max: 100_000 },
};
export const campaignTemplateVariables = [
  'nome',
  'total_ganho',
  'participacoes',
  'dias_inativo',
] as const;

const calendarDay = z
  .string({ error: integrationMessages.campaignRequired })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Data inválida (use dd/mm/aaaa).' })
  .refine(
    (d) =>
      !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) &&
      new Date(`${d}T00:00:00Z`).toISOString().startsWith(d),
    {
      error: 'Data inválida (use dd/mm/aaaa).',
    },
  );

const campaignFields = {
  campaign_name: z
    .string({ error: integrationMessages.campaignRequired })
    .trim()
    .min(1, { error: integrationMessages.campaignRequired })
    .max(120, { error: 'O nome da campanha pode ter até 120 caracteres.' }),
  email_subject: z
    .string()
    .trim()
    .max(150, { error: 'O assunto pode ter até 150 caracteres.' })
    .optional(),
  email_template: z
    .string()
    .trim()
    .max(20_000, { error: 'O modelo do e-mail pode ter até 20.000 caracteres.' })
    .optional(),
  sms_text: z
    .string()
    .trim()
    .max(campaignSmsMaxLength, {
      error: `A mensagem SMS pode ter até ${campaignSmsMaxLength} caracteres.`,
    })
    .optional(),
  target_criteria: targetCriteriaSchema,
  budget_centavos: z
    .number({ error: 'Informe o orçamento em reais.' })
    .int({ error: 'Orçamento inválido.' })
    .min(0, { error: 'O orçamento não pode ser negativo.' })
    .max(1_000_000_000, { error: 'Orçamento acima do limite (R$ 10.000.000,00).' }),
  /** First day of the campaign, Brasília calendar day (YYYY-MM-DD). */
  start_date: calendarDay,
  /** Last day of the campaign, inclusive; after it the campaign is Concluída. */
  end_date: calendarDay,
};

type CampaignCheck = {
  campaign_type?: CampaignType | undefined;
  email_template?: string | undefined;
  sms_text?: string | undefined;
  target_criteria?: TargetCriteria | undefined;
  start_date?: string | undefined;
  end_date?: string | undefined;
};

/** Rules across fields, shared by create and edit (the edit checks the merged campaign). */
export function campaignIssues(c: CampaignCheck): { path: string; message: string }[] {
  const issues: { path: string; message: string }[] = [];
  const type = c.campaign_type ?? 'reactivation';
  if (type === 'sms' && !c.sms_text?.trim())
    issues.push({ path: 'sms_text', message: integrationMessages.campaignRequired });
  if (type !== 'sms' && !c.email_template?.trim())
    issues.push({ path: 'email_template', message: integrationMessages.campaignRequired });
  if (type === 'reactivation' && c.target_criteria && c.target_criteria.days_inactive < 1)
    issues.push({
      path: 'target_criteria',
      message: 'Uma campanha de reativação precisa de pelo menos 1 dia de inatividade.',
    });
  if (
    c.target_criteria &&
    c.target_criteria.spending_range.min > c.target_criteria.spending_range.max
  )
    issues.push({
      path: 'target_criteria',
      message: 'O gasto mínimo não pode ser maior que o máximo.',
    });
  if (c.start_date && c.end_date && c.end_date < c.start_date)
    issues.push({
      path: 'end_date',
      message: 'A data de término deve ser igual ou posterior à data de início.',
    });
  return issues;
}

export const createCampaignInputSchema = z
  .object({
    campaign_type: z
      .enum(campaignTypes, { error: 'Tipo de campanha inválido.' })
      .default('reactivation'),
    ...campaignFields,
    target_criteria: targetCriteriaSchema.default(defaultTargetCriteria),
    budget_centavos: campaignFields.budget_centavos.default(0),
  })
  .superRefine((value, ctx) => {
    for (const issue of campaignIssues(value))
      ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
  });
export type CreateCampaignInput = z.input<typeof createCampaignInputSchema>;

/** 'Editar': every field but the type (the channel of what was sent never changes). */
export const updateCampaignInputSchema = z
  .object(campaignFields)
  .partial()
  .refine((v) => Object.values(v).some((x) => x !== undefined), {
    error: 'Nada para alterar.',
  });
export type UpdateCampaignInput = z.input<typeof updateCampaignInputSchema>;

export const campaignListQuerySchema = z.object({
  status: z.enum(campaignStatuses, { error: 'Status inválido.' }).optional(),
  channel: z.enum(campaignChannels, { error: 'Canal inválido.' }).optional(),
});
export type CampaignListQuery = z.infer<typeof campaignListQuerySchema>;

export const campaignSchema = z.object({
  id: z.string(),
  campaign_name: z.string(),
  campaign_type: z.enum(campaignTypes),
  channel: z.enum(campaignChannels),
  status: z.enum(campaignStatuses),
  email_subject: z.string(),
  email_template: z.string(),
  sms_text: z.string(),
  target_criteria: targetCriteriaSchema,
  budget_centavos: z.number().int(),
  /** What the messages sent so far cost (each message at the unit cost of its day). */
  cost_centavos: z.number().int(),
  start_date: z.string(),
  end_date: z.string(),
  /** Elapsed fraction of the period start_date..end_date, percent 0-100 (integer). */
  progress: z.number().int().min(0).max(100),
  /** Messages recorded for the campaign (an SMS counts as sent once the SMS sender sends it). */
  queued_count: z.number().int(),
  sent_count: z.number().int(),
  opened_count: z.number().int(),
  clicked_count: z.number().int(),
  conversion_count: z.number().int(),
  /** Opens ÷ sent, percent (one decimal); SMS: 0 (no opens). */
  success_rate: z.number(),
  created_at: isoDate,
  updated_at: isoDate,
});
export type Campaign = z.infer<typeof campaignSchema>;

export const campaignStatsSchema = z.object({
  campaigns: z.number().int(),
  active: z.number().int(),
  sent: z.number().int(),
  opened: z.number().int(),
  clicked: z.number().int(),
  conversions: z.number().int(),
  /** Distinct players who received at least one campaign message. */
  reach: z.number().int(),
  /** Distinct converted players ÷ reach, percent (one decimal). */
  conversionRate: z.number(),
  /** What was spent on messages (centavos). */
  investmentCentavos: z.number().int(),
  /** Sum of the campaigns' budgets (centavos). */
  budgetCentavos: z.number().int(),
  /** Mean propensity score (0-100) of the players sent to. */
  averagePropensity: z.number(),
});
export type CampaignStats = z.infer<typeof campaignStatsSchema>;

export const audiencePreviewSchema = z.object({
  matching: z.number().int(),
  withConsent: z.number().int(),
});

export const audienceInputSchema = targetCriteriaSchema.extend({
  channel: z.enum(campaignChannels).optional(),
});

export const campaignPreviewInputSchema = z.object({
  email_subject: campaignFields.email_subject,
  email_template: z
    .string({ error: integrationMessages.campaignRequired })
    .trim()
    .min(1, { error: integrationMessages.campaignRequired })
    .max(20_000),
  target_criteria: targetCriteriaSchema.default(defaultTargetCriteria),
});

export const campaignPreviewSchema = z.object({
  subject: z.string(),
  html: z.string(),
  player: z.string().nullable(),
});

/** A metric the channel cannot measure is null ('não disponível' on screen and in the CSV). */
const metric = z.number().int().nullable();
export const campaignReportRowSchema = z.object({
  /** Brasília calendar day of the send (YYYY-MM-DD), or null for the total row. */
  day: z.string().nullable(),
  queued: z.number().int(),
  sent: z.number().int(),
  delivered: metric,
  failed: metric,
  opened: metric,
  clicked: metric,
  conversions: z.number().int(),
  cost_centavos: z.number().int(),
});
export type CampaignReportRow = z.infer<typeof campaignReportRowSchema>;
export const campaignReportSchema = z.object({
  campaign: campaignSchema,
  conversion_window_days: z.number().int(),
  days: z.array(campaignReportRowSchema),
  total: campaignReportRowSchema,
});
export type CampaignReport = z.infer<typeof campaignReportSchema>;
export const notAvailableLabel = 'não disponível';

const clock = z
  .string({ error: 'Informe o horário (hh:mm).' })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'Horário inválido (use hh:mm, 00:00 a 23:59).' });

/** 'Configurar': the channels' defaults (stored in settings, audited). */
export const campaignChannelSettingsSchema = z.object({
  email_sender_name: z
    .string({ error: integrationMessages.campaignRequired })
    .trim()
    .min(1, { error: integrationMessages.campaignRequired })
    .max(60, { error: 'O nome do remetente pode ter até 60 caracteres.' })
    .refine((s) => !/["<>\r\n]/.test(s), {
      error: 'O nome do remetente não pode conter aspas, < > ou quebras de linha.',
    }),
  /** Alphanumeric sender id: up to 11 letters or digits (carrier rule). */
  sms_sender_name: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{0,11}$/, {
      error: 'O remetente do SMS deve ter até 11 letras ou números, sem espaços.',
    }),
  /** Short code (5-6 digits) or a Brazilian number with area code (10-11 digits); empty: none. */
  sms_sender_number: z
    .string()
    .trim()
    .regex(/^(\d{5,6}|\d{10,11})?$/, {
      error: 'Número do remetente inválido: use um código curto (5 ou 6 dígitos) ou DDD + número.',
    }),
  /** Brasília time; a window may cross midnight (21:00-08:00). Equal ends: no quiet hours. */
  quiet_hours_start: clock,
  quiet_hours_end: clock,
  frequency_cap_per_week: z
    .number({ error: 'Informe o limite semanal.' })
    .int({ error: 'O limite semanal deve ser um número inteiro.' })
    .min(1, { error: 'O limite semanal deve ser de 1 a 50 mensagens por jogador.' })
    .max(50, { error: 'O limite semanal deve ser de 1 a 50 mensagens por jogador.' }),
  email_cost_centavos: z
    .number()
    .int({ error: 'Custo inválido.' })
    .min(0, { error: 'O custo por mensagem deve ser de R$ 0,00 a R$ 10,00.' })
    .max(1000, { error: 'O custo por mensagem deve ser de R$ 0,00 a R$ 10,00.' }),
  sms_cost_centavos: z
    .number()
    .int({ error: 'Custo inválido.' })
    .min(0, { error: 'O custo por mensagem deve ser de R$ 0,00 a R$ 10,00.' })
    .max(1000, { error: 'O custo por mensagem deve ser de R$ 0,00 a R$ 10,00.' }),
});
export type CampaignChannelSettings = z.infer<typeof campaignChannelSettingsSchema>;
export const defaultCampaignChannelSettings: CampaignChannelSettings = {
  email_sender_name: 'Sorteio Certo',
  sms_sender_name: 'SorteioCert',
  sms_sender_number: '',
  quiet_hours_start: '21:00',
  quiet_hours_end: '08:00',
  frequency_cap_per_week: 2,
  email_cost_centavos: 0,
  sms_cost_centavos: 0,
};

export const runCampaignResultSchema = z.object({
  queued: z.number().int(),
  /** Left out because the budget ran out (unit cost above zero). */
  skipped_budget: z.number().int(),
  /** Left out because they reached the weekly frequency cap. */
  skipped_frequency: z.number().int(),
  /** SMS queued during quiet hours wait until this moment (ISO), else null. */
  deferred_until: isoDate.nullable(),
});
export type RunCampaignResult = z.infer<typeof runCampaignResultSchema>;

// ---------------------------------------------------------------- API services

export const serviceIds = [
  'auth',
  'payment-pix',
  'draws',
  'notifications',
  'analytics',
  'webhooks',
] as const;
export type ServiceId = (typeof serviceIds)[number];

export const serviceStatusSchema = z.object({
  id: z.enum(serviceIds),
  name: z.string(),
  status: z.enum(['online', 'maintenance', 'offline']),
  detail: z.string(),
  endpoint: z.string(),
  methods: z.array(z.enum(['GET', 'POST', 'PUT', 'DELETE', 'PATCH'])),
  endpoints: z.number().int(),
  uptimeSeconds: z.number().int(),
  requests: z.number().int(),
  avgMs: z.number(),
  p95Ms: z.number(),
  errors: z.array(z.object({ at: isoDate, status: z.number().int(), url: z.string() })),
  /** From the stored periodic health checks: share answered online (maintenance not counted). */
  uptime24hPct: z.number().nullable(),
  uptime7dPct: z.number().nullable(),
  /** Average latency of the stored health checks of the last 24 h. */
  checkAvgMs: z.number().nullable(),
  checks24h: z.number().int(),
  lastCheckAt: isoDate.nullable(),
  maintenance: z.object({ reason: z.string(), startsAt: isoDate, endsAt: isoDate }).nullable(),
});
export type ServiceStatus = z.infer<typeof serviceStatusSchema>;

/** The services' names: in the players' maintenance notices and on the staff's API-services screen. */
export const servicePlayerLabels: Record<ServiceId, string> = {
  auth: 'Acesso e cadastro',
  'payment-pix': 'Pagamentos PIX',
  draws: 'Sorteios',
  notifications: 'Notificações',
  analytics: 'Estatísticas',
  webhooks: 'Integrações',
};

export const securityCheckSchema = z.object({
  id: z.string(),
  label: z.string(),
  ok: z.boolean(),
  detail: z.string(),
});
export type SecurityCheck = z.infer<typeof securityCheckSchema>;

export const servicesSummarySchema = z.object({
  activeServices: z.number().int(),
  totalServices: z.number().int(),
  /** Average over the services with checks in the window; null when there is none yet. */
  uptime24hPct: z.number().nullable(),
  uptime7dPct: z.number().nullable(),
  avgResponseMs: z.number().nullable(),
  /** Share of the applicable security checks that pass. */
  securityPct: z.number().int(),
  security: z.array(securityCheckSchema),
});
export type ServicesSummary = z.infer<typeof servicesSummarySchema>;

export const servicesOverviewSchema = z.object({
  items: z.array(serviceStatusSchema),
  summary: servicesSummarySchema,
});
export type ServicesOverview = z.infer<typeof servicesOverviewSchema>;

export const maintenanceMessages = {
  reasonRequired: 'Informe o motivo da manutenção (de 5 a 300 caracteres).',
  endInvalid: 'Informe uma data e hora de término válida.',
  endInPast: 'O término da manutenção deve ser no futuro.',
  endTooFar: 'A manutenção pode durar no máximo 7 dias.',
  notInMaintenance: 'Este serviço não está em manutenção.',
  started: 'Manutenção agendada',
  ended: 'Manutenção encerrada',
} as const;

/** Longest maintenance window staff may announce at once. */
export const MAINTENANCE_MAX_DAYS = 7;

export const startMaintenanceInputSchema = z.object({
  reason: z
    .string({ error: maintenanceMessages.reasonRequired })
    .trim()
    .min(5, { error: maintenanceMessages.reasonRequired })
    .max(300, { error: maintenanceMessages.reasonRequired }),
  endsAt: z.iso.datetime({ offset: true, error: maintenanceMessages.endInvalid }),
});
export type StartMaintenanceInput = z.infer<typeof startMaintenanceInputSchema>;

/** GET /api/public/maintenance: what players may know (no staff names, no internals). */
export const maintenanceNoticeSchema = z.object({
  service: z.enum(serviceIds),
  name: z.string(),
  reason: z.string(),
  startsAt: isoDate,
  endsAt: isoDate,
});
export type MaintenanceNotice = z.infer<typeof maintenanceNoticeSchema>;
export const maintenanceNoticesSchema = z.object({ items: z.array(maintenanceNoticeSchema) });
