/**
 * /api-services (spec 001 "API services screen"): the services' status, tests and maintenance
 * windows for staff, the players' maintenance notices, and the OpenAPI viewer for staff.
 */
import {
  maintenanceNoticesSchema,
  serviceIds,
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
import type { PixRuntime } from '../pix-setup/pix-setup.service';
import { readDocsFile } from './api-docs';
import { type ServiceHealthRuntime, createApiServices } from './api-services.service';

export type { ServiceHealthRuntime } from './api-services.service';

export function registerServiceRoutes(
  app: App,
  deps: { db: Db; mailer: Mailer; pix: PixRuntime; config: Config; startedAt: number },
): ServiceHealthRuntime {
  const services = createApiServices({ ...deps, routes: () => app.routeTable });

  app.addHook('onResponse', async (request, reply) => {
    services.record(request.routeOptions.url ?? request.url, reply.statusCode, reply.elapsedTime);
  });

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
      return services.overview();
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
      return services.status(request.params.id);
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
      return services.startMaintenance(request.params.id, request.body, actorOf(staff, request));
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
      return services.endMaintenance(request.params.id, actorOf(staff, request));
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
      const { items, maxAgeSeconds } = await services.publicNotices();
      reply.header('cache-control', `public, max-age=${maxAgeSeconds}`);
      return { items };
    },
  );

  app.get(
    '/api/admin/docs/*',
    {
      preValidation: permission('services.read'),
      schema: { hide: true, params: z.object({ '*': z.string() }) },
    },
    async (request, reply) => {
      await requirePermission(request, 'services.read');
      const file = await readDocsFile(request.params['*']);
      if (!file) throw new AppError('NOT_FOUND');
      reply.header('content-type', file.type);
      if (file.cache) reply.header('cache-control', 'private, max-age=3600');
      return reply.send(file.body);
    },
  );

  return services.runtime;
}
