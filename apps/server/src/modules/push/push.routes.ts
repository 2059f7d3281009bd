/** Web push: the VAPID public key and the device's subscription (the player's opt-in). */
import {
  deletePushSubscriptionInputSchema,
  pushPublicKeySchema,
  pushSubscriptionInputSchema,
  pushSubscriptionResultSchema,
} from '@sorteio/shared';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { requireUser } from '../../lib/authz';
import type { App } from '../../lib/fastify';
import { deleteSubscription, saveSubscription, vapidKeys } from './push.service';

export function registerPushRoutes(app: App, { db, config }: { db: Db; config: Config }) {
  app.get(
    '/api/push/public-key',
    {
      schema: {
        tags: ['push'],
        summary: 'Chave pública VAPID para assinar as notificações deste aparelho',
        response: { 200: pushPublicKeySchema },
      },
    },
    async () => ({ publicKey: (await vapidKeys(db, config)).publicKey }),
  );

  app.post(
    '/api/push/subscriptions',
    {
      schema: {
        tags: ['push'],
        summary: 'Receber notificações neste aparelho',
        body: pushSubscriptionInputSchema,
        response: { 200: pushSubscriptionResultSchema },
      },
    },
    async (request) => {
      const me = await requireUser(request);
      await saveSubscription(db, {
        userId: me.id,
        input: request.body,
        userAgent: request.headers['user-agent'] ?? null,
      });
      return { subscribed: true };
    },
  );

  app.delete(
    '/api/push/subscriptions',
    {
      schema: {
        tags: ['push'],
        summary: 'Parar de receber notificações neste aparelho',
        body: deletePushSubscriptionInputSchema,
        response: { 200: pushSubscriptionResultSchema },
      },
    },
    async (request) => {
      const me = await requireUser(request);
      await deleteSubscription(db, { userId: me.id, endpoint: request.body.endpoint });
      return { subscribed: false };
    },
  );
}
