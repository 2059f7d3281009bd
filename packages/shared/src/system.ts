/** Contracts of the platform-level endpoints (health, readiness, public figures, mail outbox). */
import { z } from 'zod';

export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  uptimeSeconds: z.number(),
  database: z.object({
    status: z.enum(['ok', 'error']),
    driver: z.enum(['pglite', 'postgres']),
    roundTripMs: z.number().nullable(),
  }),
});
export type Health = z.infer<typeof healthSchema>;

export const readySchema = z.object({
  ready: z.boolean(),
  /** The shared parts not working on this copy now (empty when all is well). */
  down: z.array(z.enum(['shutting-down', 'database', 'redis', 'storage'])).default([]),
});
export type Ready = z.infer<typeof readySchema>;

/** Real figures shown on the landing page instead of an invented claim. */
export const platformStatsSchema = z.object({
  users: z.number().int(),
  openRooms: z.number().int(),
  draws: z.number().int(),
  prizesPaidCentavos: z.number().int(),
});
export type PlatformStats = z.infer<typeof platformStatsSchema>;

/** What the web app needs to know about the server it talks to. */
export const publicConfigSchema = z.object({
  pixProvider: z.enum(['simulator', 'efi']),
  mailOutbox: z.boolean(),
  supportEmail: z.string(),
  supportWhatsapp: z.string(),
  /** The company that operates the platform (footer): name, CNPJ (14 digits) and address. */
  operator: z.object({
    name: z.string(),
    cnpj: z.string(),
    address: z.string(),
    /**
     * The authorisation to run paid draws (authority, act, date YYYY-MM-DD, public record URL);
     * null when a production server was started without one, explicitly acknowledged.
     */
    authorization: z
      .object({
        authority: z.string(),
        act: z.string(),
        date: z.string(),
        url: z.string(),
        demonstration: z.boolean(),
      })
      .nullable(),
  }),
  version: z.string(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

export const outboxMessageSummarySchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  createdAt: z.string(),
});
export type OutboxMessageSummary = z.infer<typeof outboxMessageSummarySchema>;

export const outboxMessageSchema = outboxMessageSummarySchema.extend({
  text: z.string(),
  html: z.string(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

export const outboxIdParamsSchema = z.object({
  id: z.string().regex(/^[a-zA-Z0-9-]{1,80}$/, { error: 'Identificador inválido.' }),
});
