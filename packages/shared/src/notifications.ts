/**
 * Contracts of the SMS and WhatsApp notifications: the player's per-channel consent (profile card
 * "Notificações"), Brazilian phone numbers in E.164, and the delivery log the operator reads.
 */
import { z } from 'zod';
import { onlyDigits } from './validation';

export const notificationChannels = ['sms', 'whatsapp'] as const;
export type NotificationChannel = (typeof notificationChannels)[number];
export const notificationChannelLabels: Record<NotificationChannel, string> = {
  sms: 'SMS',
  whatsapp: 'WhatsApp',
};

/** Where a channel's messages go now: its provider, or the local outbox (no credentials set). */
export const channelProviders = ['twilio', 'whatsapp-cloud', 'outbox'] as const;
export type ChannelProvider = (typeof channelProviders)[number];
export const channelDeliverySchema = z.object({
  channel: z.enum(notificationChannels),
  provider: z.enum(channelProviders),
});
export type ChannelDelivery = z.infer<typeof channelDeliverySchema>;
/** The state the Config. tab shows beside each channel's switch. */
export const channelProviderLabels: Record<ChannelProvider, string> = {
  twilio: 'Conectado (Twilio)',
  'whatsapp-cloud': 'Conectado (WhatsApp Cloud API)',
  outbox: 'Entregue na caixa de saída local',
};

export const consentSources = ['profile', 'reply'] as const;
export type ConsentSource = (typeof consentSources)[number];

export const messageStatuses = ['queued', 'sent', 'delivered', 'read', 'failed'] as const;
export type MessageStatus = (typeof messageStatuses)[number];
export const messageStatusLabels: Record<MessageStatus, string> = {
  queued: 'Na fila',
  sent: 'Enviada',
  delivered: 'Entregue',
  read: 'Lida',
  failed: 'Falhou',
};

/** The events that may send an SMS or WhatsApp message. */
export const notificationEvents = [
  'pix.confirmed',
  'draw.result',
  'prize.paid',
  'withdrawal.paid',
  'payout.returned',
  'security.alert',
] as const;
export type NotificationEvent = (typeof notificationEvents)[number];

export const notificationMessages = {
  saved: 'Preferências de notificação salvas',
  saveError: 'Erro ao salvar as preferências',
  phoneRequired: 'Informe um celular com DDD para receber SMS ou WhatsApp.',
  phoneInvalid: 'Celular inválido: informe DDD e número, por exemplo (11) 98765-4321.',
  channelOff: (label: string) => `As notificações por ${label} estão desativadas na plataforma.`,
  optedOutReply:
    'Você não receberá mais mensagens do Sorteio Certo por SMS. Para voltar, responda VOLTAR.',
  optedInReply:
    'Pronto! Você voltou a receber mensagens do Sorteio Certo por SMS. Para sair, responda SAIR.',
} as const;

/** Brazil's area codes (DDD) in service (Anatel). */
const DDD = new Set([
  11, 12, 13, 14, 15, 16, 17, 18, 19, 21, 22, 24, 27, 28, 31, 32, 33, 34, 35, 37, 38, 41, 42, 43,
  44, 45, 46, 47, 48, 49, 51, 53, 54, 55, 61, 62, 63, 64, 65, 66, 67, 68, 69, 71, 73, 74, 75, 77,
  79, 81, 82, 83, 84, 85, 86, 87, 88, 89, 91, 92, 93, 94, 95, 96, 97, 98, 99,
]);

/**
 * A Brazilian mobile number as E.164 (+55 DDD 9XXXX-XXXX), or null. Accepts the number as typed:
 * with or without mask, with +55 / 55 / a leading 0 trunk prefix. Only mobiles (11 digits with the
 * leading 9) can receive SMS and WhatsApp here; landlines are refused.
 */
export function toE164Mobile(raw: string): string | null {
  let d = onlyDigits(raw);
  if (d.length === 13 && d.startsWith('55')) d = d.slice(2);
  else if (d.length === 12 && d.startsWith('0')) d = d.slice(1);
  if (d.length !== 11) return null;
  if (!DDD.has(Number(d.slice(0, 2)))) return null;
  if (d[2] !== '9') return null;
  return `+55${d}`;
}

/** +5511987654321 -> (11) 98765-4321 */
export function formatE164(phone: string): string {
  const d = phone.replace(/^\+55/, '');
  return d.length === 11 ? `(${d.slice(0, 2)}) ${d.slice(2, 7)}-${d.slice(7)}` : phone;
}

export const channelPreferenceSchema = z.object({
  optedIn: z.boolean(),
  /** When the player last said yes or no, and how. */
  changedAt: z.string().nullable(),
  source: z.enum(consentSources).nullable(),
  /** The administrator's switch (Config. > Notificações): off = nothing is sent on the channel. */
  enabledByPlatform: z.boolean(),
});
export type ChannelPreference = z.infer<typeof channelPreferenceSchema>;

export const notificationPreferencesSchema = z.object({
  /** E.164, e.g. +5511987654321. */
  phone: z.string().nullable(),
  sms: channelPreferenceSchema,
  whatsapp: channelPreferenceSchema,
  /** Messages per channel per day (security alerts are not limited). */
  dailyLimit: z.number().int(),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

export const updateNotificationPreferencesInputSchema = z.object({
  /** As typed; empty or null removes the phone (and turns both channels off). */
  phone: z
    .string()
    .trim()
    .max(20, { error: notificationMessages.phoneInvalid })
    .nullable()
    .optional()
    .refine((v) => v === undefined || v === null || v === '' || toE164Mobile(v) !== null, {
      error: notificationMessages.phoneInvalid,
    }),
  sms: z.boolean().optional(),
  whatsapp: z.boolean().optional(),
});
export type UpdateNotificationPreferencesInput = z.infer<
  typeof updateNotificationPreferencesInputSchema
>;

export const deliveryLogItemSchema = z.object({
  id: z.string(),
  channel: z.enum(notificationChannels),
  userId: z.string(),
  userEmail: z.string().nullable(),
  toPhone: z.string(),
  event: z.string(),
  template: z.string(),
  body: z.string(),
  provider: z.string(),
  providerMessageId: z.string().nullable(),
  status: z.enum(messageStatuses),
  attempts: z.number().int(),
  error: z.string().nullable(),
  queuedAt: z.string(),
  sentAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  readAt: z.string().nullable(),
  failedAt: z.string().nullable(),
});
export type DeliveryLogItem = z.infer<typeof deliveryLogItemSchema>;

export const deliveryLogQuerySchema = z.object({
  channel: z.enum(notificationChannels).optional(),
  status: z.enum(messageStatuses).optional(),
  userId: z.string().max(64).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type DeliveryLogQuery = z.infer<typeof deliveryLogQuerySchema>;
