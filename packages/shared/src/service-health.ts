/**
 * Contracts of the services' health (spec 001 "API services screen"): the services, their names as
 * players read them, the security checks, and the maintenance windows and their public notices.
 */
import { z } from 'zod';

const isoDate = z.string();

export const serviceIds = [
  'auth',
  'payment-pix',
  'draws',
  'notifications',
  'analytics',
  'webhooks',
] as const;
export type ServiceId = (typeof serviceIds)[number];

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
