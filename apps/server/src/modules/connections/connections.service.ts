/**
 * External connections (spec 001 "Admin connections tab") and outgoing webhooks.
 *
 * - The config is JSON text that must parse to an object (a clear error, never silently ignored).
 *   It is stored sealed with the key ring of APP_SECRET; the list shows it with secret-looking values
 *   masked, and an edit that sends a masked value back keeps the stored secret.
 * - 'Testar' makes a real request (connection-test.ts).
 * - Webhooks follow the Standard Webhooks convention (https://www.standardwebhooks.com/):
 *   webhook-id, webhook-timestamp and webhook-signature = "v1," + base64 HMAC-SHA256 over
 *   "id.timestamp.body" with the connection's secret ("whsec_" + base64). Each delivery is a row;
 *   failed attempts are retried with backoff through the job queue (webhook-deliveries.ts).
 */
import { randomBytes } from 'node:crypto';
import {
  type Connection,
  type SaveConnectionInput,
  type WebhookDelivery,
  saveConnectionInputSchema,
} from '@sorteio/shared';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { externalConnections, webhookDeliveries } from '../../db/schema';
import { AppError, notFound } from '../../lib/errors';
import type { KeyRing } from '../../lib/key-ring';
import type { AuditActor } from '../audit/audit.service';
import { writeAudit } from '../audit/audit.service';
import {
  connectionSealer as sealer,
  keepMasked,
  maskConfig,
  parseConfig,
} from './connection-config';
import { getRow, toConnection } from './connection-rows';
import { type WebhookDispatcher, forgetWebhookTargets } from './webhook-deliveries';

export { resealConnectionConfigs } from './connection-config';

export function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString('base64')}`;
}

export async function listConnections(db: Db) {
  const rows = await db
    .select()
    .from(externalConnections)
    .orderBy(desc(externalConnections.createdAt));
  const items = rows.map(toConnection);
  return {
    items,
    counts: {
      total: items.length,
      active: items.filter((c) => c.is_active).length,
      api: items.filter((c) => c.connection_type === 'api').length,
      webhook: items.filter((c) => c.connection_type === 'webhook').length,
    },
  };
}

export async function saveConnection(options: {
  db: Db;
  keyRing: KeyRing;
  actor: AuditActor;
  id: string | null;
  input: SaveConnectionInput;
}): Promise<{ connection: Connection; signingSecret: string | null }> {
  const { db, actor } = options;
  const input = saveConnectionInputSchema.parse(options.input);
  const seal = sealer(options.keyRing);
  const previous = options.id ? await getRow(db, options.id) : null;
  let config = parseConfig(input.config_data);
  if (previous)
    config = keepMasked(config, JSON.parse(seal.openText(previous.configSealed))) as Record<
      string,
      unknown
    >;
  let signingSecret: string | null = null;
  if (input.connection_type === 'webhook') {
    if (typeof config.url !== 'string')
      throw new AppError('VALIDATION_ERROR', {
        message: 'Informe a URL do webhook na configuração: {"url": "https://..."}',
      });
    if (typeof config.secret !== 'string' || !config.secret.startsWith('whsec_')) {
      // A new signing secret, shown once so the receiver can be configured with it.
      signingSecret = newWebhookSecret();
      config.secret = signingSecret;
    }
  }
  const values = {
    connectionName: input.connection_name,
    connectionType: input.connection_type,
    serviceName: input.service_name,
    configSealed: seal.seal(JSON.stringify(config)),
    configMasked: maskConfig(config) as Record<string, unknown>,
    isActive: input.is_active,
    events: input.connection_type === 'webhook' ? input.events : [],
    updatedAt: new Date(),
  };
  const row = await db.transaction(async (tx) => {
    const [saved] = previous
      ? await tx
          .update(externalConnections)
          .set(values)
          .where(eq(externalConnections.id, previous.id))
          .returning()
      : await tx.insert(externalConnections).values(values).returning();
    await writeAudit(tx, actor, {
      action: previous ? 'connection.update' : 'connection.create',
      targetType: 'connection',
      targetId: saved!.id,
      before: previous ? { ...toConnection(previous) } : null,
      after: toConnection(saved!),
    });
    return saved!;
  });
  forgetWebhookTargets(db);
  return { connection: toConnection(row), signingSecret };
}

export async function deleteConnection(db: Db, actor: AuditActor, id: string): Promise<void> {
  const row = await getRow(db, id);
  await db.transaction(async (tx) => {
    await tx.delete(externalConnections).where(eq(externalConnections.id, id));
    await writeAudit(tx, actor, {
      action: 'connection.delete',
      targetType: 'connection',
      targetId: id,
      before: toConnection(row),
    });
  });
  // After the commit: a reload in between would cache the deleted target again.
  forgetWebhookTargets(db);
}

export async function listDeliveries(db: Db, connectionId: string): Promise<WebhookDelivery[]> {
  await getRow(db, connectionId);
  const rows = await db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.connectionId, connectionId))
    .orderBy(desc(webhookDeliveries.createdAt))
    .limit(50);
  return rows.map((r) => ({
    id: r.id,
    event: r.event,
    status: r.status as WebhookDelivery['status'],
    attempts: r.attempts,
    responseStatus: r.responseStatus,
    durationMs: r.durationMs,
    error: r.error,
    createdAt: r.createdAt.toISOString(),
    deliveredAt: r.deliveredAt?.toISOString() ?? null,
  }));
}

/** 'Reenviar': the same message (same webhook-id, so receivers can deduplicate) sent again now. */
export async function resendDelivery(
  db: Db,
  actor: AuditActor,
  deliveryId: string,
  dispatcher: WebhookDispatcher,
): Promise<void> {
  const [target] = await db
    .select({ active: externalConnections.isActive })
    .from(webhookDeliveries)
    .innerJoin(externalConnections, eq(externalConnections.id, webhookDeliveries.connectionId))
    .where(eq(webhookDeliveries.id, deliveryId));
  if (!target) throw notFound('Entrega não encontrada.');
  if (!target.active)
    throw new AppError('CONFLICT', { message: 'A conexão está inativa: ative-a para reenviar.' });
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(webhookDeliveries)
      .set({ status: 'pending', nextAttemptAt: new Date() })
      .where(eq(webhookDeliveries.id, deliveryId))
      .returning({ id: webhookDeliveries.id, connectionId: webhookDeliveries.connectionId });
    if (!row) throw notFound('Entrega não encontrada.');
    await writeAudit(tx, actor, {
      action: 'webhook.resend',
      targetType: 'webhook_delivery',
      targetId: deliveryId,
      after: { connectionId: row.connectionId },
    });
  });
  await dispatcher.enqueue(deliveryId, 0);
}
