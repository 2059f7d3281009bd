/**
 * Contracts of the administrator dashboard (spec 001): the metrics, system alerts, recent
 * activity, the live figures and what the signed-in staff member may open. Amounts in centavos.
 */
import { z } from 'zod';
import { roleSchema } from './auth';

const isoDate = z.string();

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

export const adminAccessSchema = z.object({
  is_admin: z.boolean(),
  is_authenticated: z.boolean(),
  admin_record_exists: z.boolean(),
  role: roleSchema,
  permissions: z.array(z.string()),
  twoFactorEnabled: z.boolean(),
});
export type AdminAccess = z.infer<typeof adminAccessSchema>;
