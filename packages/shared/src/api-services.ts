/**
 * Contracts of the API-services screen (spec 001 "API services screen"): each service's status,
 * routes, response times and measured availability, and the screen's summary.
 */
import { z } from 'zod';
import { serviceIds, securityCheckSchema } from './service-health';

const isoDate = z.string();

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
