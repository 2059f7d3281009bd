/**
 * Platform events -> signed webhook deliveries. A delivery is tried at once in the process that
 * saw the event (lowest latency); a failed try is retried with backoff through the job queue
 * (pg-boss `startAfter`), or a timer when the queue is off (tests, tools). A sweep re-queues
 * deliveries whose lease expired (a copy that died mid-attempt).
 */
import type { WebhookEvent } from '@sorteio/shared';
import type PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { App } from '../../lib/fastify';
import type { KeyRing } from '../../lib/key-ring';
import type { DrawOutcome } from '../draws/draws.service';
import type { PayoutEvent } from '../draws';
import type { ReceiveResult } from '../payments/payments.service';
import { createDeliveryRunner } from '../../lib/delivery-queue';
import {
  type WebhookDispatcher,
  attemptDelivery,
  dueDeliveries,
  recordEvent,
} from './webhook-deliveries';

export const WEBHOOKS_QUEUE = 'webhooks';

export interface WebhookRuntime extends WebhookDispatcher {
  emit(event: WebhookEvent, data: Record<string, unknown>): Promise<void>;
  /** Tries every due delivery now (the sweep; tests call it). */
  sweep(): Promise<void>;
  close(): void;
}

export async function createWebhookRuntime(options: {
  db: Db;
  keyRing: KeyRing;
  log: FastifyBaseLogger;
  boss: PgBoss | null;
}): Promise<WebhookRuntime> {
  const { db, keyRing, log, boss } = options;

  async function attempt(id: string): Promise<void> {
    const retryIn = await attemptDelivery(db, keyRing, id);
    if (retryIn !== null) await runner.enqueue({ id }, retryIn);
  }
  async function sweep(): Promise<void> {
    for (const id of await dueDeliveries(db)) await attempt(id);
  }

  const runner = await createDeliveryRunner<{ id: string }>({
    queue: WEBHOOKS_QUEUE,
    boss,
    log,
    label: 'webhook',
    run: (job) => attempt(job.id),
    sweep,
  });

  return {
    enqueue: (id, delaySeconds) => runner.enqueue({ id }, delaySeconds),
    async emit(event, data) {
      const ids = await recordEvent(db, event, data);
      for (const id of ids)
        attempt(id).catch((error: unknown) =>
          log.warn({ err: error, id }, 'webhook attempt failed'),
        );
    },
    sweep,
    close: () => runner.close(),
  };
}

/** The platform events a webhook connection may subscribe to, from the server's own events. */
export function subscribePlatformEvents(app: App, runtime: WebhookRuntime): void {
  const emit = (event: WebhookEvent, data: Record<string, unknown>) => {
    runtime.emit(event, data).catch((error: unknown) => {
      app.log.warn({ err: error, event }, 'webhook event not recorded');
    });
  };
  app.events.on(
    'participation',
    (p: { id: string; salaId: string; userId: string; numeroSorte: string; valorPago: number }) =>
      emit('participation.confirmed', {
        participationId: p.id,
        roomId: p.salaId,
        userId: p.userId,
        luckyNumber: p.numeroSorte,
        amountCentavos: p.valorPago,
      }),
  );
  app.events.on('room-full', (salaId: string) => emit('room.full', { roomId: salaId }));
  app.events.on('pix', (results: ReceiveResult[]) => {
    for (const r of results) {
      if (r.outcome === 'participacao' && r.participacaoId)
        emit('participation.confirmed', {
          participationId: r.participacaoId,
          roomId: r.salaId,
          userId: r.userId,
        });
      if (r.roomClosed && r.salaId) emit('room.full', { roomId: r.salaId });
    }
  });
  app.events.on('draw', (outcome: DrawOutcome) => {
    if (outcome.kind === 'drawn')
      emit('draw.published', {
        drawId: outcome.sorteioId,
        roomId: outcome.salaId,
        winnerId: outcome.winnerId,
        netPrizeCentavos: outcome.net,
      });
  });
  app.events.on('payout', (event: PayoutEvent) => {
    if (event.result === 'retry') return;
    emit(event.result === 'confirmado' ? 'payout.paid' : 'payout.failed', {
      payoutId: event.payoutId,
      userId: event.userId,
      kind: event.kind,
      amountCentavos: event.amount,
      drawId: event.sorteioId,
    });
  });
  app.events.on('user-verified', (userId: string) => emit('user.verified', { userId }));
}

/**
 * The webhook runtime on the app: created on the job queue, closed with the app, and fed the
 * platform's events.
 */
export async function registerWebhookRuntime(
  app: App,
  deps: { db: Db; keyRing: KeyRing; boss: PgBoss | null },
): Promise<WebhookRuntime> {
  const webhooks = await createWebhookRuntime({ ...deps, log: app.log });
  app.addHook('onClose', async () => webhooks.close());
  app.decorate('webhooks', webhooks);
  subscribePlatformEvents(app, webhooks);
  return webhooks;
}
