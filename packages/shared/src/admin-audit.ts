/**
 * Contracts of the staff audit log (spec 001): an entry, the filters and the page.
 */
import { z } from 'zod';

const isoDate = z.string();

export const auditEntrySchema = z.object({
  id: z.string(),
  actorId: z.string().nullable(),
  actorEmail: z.string().nullable(),
  actorRole: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  ip: z.string().nullable(),
  createdAt: isoDate,
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditListQuerySchema = z.object({
  actor: z.string().trim().max(254).optional(),
  action: z.string().trim().max(64).optional(),
  target: z.string().trim().max(64).optional(),
  from: z.iso.date({ error: 'Data inicial inválida.' }).optional(),
  to: z.iso.date({ error: 'Data final inválida.' }).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export const auditListSchema = z.object({
  items: z.array(auditEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
