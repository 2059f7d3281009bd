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
  type ServiceId,
  type ServiceStatus,
  serviceIds,
  serviceStatusSchema,
} from '@sorteio/shared';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { requirePermission } from '../../lib/authz';
import { AppError } from '../../lib/errors';
import type { App } from '../../lib/fastify';
import type { Mailer } from '../mail/mail.service';
import { getSetting } from '../settings/settings.service';
import type { PixRuntime } from './pix-config.service';

const SAMPLES = 500;
const ERRORS = 20;

const services: Record<ServiceId, { name: string; prefixes: string[] }> = {
  auth: { name: 'Auth', prefixes: ['/api/auth', '/api/me'] },
  'payment-pix': {
    name: 'Payment PIX',
    prefixes: ['/api/payments', '/api/wallet', '/api/webhooks/pix', '/api/admin/pix'],
  },
  draws: { name: 'Draws', prefixes: ['/api/rooms', '/api/draws', '/api/private-rooms'] },
  notifications: {
    name: 'Notifications',
    prefixes: ['/api/admin/campaigns', '/api/r/', '/api/profile/marketing'],
  },
  analytics: {
    name: 'Analytics',
    prefixes: [
      '/api/admin/analytics',
      '/api/admin/dashboard',
      '/api/admin/finance',
      '/api/public/stats',
    ],
  },
  webhooks: {
    name: 'Webhooks',
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

export function registerServiceRoutes(
  app: App,
  deps: { db: Db; mailer: Mailer; pix: PixRuntime; startedAt: number },
) {
  const { db, mailer, pix } = deps;
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

  /** A live check of each service: online, maintenance (turned off by a setting) or offline. */
  async function check(
    id: ServiceId,
  ): Promise<{ status: ServiceStatus['status']; detail: string }> {
    try {
      switch (id) {
        case 'auth':
          await db.execute(sql`select 1 from "session" limit 1`);
          return { status: 'online', detail: 'Sessões no banco respondendo.' };
        case 'payment-pix': {
          if (!(await getSetting(db, 'payments.pixEnabled')))
            return { status: 'maintenance', detail: 'PIX desativado nas configurações.' };
          const provider = await pix.current();
          if (!provider) return { status: 'offline', detail: 'Nenhum provedor PIX configurado.' };
          if (provider.kind === 'simulator')
            return { status: 'online', detail: 'Simulador PIX ativo.' };
          return { status: 'online', detail: await provider.checkConnection() };
        }
        case 'draws':
          await db.execute(sql`select count(*) from salas where status = 'aberta'`);
          return { status: 'online', detail: 'Salas e sorteios respondendo.' };
        case 'notifications': {
          if (!(await getSetting(db, 'notifications.email')))
            return { status: 'maintenance', detail: 'Notificações por e-mail desativadas.' };
          return {
            status: 'online',
            detail: mailer.check ? await mailer.check() : 'Fila de e-mail ativa.',
          };
        }
        case 'analytics':
          await db.execute(sql`select count(*) from participacoes`);
          return { status: 'online', detail: 'Consultas de métricas respondendo.' };
        case 'webhooks': {
          const result = await db.execute(
            sql`select count(*) filter (where status = 'failed' and created_at > now() - interval '1 hour')::int as failed
                from webhook_deliveries`,
          );
          const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
            failed: number;
          }[];
          const failed = Number(rows[0]?.failed ?? 0);
          return failed > 0
            ? { status: 'maintenance', detail: `${failed} entregas falharam na última hora.` }
            : { status: 'online', detail: 'Entregas de webhook em dia.' };
        }
      }
    } catch (error) {
      return { status: 'offline', detail: error instanceof Error ? error.message : String(error) };
    }
  }

  function routesOf(id: ServiceId) {
    return app.routeTable.filter((r) => services[id].prefixes.some((p) => r.url.startsWith(p)));
  }

  async function statusOf(id: ServiceId): Promise<ServiceStatus> {
    const live = await check(id);
    const s = samples.get(id)!;
    const routes = routesOf(id);
    const methods = [...new Set(routes.map((r) => r.method))].filter(
      (m): m is ServiceStatus['methods'][number] =>
        ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'].includes(m),
    );
    const avg =
      s.durations.length === 0 ? 0 : s.durations.reduce((a, b) => a + b, 0) / s.durations.length;
    return {
      id,
      name: services[id].name,
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
    };
  }

  app.get(
    '/api/admin/services',
    {
      schema: {
        tags: ['admin'],
        summary: 'Serviços da API: status, rotas e tempos',
        response: { 200: z.object({ items: z.array(serviceStatusSchema) }) },
      },
    },
    async (request) => {
      await requirePermission(request, 'services.read');
      return { items: await Promise.all(serviceIds.map(statusOf)) };
    },
  );

  app.post(
    '/api/admin/services/:id/test',
    {
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
    { schema: { hide: true, params: z.object({ '*': z.string() }) } },
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
}
