/**
 * The API services (spec 001 "API services screen"): the six services with real status from live
 * checks, their endpoints and methods from the server's own route table (the OpenAPI document is
 * built from it), uptime since start, average and p95 response time and recent errors from this
 * server copy's own measurements, and the players' maintenance notices.
 */
import {
  type MaintenanceNotice,
  type ServiceId,
  type ServiceStatus,
  type ServicesOverview,
  type StartMaintenanceInput,
  serviceIds,
  servicePlayerLabels,
} from '@sorteio/shared';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { AuditActor } from '../audit/audit.service';
import type { Mailer } from '../mail/mail.service';
import type { PixRuntime } from '../pix-setup/pix-setup.service';
import {
  type MaintenanceWindow,
  type ServiceHealthStats,
  activeMaintenance,
  averageUptime,
  createServiceChecker,
  endMaintenance,
  healthStats,
  runHealthChecks,
  securityChecks,
  startMaintenance,
} from '../service-health/service-health.service';

/** How long a copy reuses the public maintenance notices (players' screens poll them). */
const NOTICES_MEMO_MS = 5_000;
/** Longest a browser or proxy may keep the public notices. */
const NOTICES_MAX_AGE_SECONDS = 30;

const SAMPLES = 500;
const ERRORS = 20;

// The services' names come from `servicePlayerLabels`: the staff and the players read the same words.
const services: Record<ServiceId, { prefixes: string[] }> = {
  auth: { prefixes: ['/api/auth', '/api/me'] },
  'payment-pix': {
    prefixes: ['/api/payments', '/api/wallet', '/api/webhooks/pix', '/api/admin/pix'],
  },
  draws: { prefixes: ['/api/rooms', '/api/draws', '/api/private-rooms'] },
  notifications: {
    prefixes: ['/api/admin/campaigns', '/api/r/', '/api/profile/marketing'],
  },
  analytics: {
    prefixes: [
      '/api/admin/analytics',
      '/api/admin/dashboard',
      '/api/admin/finance',
      '/api/public/stats',
    ],
  },
  webhooks: {
    prefixes: ['/api/admin/connections', '/api/admin/webhook-deliveries'],
  },
};

function serviceOf(url: string): ServiceId | null {
  for (const id of serviceIds) if (services[id].prefixes.some((p) => url.startsWith(p))) return id;
  return null;
}

function p95(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)]!;
}

export interface ServiceHealthRuntime {
  /** One round of the periodic health check (the job queue calls it; tests too). */
  runOnce(now?: Date): Promise<unknown>;
}

export type ApiServices = ReturnType<typeof createApiServices>;

/** One per server copy: its measurements live in memory. */
export function createApiServices(deps: {
  db: Db;
  mailer: Mailer;
  pix: PixRuntime;
  config: Config;
  startedAt: number;
  /** The server's routes (method and URL), read when a status is built. */
  routes: () => readonly { method: string; url: string }[];
}) {
  const { db, mailer, pix, config } = deps;
  const samples = new Map<
    ServiceId,
    { durations: number[]; requests: number; errors: ServiceStatus['errors'] }
  >(serviceIds.map((id) => [id, { durations: [], requests: 0, errors: [] }]));

  /** Counts one answered request toward its service (time, and the error if it was a 5xx). */
  function record(url: string, statusCode: number, elapsedMs: number): void {
    const id = serviceOf(url);
    if (!id) return;
    const s = samples.get(id)!;
    s.requests += 1;
    s.durations.push(elapsedMs);
    if (s.durations.length > SAMPLES) s.durations.shift();
    if (statusCode >= 500) {
      s.errors.unshift({ at: new Date().toISOString(), status: statusCode, url });
      if (s.errors.length > ERRORS) s.errors.pop();
    }
  }

  const checker = createServiceChecker({ db, mailer, pix });

  function routesOf(id: ServiceId) {
    return deps.routes().filter((r) => services[id].prefixes.some((p) => r.url.startsWith(p)));
  }

  const noStats: ServiceHealthStats = {
    uptime24hPct: null,
    uptime7dPct: null,
    checkAvgMs: null,
    checks24h: 0,
    lastCheckAt: null,
  };

  async function statusOf(
    id: ServiceId,
    context?: {
      windows: Map<ServiceId, MaintenanceWindow>;
      stats: Map<ServiceId, ServiceHealthStats>;
    },
  ): Promise<ServiceStatus> {
    const windows = context?.windows ?? (await activeMaintenance(db));
    const stats = context?.stats ?? (await healthStats(db)).perService;
    const live = await checker.check(id, windows);
    const s = samples.get(id)!;
    const routes = routesOf(id);
    const methods = [...new Set(routes.map((r) => r.method))].filter(
      (m): m is ServiceStatus['methods'][number] =>
        ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'].includes(m),
    );
    const avg =
      s.durations.length === 0 ? 0 : s.durations.reduce((a, b) => a + b, 0) / s.durations.length;
    const window = windows.get(id);
    return {
      id,
      name: servicePlayerLabels[id],
      status: live.status,
      detail: live.detail,
      endpoint: services[id].prefixes[0]!,
      methods,
      endpoints: routes.length,
      uptimeSeconds: Math.round((Date.now() - deps.startedAt) / 1000),
      requests: s.requests,
      avgMs: Math.round(avg * 10) / 10,
      p95Ms: Math.round(p95(s.durations) * 10) / 10,
      errors: s.errors,
      ...(stats.get(id) ?? noStats),
      maintenance: window
        ? {
            reason: window.reason,
            startsAt: window.startsAt.toISOString(),
            endsAt: window.endsAt.toISOString(),
          }
        : null,
    };
  }

  // Public maintenance notices, memoized briefly per copy and cleared by a change on this copy.
  let notices: { at: number; items: Promise<MaintenanceNotice[]> } | null = null;
  function currentNotices(): Promise<MaintenanceNotice[]> {
    const now = Date.now();
    if (!notices || now - notices.at > NOTICES_MEMO_MS) {
      const items = activeMaintenance(db).then((windows) =>
        [...windows.values()].map((w) => ({
          service: w.serviceId,
          name: servicePlayerLabels[w.serviceId],
          reason: w.reason,
          startsAt: w.startsAt.toISOString(),
          endsAt: w.endsAt.toISOString(),
        })),
      );
      items.catch(() => {
        notices = null;
      });
      notices = { at: now, items };
    }
    return notices.items;
  }

  async function overview(): Promise<ServicesOverview> {
    const [windows, health, security] = await Promise.all([
      activeMaintenance(db),
      healthStats(db),
      securityChecks({ config, db, pix }),
    ]);
    const items = await Promise.all(
      serviceIds.map((id) => statusOf(id, { windows, stats: health.perService })),
    );
    const passed = security.filter((c) => c.ok).length;
    return {
      items,
      summary: {
        activeServices: items.filter((i) => i.status === 'online').length,
        totalServices: items.length,
        uptime24hPct: averageUptime(items.map((i) => i.uptime24hPct)),
        uptime7dPct: averageUptime(items.map((i) => i.uptime7dPct)),
        avgResponseMs: health.avgResponseMs,
        securityPct: security.length === 0 ? 0 : Math.round((passed / security.length) * 100),
        security,
      },
    };
  }

  /** The notices in force now, and how long a browser or proxy may keep them. */
  async function publicNotices(): Promise<{ items: MaintenanceNotice[]; maxAgeSeconds: number }> {
    const now = Date.now();
    const items = (await currentNotices()).filter((n) => Date.parse(n.endsAt) > now);
    // Cached no longer than the first notice lasts, so it disappears on time.
    const untilFirstEnd = Math.min(
      ...items.map((n) => Math.floor((Date.parse(n.endsAt) - now) / 1000)),
      NOTICES_MAX_AGE_SECONDS,
    );
    return { items, maxAgeSeconds: Math.max(0, untilFirstEnd) };
  }

  return {
    record,
    overview,
    status: (id: ServiceId) => statusOf(id),
    async startMaintenance(id: ServiceId, input: StartMaintenanceInput, actor: AuditActor) {
      await startMaintenance(db, id, input, actor);
      notices = null;
      return statusOf(id);
    },
    async endMaintenance(id: ServiceId, actor: AuditActor) {
      await endMaintenance(db, id, actor);
      notices = null;
      return statusOf(id);
    },
    publicNotices,
    runtime: { runOnce: (now) => runHealthChecks(db, checker, now) } satisfies ServiceHealthRuntime,
  };
}
