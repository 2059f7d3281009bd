/**
 * Contracts of the remarketing channels' defaults ('Configurar' on the remarketing tab): sender
 * names, quiet hours, the weekly frequency cap and the cost per message.
 */
import { z } from 'zod';
import { integrationMessages } from './integration-messages';

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
