/**
 * The player's "Notificações" card (phone and per-channel consent), the administrator's delivery
 * log, while no provider is configured the local outbox of SMS and WhatsApp messages, and the
 * providers' webhooks (webhooks.routes.ts).
 */
import {
  channelDeliverySchema,
  deliveryLogItemSchema,
  deliveryLogQuerySchema,
  notificationPreferencesSchema,
  updateNotificationPreferencesInputSchema,
} from '@sorteio/shared';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { requirePermission, requireUser } from '../../lib/authz';
import { permission } from '../../lib/route-permission';
import { notFound } from '../../lib/errors';
import type { App } from '../../lib/fastify';
import { getPreferences, listDeliveryLog, updatePreferences } from './notifications.service';
import { channelDelivery } from './notifications.runtime';
import { registerNotificationWebhooks } from './webhooks.routes';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-forwarded-host', 'x-real-ip', 'via'];

export function registerNotificationRoutes(app: App, deps: { db: Db; config: Config }) {
  const { db, config } = deps;

  app.get(
    '/api/profile/notifications',
    {
      schema: {
        tags: ['profile'],
        summary: 'Minhas preferências de SMS e WhatsApp',
        response: { 200: notificationPreferencesSchema },
      },
    },
    async (request) => {
      const me = await requireUser(request);
      return getPreferences(db, me.id, config.notify.dailyLimit);
    },
  );

  app.put(
    '/api/profile/notifications',
    {
      schema: {
        tags: ['profile'],
        summary: 'Salvar celular e consentimento por canal',
        body: updateNotificationPreferencesInputSchema,
        response: { 200: notificationPreferencesSchema },
      },
    },
    async (request) => {
      const me = await requireUser(request);
      await updatePreferences(db, me.id, request.body, `perfil (${request.ip})`);
      return getPreferences(db, me.id, config.notify.dailyLimit);
    },
  );

  app.get(
    '/api/admin/notifications/channels',
    {
      preValidation: permission('settings.read'),
      schema: {
        tags: ['admin'],
        summary: 'Como cada canal entrega agora: provedor conectado ou caixa de saída local',
        response: { 200: z.array(channelDeliverySchema) },
      },
    },
    async (request) => {
      await requirePermission(request, 'settings.read');
      return channelDelivery(config);
    },
  );

  app.get(
    '/api/admin/notifications/messages',
    {
      preValidation: permission('settings.read'),
      schema: {
        tags: ['admin'],
        summary: 'Registro de entrega de SMS e WhatsApp',
        querystring: deliveryLogQuerySchema,
        response: { 200: z.array(deliveryLogItemSchema) },
      },
    },
    async (request) => {
      await requirePermission(request, 'settings.read');
      return listDeliveryLog(db, request.query);
    },
  );

  // The local outbox of SMS and WhatsApp: only while a channel has no provider, only where the
  // mail outbox page may be read (the machine itself, never through a proxy).
  const offline = !config.notify.twilio || !config.notify.whatsapp;
  if (config.mailOutboxPage && offline) {
    app.get(
      '/api/dev/outbox-messages',
      {
        schema: {
          tags: ['system'],
          summary: 'SMS e WhatsApp da caixa de saída local',
          response: { 200: z.array(deliveryLogItemSchema) },
        },
        onRequest: async (request) => {
          if (
            !LOOPBACK.has(request.socket.remoteAddress ?? '') ||
            FORWARDING_HEADERS.some((h) => request.headers[h] !== undefined)
          )
            throw notFound();
        },
      },
      async () =>
        (await listDeliveryLog(db, { limit: 100 })).filter((m) => m.provider === 'outbox'),
    );
  }

  registerNotificationWebhooks(app, { db, config });
}
