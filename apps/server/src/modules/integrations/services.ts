/**
 * /api-services (spec 001 "API services screen"): the six services with real status from live
 * checks, their endpoints and methods from the server's own route table (the OpenAPI document is
 * built from it), uptime since start, average and p95 response time and recent errors from this
 * server copy's own measurements, and the OpenAPI viewer (swagger-ui-dist) for staff.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import {
  type MaintenanceNotice,
  type ServiceId,
  type ServiceStatus,
  maintenanceNoticesSchema,
  serviceIds,
  servicePlayerLabels,
  serviceStatusSchema,
  servicesOverviewSchema,
  startMaintenanceInputSchema,
} from '@sorteio/shared';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { requirePermission } from '../../lib/authz';
import { permission } from '../../lib/route-permission';
import { AppError } from '../../lib/errors';
import type { App } from '../../lib/fastify';
import { actorOf } from '../audit/audit.service';
import type { Mailer } from '../mail/mail.service';
import type { PixRuntime } from './pix-config.service';
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
} from './service-health';

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

export function registerServiceRoutes(
  app: App,
  deps: { db: Db; mailer: Mailer; pix: PixRuntime; config: Config; startedAt: number },
): ServiceHealthRuntime {
  const { db, mailer, pix, config } = deps;
  const samples = new Map<
    ServiceId,
    { durations: number[]; requests: number; errors: ServiceStatus['errors'] }
  >(serviceIds.map((id) => [id, { durations: [], requests: 0, errors: [] }]));

  app.addHook('onResponse', async (request, reply) => {
    const url = request.routeOptions.url ?? request.url;
    const id = serviceOf(url);
    if (!id) return;
    const s = samples.get(id)!;
    s.requests += 1;
    s.durations.push(reply.elapsedTime);
    if (s.durations.length > SAMPLES) s.durations.shift();
    if (reply.statusCode >= 500) {
      s.errors.unshift({ at: new Date().toISOString(), status: reply.statusCode, url });
      if (s.errors.length > ERRORS) s.errors.pop();
    }
  });

  const checker = createServiceChecker({ db, mailer, pix });

  function routesOf(id: ServiceId) {
    return app.routeTable.filter((r) => services[id].prefixes.some((p) => r.url.startsWith(p)));
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

  app.get(
    '/api/admin/services',
    {
      preValidation: permission('services.read'),
      schema: {
        tags: ['admin'],
        summary: 'Serviços da API: status, rotas, tempos, disponibilidade medida e segurança',
        response: { 200: servicesOverviewSchema },
      },
    },
    async (request) => {
      await requirePermission(request, 'services.read');
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
    },
  );

  app.post(
    '/api/admin/services/:id/test',
    {
      preValidation: permission('services.read'),
      schema: {
        tags: ['admin'],
        summary: 'Testar um serviço agora',
        params: z.object({ id: z.enum(serviceIds) }),
        response: { 200: serviceStatusSchema },
      },
    },
    async (request) => {
      await requirePermission(request, 'services.read');
      return statusOf(request.params.id);
    },
  );

  app.put(
    '/api/admin/services/:id/maintenance',
    {
      preValidation: permission('services.manage'),
      schema: {
        tags: ['admin'],
        summary: 'Colocar um serviço em manutenção até um horário (aviso aos jogadores)',
        params: z.object({ id: z.enum(serviceIds) }),
        body: startMaintenanceInputSchema,
        response: { 200: serviceStatusSchema },
      },
    },
    async (request) => {
      const staff = await requirePermission(request, 'services.manage');
      await startMaintenance(db, request.params.id, request.body, actorOf(staff, request));
      notices = null;
      return statusOf(request.params.id);
    },
  );

  app.delete(
    '/api/admin/services/:id/maintenance',
    {
      preValidation: permission('services.manage'),
      schema: {
        tags: ['admin'],
        summary: 'Encerrar a manutenção de um serviço antes do horário',
        params: z.object({ id: z.enum(serviceIds) }),
        response: { 200: serviceStatusSchema },
      },
    },
    async (request) => {
      const staff = await requirePermission(request, 'services.manage');
      await endMaintenance(db, request.params.id, actorOf(staff, request));
      notices = null;
      return statusOf(request.params.id);
    },
  );

  app.get(
    '/api/public/maintenance',
    {
      schema: {
        tags: ['public'],
        summary: 'Avisos de manutenção em vigor (serviço, motivo e término)',
        response: { 200: maintenanceNoticesSchema },
      },
    },
    async (_request, reply) => {
      const now = Date.now();
      const items = (await currentNotices()).filter((n) => Date.parse(n.endsAt) > now);
      // Cached no longer than the first notice lasts, so it disappears on time.
      const untilFirstEnd = Math.min(
        ...items.map((n) => Math.floor((Date.parse(n.endsAt) - now) / 1000)),
        NOTICES_MAX_AGE_SECONDS,
      );
      reply.header('cache-control', `public, max-age=${Math.max(0, untilFirstEnd)}`);
      return { items };
    },
  );

  // The interactive OpenAPI viewer (swagger-ui-dist), for staff only.
  const uiRoot = path.dirname(
    createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'),
  );
  const assets: Record<string, string> = {
    'swagger-ui.css': 'text/css; charset=utf-8',
    'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
    'swagger-ui-standalone-preset.js': 'text/javascript; charset=utf-8',
  };
  const page = `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8">
<title>Documentação da API</title><link rel="stylesheet" href="/api/admin/docs/swagger-ui.css"></head>
<body><div id="swagger-ui"></div>
<script src="/api/admin/docs/swagger-ui-bundle.js"></script>
<script src="/api/admin/docs/swagger-ui-standalone-preset.js"></script>
<script src="/api/admin/docs/init.js"></script></body></html>`;
  const init = `window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#swagger-ui', deepLinking: true,
  tryItOutEnabled: true, presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset], layout: 'StandaloneLayout' });`;

  app.get(
    '/api/admin/docs/*',
    {
      preValidation: permission('services.read'),
      schema: { hide: true, params: z.object({ '*': z.string() }) },
    },
    async (request, reply) => {
      await requirePermission(request, 'services.read');
      const file = request.params['*'];
      if (file === '' || file === 'index.html')
        return reply.header('content-type', 'text/html; charset=utf-8').send(page);
      if (file === 'init.js')
        return reply.header('content-type', 'text/javascript; charset=utf-8').send(init);
      const type = assets[file];
      if (!type) throw new AppError('NOT_FOUND');
      const body = await readFile(path.join(uiRoot, file));
      return reply
        .header('content-type', type)
        .header('cache-control', 'private, max-age=3600')
        .send(body);
    },
  );

  return { runOnce: (now) => runHealthChecks(db, checker, now) };
}
