/**
 * Contracts of remarketing (spec 001 "Admin remarketing tab" and /remarketing): campaigns, their
 * audience, preview, report and run. The channels' defaults are in campaign-channels.ts.
 */
import { z } from 'zod';
import { integrationMessages } from './integration-messages';

const isoDate = z.string();

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
