/**
 * The remarketing forms as typed (amounts in reais, counts as text), turned into the campaign and
 * channel contracts the server validates.
 */
import { z } from 'zod';
import { integrationMessages } from '../integration-messages';
import { type CampaignChannelSettings, campaignChannelSettingsSchema } from '../campaign-channels';
import {
  type CreateCampaignInput,
  type TargetCriteria,
  type UpdateCampaignInput,
  campaignTypes,
  channelOfCampaignType,
  createCampaignInputSchema,
  updateCampaignInputSchema,
} from '../campaigns';
import { parseBRL } from '../money';

const required = integrationMessages.campaignRequired;

/** A count as typed; what is not a number counts as 0 (the contract checks the limits). */
const count = (text: string) =>
  Number.isFinite(Number(text)) ? Math.max(0, Math.round(Number(text))) : 0;

/** The audience fields of the campaign form. */
export interface TargetCriteriaFormValues {
  days_inactive: string;
  min_participations: string;
  last_win_days: string;
  /** Reais, whole or with a dot. */
  spending_min: string;
  spending_max: string;
}

/** The audience as the server reads it ('Ver público', 'Prévia do e-mail' and the campaign). */
export function targetCriteriaOf(values: TargetCriteriaFormValues): TargetCriteria {
  return {
    days_inactive: count(values.days_inactive),
    min_participations: count(values.min_participations),
    last_win_days: count(values.last_win_days),
    spending_range: {
      min: count(values.spending_min) * 100,
      max: count(values.spending_max) * 100,
    },
  };
}

const campaignFormObject = z
  .object({
    campaign_type: z.enum(campaignTypes),
    campaign_name: z.string().trim().min(1, { error: required }),
    email_subject: z.string(),
    email_template: z.string(),
    sms_text: z.string(),
    start_date: z.string().min(1, { error: required }),
    end_date: z.string().min(1, { error: required }),
    budget: z.string().transform((text, ctx) => {
      const centavos = parseBRL(text);
      if (centavos === null) {
        ctx.addIssue({ code: 'custom', message: required });
        return z.NEVER;
      }
      return centavos;
    }),
    days_inactive: z.string(),
    min_participations: z.string(),
    last_win_days: z.string(),
    spending_min: z.string(),
    spending_max: z.string(),
  })
  .superRefine((v, ctx) => {
    const sms = channelOfCampaignType(v.campaign_type) === 'sms';
    if (!(sms ? v.sms_text : v.email_template).trim())
      ctx.addIssue({
        code: 'custom',
        path: [sms ? 'sms_text' : 'email_template'],
        message: required,
      });
    if (v.start_date && v.end_date && v.end_date < v.start_date)
      ctx.addIssue({
        code: 'custom',
        path: ['end_date'],
        message: 'A data de término deve ser igual ou posterior à data de início.',
      });
  });
export type CampaignFormValues = z.input<typeof campaignFormObject>;

/** Only the channel's own text is sent. */
const campaignFields = (v: z.output<typeof campaignFormObject>) => {
  const email = channelOfCampaignType(v.campaign_type) === 'email';
  return {
    campaign_name: v.campaign_name,
    email_subject: email ? v.email_subject : undefined,
    email_template: email ? v.email_template : undefined,
    sms_text: email ? undefined : v.sms_text,
    target_criteria: targetCriteriaOf(v),
    budget_centavos: v.budget,
    start_date: v.start_date,
    end_date: v.end_date,
  };
};

type CreateCampaignOutput = z.output<typeof createCampaignInputSchema>;
const createCampaign: z.ZodType<CreateCampaignOutput, CreateCampaignInput> =
  createCampaignInputSchema;
const updateCampaign: z.ZodType<UpdateCampaignInput, UpdateCampaignInput> =
  updateCampaignInputSchema;

/** 'Nova campanha'. */
export const createCampaignFormSchema = campaignFormObject
  .transform((v): CreateCampaignInput => ({ ...campaignFields(v), campaign_type: v.campaign_type }))
  .pipe(createCampaign);

/** 'Editar': the type (and so the channel) stays as it was. */
export const updateCampaignFormSchema = campaignFormObject
  .transform((v): UpdateCampaignInput => campaignFields(v))
  .pipe(updateCampaign);

/** 'Configurar': the costs typed in reais, the weekly cap as text. */
export const campaignChannelSettingsFormSchema = z
  .object({
    email_sender_name: z.string(),
    sms_sender_name: z.string(),
    sms_sender_number: z.string(),
    quiet_hours_start: z.string(),
    quiet_hours_end: z.string(),
    frequency_cap_per_week: z.string(),
    email_cost: z.string(),
    sms_cost: z.string(),
  })
  .transform(
    ({ frequency_cap_per_week, email_cost, sms_cost, ...rest }): CampaignChannelSettings => ({
      ...rest,
      frequency_cap_per_week: Number(frequency_cap_per_week),
      // Not money: the contract refuses the negative amount with its range message.
      email_cost_centavos: parseBRL(email_cost) ?? -1,
      sms_cost_centavos: parseBRL(sms_cost) ?? -1,
    }),
  )
  .pipe(campaignChannelSettingsSchema);
export type CampaignChannelSettingsFormValues = z.input<typeof campaignChannelSettingsFormSchema>;
