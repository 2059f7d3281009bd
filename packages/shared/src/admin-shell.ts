/**
 * Contracts of the administrator area's frame (the admin-shell feature): the pending prizes count
 * and the diagnostics run. Amounts in centavos.
 */
import { z } from 'zod';

const isoDate = z.string();

export const pendingPrizesSchema = z.object({
  count: z.number().int(),
  amount: z.number().int(),
});

export const diagnosticsReportSchema = z.object({
  ok: z.boolean(),
  checks: z.array(
    z.object({ name: z.string(), ok: z.boolean(), detail: z.string(), ms: z.number() }),
  ),
  userCount: z.number().int(),
  roomCount: z.number().int(),
  at: isoDate,
});
export type DiagnosticsReport = z.infer<typeof diagnosticsReportSchema>;
