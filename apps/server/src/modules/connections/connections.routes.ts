/** The APIs tab (spec 001 "Admin connections tab"): connections, tests and webhook deliveries. */
import {
  connectionListSchema,
  connectionSchema,
  connectionTestResultSchema,
  type SaveConnectionInput,
  saveConnectionInputSchema,
  webhookDeliverySchema,
} from '@sorteio/shared';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client';
import type { KeyRing } from '../../lib/key-ring';
import { requirePermission } from '../../lib/authz';
import { permission } from '../../lib/route-permission';
import type { App } from '../../lib/fastify';
import { actorOf } from '../audit/audit.service';
import {
  deleteConnection,
  listConnections,
  listDeliveries,
  resendDelivery,
  saveConnection,
} from './connections.service';
import { testConnection } from './connection-test';
import type { WebhookRuntime } from './webhooks';

const idParams = z.object({ id: z.uuid({ error: 'Conexão não encontrada.' }) });
const deliveryParams = z.object({ deliveryId: z.string().regex(/^msg_[a-f0-9]{24}$/) });
const savedSchema = z.object({
  connection: connectionSchema,
  /** A webhook's new signing secret, shown once. */
  signingSecret: z.string().nullable(),
});

export function registerConnectionRoutes(
  app: App,
  deps: { db: Db; keyRing: KeyRing; webhooks: WebhookRuntime },
) {
  const { db, keyRing, webhooks } = deps;
  /** Creates (`id` null) or edits a connection as the signed-in staff member. */
  const save = async (request: FastifyRequest, id: string | null, input: SaveConnectionInput) => {
    const staff = await requirePermission(request, 'connections.manage');
    return saveConnection({ db, keyRing, actor: actorOf(staff, request), id, input });
  };

  app.get(
    '/api/admin/connections',
    {
      preValidation: permission('connections.manage'),
      schema: {
        tags: ['admin'],
        summary: 'Conexões externas (contadores e lista)',
        response: { 200: connectionListSchema },
      },
    },
    async (request) => {
      await requirePermission(request, 'connections.manage');
      return listConnections(db);
    },
  );

  app.post(
    '/api/admin/connections',
    {
      preValidation: permission('connections.manage'),
      schema: {
        tags: ['admin'],
        summary: 'Criar conexão',
        body: saveConnectionInputSchema,
        response: { 200: savedSchema },
      },
    },
    async (request) => save(request, null, request.body),
  );

  app.put(
    '/api/admin/connections/:id',
    {
      preValidation: permission('connections.manage'),
      schema: {
        tags: ['admin'],
        summary: 'Editar conexão',
        params: idParams,
        body: saveConnectionInputSchema,
        response: { 200: savedSchema },
      },
    },
    async (request) => save(request, request.params.id, request.body),
  );

  app.delete(
    '/api/admin/connections/:id',
    {
      preValidation: permission('connections.manage'),
      schema: {
        tags: ['admin'],
        summary: 'Excluir conexão',
        params: idParams,
        response: { 200: z.object({ ok: z.boolean() }) },
      },
    },
    async (request) => {
      const staff = await requirePermission(request, 'connections.manage');
      await deleteConnection(db, actorOf(staff, request), request.params.id);
      return { ok: true };
    },
  );

  app.post(
    '/api/admin/connections/:id/test',
    {
      preValidation: permission('connections.manage'),
      schema: {
        tags: ['admin'],
        summary: 'Testar conexão (requisição real)',
        params: idParams,
        response: { 200: connectionTestResultSchema },
      },
    },
    async (request) => {
      await requirePermission(request, 'connections.manage');
      return testConnection({ db, keyRing, id: request.params.id });
    },
  );

  app.get(
    '/api/admin/connections/:id/deliveries',
    {
      preValidation: permission('connections.manage'),
      schema: {
        tags: ['admin'],
        summary: 'Entregas de webhook (últimas 50)',
        params: idParams,
        response: { 200: z.object({ items: z.array(webhookDeliverySchema) }) },
      },
    },
    async (request) => {
      await requirePermission(request, 'connections.manage');
      return { items: await listDeliveries(db, request.params.id) };
    },
  );

  app.post(
    '/api/admin/webhook-deliveries/:deliveryId/resend',
    {
      preValidation: permission('connections.manage'),
      schema: {
        tags: ['admin'],
        summary: 'Reenviar uma entrega de webhook',
        params: deliveryParams,
        response: { 200: z.object({ ok: z.boolean() }) },
      },
    },
    async (request) => {
      const staff = await requirePermission(request, 'connections.manage');
      await resendDelivery(db, actorOf(staff, request), request.params.deliveryId, webhooks);
      return { ok: true };
    },
  );
}
