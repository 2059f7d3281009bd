/**
 * Contracts of the connections tab (spec 001 "Admin connections tab"): external connections,
 * their test, and the signed outgoing webhooks with their deliveries.
 */
import { z } from 'zod';
import { integrationMessages } from './integration-messages';

const isoDate = z.string();

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
