/**
 * The health of the six API services over time (spec 001 "API services screen", for real), and
 * the module's public face (the live check: service-checker.ts; the security tile:
 * security-checks.ts; maintenance windows: maintenance-windows.ts):
 *
 * - A periodic job checks every service (the same live checks as 'Testar') and stores one row per
 *   service with its status and latency; rows older than HISTORY_DAYS are pruned by the same job.
 * - Uptime is the share of stored checks that answered online over 24 h and 7 days. Checks taken
 *   while staff announced a maintenance window are left out (planned work is not downtime);
 *   checks that found a service switched off by a setting ('maintenance') are left out too.
 * - The average response is the mean latency of the stored checks of the last 24 h.
 * - Security is the share of configuration checks that pass (HTTPS, APP_SECRET strength, staff
 *   2FA, the SSRF guard, the PIX provider's TLS and certificate), each listed with its finding.
 * - Maintenance windows: staff put a service in maintenance with a reason and an end time; it is
 *   over by itself at that time (every read compares with now) or when staff end it earlier.
 */
import { type ServiceId, serviceIds } from '@sorteio/shared';
import { and, gt, lt, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { serviceChecks } from '../../db/schema';
import { activeMaintenance } from './maintenance-windows';
import type { ServiceChecker } from './service-checker';

export {
  type MaintenanceWindow,
  activeMaintenance,
  endMaintenance,
  startMaintenance,
} from './maintenance-windows';
export { securityChecks } from './security-checks';
export { type ServiceChecker, createServiceChecker } from './service-checker';

/** How long stored checks are kept (the 7-day uptime needs 7). */
export const HISTORY_DAYS = 8;
/** The interval of the periodic check (the job queue runs it in one server copy). */
export const HEALTH_CHECK_INTERVAL_SECONDS = 60;

/** One round of the periodic job: check every service, store the results, prune old rows. */
export async function runHealthChecks(db: Db, checker: ServiceChecker, now = new Date()) {
  const windows = await activeMaintenance(db, now);
  const results = await Promise.all(
    serviceIds.map(async (id) => ({ id, ...(await checker.check(id, windows)) })),
  );
  await db.insert(serviceChecks).values(
    results.map((r) => ({
      serviceId: r.id,
      checkedAt: now,
      status: r.status,
      latencyMs: r.latencyMs,
      detail: r.detail.slice(0, 500),
    })),
  );
  await db
    .delete(serviceChecks)
    .where(lt(serviceChecks.checkedAt, new Date(now.getTime() - HISTORY_DAYS * 86_400_000)));
  return results;
}

export interface ServiceHealthStats {
  uptime24hPct: number | null;
  uptime7dPct: number | null;
  checkAvgMs: number | null;
  checks24h: number;
  lastCheckAt: string | null;
}

const pct = (ok: number, total: number) =>
  total === 0 ? null : Math.round((ok / total) * 1000) / 10;

/** Uptime and latency of each service from the stored checks. */
export async function healthStats(
  db: Db,
  now = new Date(),
): Promise<{ perService: Map<ServiceId, ServiceHealthStats>; avgResponseMs: number | null }> {
  const day = sql`${new Date(now.getTime() - 86_400_000).toISOString()}::timestamptz`;
  const week = new Date(now.getTime() - 7 * 86_400_000);
  const rows = await db
    .select({
      serviceId: serviceChecks.serviceId,
      counted24: sql<number>`count(*) filter (where ${serviceChecks.checkedAt} > ${day} and ${serviceChecks.status} <> 'maintenance')::int`,
      ok24: sql<number>`count(*) filter (where ${serviceChecks.checkedAt} > ${day} and ${serviceChecks.status} = 'online')::int`,
      counted7: sql<number>`count(*) filter (where ${serviceChecks.status} <> 'maintenance')::int`,
      ok7: sql<number>`count(*) filter (where ${serviceChecks.status} = 'online')::int`,
      checks24: sql<number>`count(*) filter (where ${serviceChecks.checkedAt} > ${day})::int`,
      sum24: sql<number>`coalesce(sum(${serviceChecks.latencyMs}) filter (where ${serviceChecks.checkedAt} > ${day}), 0)::float8`,
      last: sql<string | null>`max(${serviceChecks.checkedAt})`,
    })
    .from(serviceChecks)
    .where(and(gt(serviceChecks.checkedAt, week), lte(serviceChecks.checkedAt, now)))
    .groupBy(serviceChecks.serviceId);
  const perService = new Map<ServiceId, ServiceHealthStats>();
  let sum = 0;
  let n = 0;
  for (const r of rows) {
    if (!(serviceIds as readonly string[]).includes(r.serviceId)) continue;
    const checks24 = Number(r.checks24);
    sum += Number(r.sum24);
    n += checks24;
    perService.set(r.serviceId as ServiceId, {
      uptime24hPct: pct(Number(r.ok24), Number(r.counted24)),
      uptime7dPct: pct(Number(r.ok7), Number(r.counted7)),
      checkAvgMs: checks24 === 0 ? null : Math.round((Number(r.sum24) / checks24) * 10) / 10,
      checks24h: checks24,
      lastCheckAt: r.last ? new Date(r.last).toISOString() : null,
    });
  }
  return { perService, avgResponseMs: n === 0 ? null : Math.round((sum / n) * 10) / 10 };
}

/** The mean of the services' uptimes that have checks in the window. */
export function averageUptime(values: (number | null)[]): number | null {
  const known = values.filter((v): v is number => v !== null);
  if (known.length === 0) return null;
  return Math.round((known.reduce((a, b) => a + b, 0) / known.length) * 10) / 10;
}
