/**
 * Outgoing webhook deliveries: one row per (event, subscribed connection), sent signed (Standard
 * Webhooks) through the leased delivery queue (lib/delivery-queue.ts) and retried on a fixed
 * backoff schedule.
 */
import { randomBytes } from 'node:crypto';
import type { WebhookEvent } from '@sorteio/shared';
import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { externalConnections, webhookDeliveries } from '../../db/schema';
import { attemptLeased, claimLeased, scheduledBackoff } from '../../lib/delivery-queue';
import type { KeyRing } from '../../lib/key-ring';
import { getSetting } from '../settings/settings.service';
import { connectionSealer } from './connection-config';
import { WEBHOOK_TIMEOUT_MS, describeError, sendSigned } from './webhook-send';

/** Seconds before attempt n+1 (after n failures); after the last, the delivery is 'failed'. */
export const WEBHOOK_BACKOFF_SECONDS = [5, 30, 120, 600, 3600, 6 * 3600] as const;

/** Where new and retried deliveries go: the job queue in production, a timer without it. */
export interface WebhookDispatcher {
  enqueue(deliveryId: string, delaySeconds: number): Promise<void>;
}

/**
 * The active webhook connections subscribed to each event, per database, read at most every
 * WEBHOOK_TARGETS_TTL_MS (an event such as a seat would otherwise read them on every join).
 * Dropped at once by this process's own changes; another server copy's change applies here
 * within the TTL.
 */
export const WEBHOOK_TARGETS_TTL_MS = 5_000;
const webhookTargets = new WeakMap<Db, Map<string, { at: number; ids: { id: string }[] }>>();

/** Drops the cached targets (after a change to the connections, once it has committed). */
export function forgetWebhookTargets(db: Db): void {
  webhookTargets.delete(db);
}

async function webhookTargetsOf(db: Db, event: WebhookEvent): Promise<{ id: string }[]> {
  let byEvent = webhookTargets.get(db);
  if (!byEvent)
    webhookTargets.set(db, (byEvent = new Map<string, { at: number; ids: { id: string }[] }>()));
  const known = byEvent.get(event);
  if (known && Date.now() - known.at < WEBHOOK_TARGETS_TTL_MS) return known.ids;
  const at = Date.now();
  const ids = await db
    .select({ id: externalConnections.id })
    .from(externalConnections)
    .where(
      and(
        eq(externalConnections.isActive, true),
        eq(externalConnections.connectionType, 'webhook'),
        sql`${event} = any(${externalConnections.events})`,
      ),
    );
  // Kept only if no change of this process dropped the map meanwhile.
  if (webhookTargets.get(db) === byEvent) byEvent.set(event, { at, ids });
  return ids;
}

export async function recordEvent(
  db: Db,
  event: WebhookEvent,
  data: Record<string, unknown>,
): Promise<string[]> {
  const targets = await webhookTargetsOf(db, event);
  if (targets.length === 0) return [];
  const timestamp = new Date().toISOString();
  const rows = targets.map((t) => ({
    id: `msg_${randomBytes(12).toString('hex')}`,
    connectionId: t.id,
    event,
    payload: { type: event, timestamp, data },
  }));
  // Only to connections that are still active and subscribed (the list may be a few seconds
  // old): one statement, whatever another copy changed meanwhile.
  const inserted = await db.execute(
    sql`insert into ${webhookDeliveries} (id, connection_id, event, payload)
        select v.id, v.connection_id, v.event, v.payload
          from (values ${sql.join(
            rows.map(
              (r) =>
                sql`(${r.id}::text, ${r.connectionId}::uuid, ${r.event}::text, ${JSON.stringify(r.payload)}::jsonb)`,
            ),
            sql`, `,
          )}) as v (id, connection_id, event, payload)
          join ${externalConnections} c on c.id = v.connection_id
         where c.is_active and c.connection_type = 'webhook' and v.event = any(c.events)
        returning id`,
  );
  const ids = new Set(
    ((inserted as { rows?: { id: string }[] }).rows ?? (inserted as { id: string }[])).map(
      (r) => r.id,
    ),
  );
  return rows.map((r) => r.id).filter((id) => ids.has(id));
}

/** Backoff of failed deliveries (every failure is retried until the schedule runs out). */
const retryDelay = scheduledBackoff(WEBHOOK_BACKOFF_SECONDS);

interface DeliveryResult {
  status: number | null;
  durationMs: number | null;
}

/**
 * One attempt of a delivery. The row is leased first (next_attempt_at pushed past the deadline)
 * so two server copies never send it at the same time. Returns the delay before the next try,
 * or null when there is nothing more to do.
 */
export async function attemptDelivery(
  db: Db,
  keyRing: KeyRing,
  deliveryId: string,
): Promise<number | null> {
  // An inactive (paused) connection keeps its deliveries pending until it is active again.
  const [target] = await db
    .select({ active: externalConnections.isActive })
    .from(webhookDeliveries)
    .innerJoin(externalConnections, eq(externalConnections.id, webhookDeliveries.connectionId))
    .where(eq(webhookDeliveries.id, deliveryId));
  if (!target?.active) return null;
  let config: { url?: string; secret?: string } = {};
  const settle = async (id: string, values: Partial<typeof webhookDeliveries.$inferInsert>) => {
    await db.update(webhookDeliveries).set(values).where(eq(webhookDeliveries.id, id));
  };
  return attemptLeased<
    typeof webhookDeliveries.$inferSelect,
    DeliveryResult,
    DeliveryResult & { error: string }
  >({
    claim: () =>
      claimLeased(
        db,
        {
          table: webhookDeliveries,
          id: webhookDeliveries.id,
          status: webhookDeliveries.status,
          pending: 'pending',
          dueAt: webhookDeliveries.nextAttemptAt,
        },
        deliveryId,
        WEBHOOK_TIMEOUT_MS + 5000,
      ),
    async admit(claimed) {
      const [connection] = await db
        .select()
        .from(externalConnections)
        .where(eq(externalConnections.id, claimed.connectionId));
      if (!connection) return false;
      config = JSON.parse(connectionSealer(keyRing).openText(connection.configSealed)) as {
        url?: string;
        secret?: string;
      };
      return true;
    },
    async send(claimed) {
      const allowPrivate = await getSetting(db, 'integrations.allowPrivateAddresses');
      try {
        const res = await sendSigned({
          url: String(config.url),
          secret: String(config.secret),
          id: claimed.id,
          body: JSON.stringify(claimed.payload),
          allowPrivate,
        });
        const result = { status: res.status, durationMs: res.durationMs };
        if (res.status < 200 || res.status >= 300)
          return {
            ok: false,
            retryable: true,
            failure: { ...result, error: `HTTP ${res.status}: ${res.body.slice(0, 200)}` },
          };
        return { ok: true, result };
      } catch (e) {
        return {
          ok: false,
          retryable: true,
          failure: { status: null, durationMs: null, error: describeError(e) },
        };
      }
    },
    retryDelay,
    sent: (claimed, attempts, result) =>
      settle(claimed.id, {
        status: 'delivered',
        attempts,
        responseStatus: result.status,
        durationMs: result.durationMs,
        error: null,
        deliveredAt: new Date(),
      }),
    retry: (claimed, attempts, failure, delay) =>
      settle(claimed.id, {
        status: 'pending',
        attempts,
        responseStatus: failure.status,
        durationMs: failure.durationMs,
        error: failure.error,
        nextAttemptAt: new Date(Date.now() + delay * 1000),
      }),
    giveUp: (claimed, attempts, failure) =>
      settle(claimed.id, {
        status: 'failed',
        attempts,
        responseStatus: failure.status,
        durationMs: failure.durationMs,
        error: failure.error,
        nextAttemptAt: new Date(),
      }),
  });
}

/** Deliveries whose retry time has come (a copy that died mid-attempt leaves its lease to expire). */
export async function dueDeliveries(db: Db, limit = 50): Promise<string[]> {
  const rows = await db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.status, 'pending'),
        lte(webhookDeliveries.nextAttemptAt, new Date()),
      ),
    )
    .orderBy(asc(webhookDeliveries.nextAttemptAt))
    .limit(limit);
  return rows.map((r) => r.id);
}
