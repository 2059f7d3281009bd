/**
 * The notification runtime: the providers of each channel (real clients with credentials, the
 * local outbox without), and delivery of queued messages. A message is tried at once in the
 * process that saw the event; a retry waits (exponential backoff) in the job queue (pg-boss
 * `startAfter`), or on a timer when the queue is off. A sweep picks up messages whose lease
 * expired (a copy that died mid-attempt). Events are turned into messages after the money
 * transaction that caused them has committed: the listeners below run on the in-process events
 * emitted after commit, and only insert rows and queue work.
 *
 * Remarketing SMS (campaign-sms.ts) go through the same SMS provider and retry policy: the sweep
 * sends the campaign rows whose not_before (quiet hours) has passed, and a campaign run asks for
 * an immediate pass ('campaign-sms' event) so that messages due at once do not wait for it.
 */
import { randomUUID } from 'node:crypto';
import type { ChannelDelivery, NotificationChannel } from '@sorteio/shared';
import { eq } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { participacoes } from '../../db/schema';
import { createDeliveryRunner } from '../../lib/delivery-queue';
import type { App } from '../../lib/fastify';
import type { DrawOutcome } from '../draws/draws.service';
import type { PayoutEvent } from '../draws';
import type { ReceiveResult } from '../payments/payments.service';
import { attemptCampaignSms, dueCampaignSms } from './campaign-sms';
import { attemptMessage, dueMessages } from './message-delivery';
import {
  type NotificationRequest,
  queueNotification,
  userIdsByEmail,
} from './notifications.service';
import { type ChannelProvider, createOutboxProvider } from './provider';
import { money } from './templates';
import { createTwilioClient } from './twilio';
import { createWhatsAppClient } from './whatsapp-cloud';

export const NOTIFY_QUEUE = 'notifications';
/** A queued attempt: a notification message, or a campaign SMS (kind 'campaign-sms'). */
type Job = { id: string; kind?: 'campaign-sms' };

/** A security event told to the account's owner (auth.ts). */
export interface SecurityAlert {
  email: string;
  kind: 'new-device' | 'password-guessing';
  at: Date;
}

export interface NotificationRuntime {
  providers: Record<NotificationChannel, ChannelProvider>;
  notify(request: NotificationRequest): Promise<string[]>;
  attempt(id: string): Promise<void>;
  /** Sends every campaign SMS that is due now (one pass at a time). */
  sendCampaignSms(): Promise<void>;
  /** Runs background work so that idle() waits for it (event listeners). */
  track(work: Promise<void>): void;
  sweep(): Promise<void>;
  /** Resolves when no attempt is running or waiting on a timer (tests). */
  idle(): Promise<void>;
  close(): void;
}

/** Which provider each channel uses with this configuration (the same choice as createProviders). */
export function channelDelivery(config: Config): ChannelDelivery[] {
  return [
    { channel: 'sms', provider: config.notify.twilio ? 'twilio' : 'outbox' },
    { channel: 'whatsapp', provider: config.notify.whatsapp ? 'whatsapp-cloud' : 'outbox' },
  ];
}

export function createProviders(config: Config): Record<NotificationChannel, ChannelProvider> {
  const { twilio, whatsapp, timeoutMs } = config.notify;
  return {
    sms: twilio
      ? createTwilioClient(twilio, {
          statusCallbackUrl: `${config.baseUrl}/api/webhooks/twilio/status`,
          timeoutMs,
        })
      : createOutboxProvider('sms'),
    whatsapp: whatsapp
      ? createWhatsAppClient(whatsapp, { timeoutMs })
      : createOutboxProvider('whatsapp'),
  };
}

export async function createNotificationRuntime(options: {
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
  boss: PgBoss | null;
  providers?: Record<NotificationChannel, ChannelProvider>;
}): Promise<NotificationRuntime> {
  const { db, config, log, boss } = options;
  const providers = options.providers ?? createProviders(config);

  async function attempt(id: string): Promise<void> {
    const retryIn = await attemptMessage(db, providers, id, {
      timeoutMs: config.notify.timeoutMs,
      backoffBaseSeconds: config.notify.backoffBaseSeconds,
    });
    if (retryIn !== null) await runner.enqueue({ id }, retryIn);
  }

  async function attemptCampaign(id: string): Promise<void> {
    const retryIn = await attemptCampaignSms(db, providers.sms, id, {
      timeoutMs: config.notify.timeoutMs,
      backoffBaseSeconds: config.notify.backoffBaseSeconds,
    });
    if (retryIn !== null) await runner.enqueue({ id, kind: 'campaign-sms' }, retryIn);
  }

  const runner = await createDeliveryRunner<Job>({
    queue: NOTIFY_QUEUE,
    boss,
    log,
    label: 'notification',
    run: (job) => (job.kind === 'campaign-sms' ? attemptCampaign(job.id) : attempt(job.id)),
    sweep: () => runtime.sweep(),
    startAfter: (delaySeconds) => Math.max(1, Math.ceil(delaySeconds)),
  });
  const track = (work: Promise<void>) => runner.track(work);

  // One pass over the due campaign SMS at a time; a request during a pass runs one more after it.
  let campaignPass: Promise<void> | null = null;
  let campaignAgain = false;
  async function campaignSweep(): Promise<void> {
    do {
      campaignAgain = false;
      for (;;) {
        const ids = await dueCampaignSms(db, 100);
        for (const id of ids) await attemptCampaign(id);
        if (ids.length < 100) break;
      }
    } while (campaignAgain);
  }
  function sendCampaignSms(): Promise<void> {
    if (campaignPass) {
      campaignAgain = true;
      return campaignPass;
    }
    campaignPass = track(campaignSweep()).finally(() => {
      campaignPass = null;
    });
    return campaignPass;
  }

  const runtime: NotificationRuntime = {
    providers,
    async notify(request) {
      const queued = queueNotification(db, request, config.notify.dailyLimit);
      void track(queued.then(() => undefined));
      const ids = await queued;
      for (const id of ids) void track(attempt(id));
      return ids;
    },
    track(work) {
      void track(work);
    },
    attempt: (id) => track(attempt(id)),
    sendCampaignSms,
    async sweep() {
      for (const id of await dueMessages(db)) await track(attempt(id));
      await sendCampaignSms();
    },
    idle: () => runner.idle(),
    close: () => runner.close(),
  };
  return runtime;
}

/**
 * The events that send SMS and WhatsApp: PIX confirmed, draw result, prize paid, withdrawal paid
 * or returned, security alerts. The same in-process events that feed the live updates and the
 * webhooks; they are emitted after the business transaction commits.
 */
export function subscribeNotificationEvents(app: App, runtime: NotificationRuntime): void {
  const { db } = app.database;
  const link = (path: string) => `${app.config.baseUrl}${path}`;
  const send = (request: NotificationRequest) => {
    runtime.notify(request).catch((error: unknown) => {
      app.log.warn({ err: error, event: request.event }, 'notification not queued');
    });
  };

  app.events.on('pix', (results: ReceiveResult[]) => {
    const work = (async () => {
      for (const r of results) {
        if (!r.userId) continue;
        if (r.outcome === 'participacao' && r.participacaoId) {
          const [seat] = await db
            .select({ numero: participacoes.numeroSorte })
            .from(participacoes)
            .where(eq(participacoes.id, r.participacaoId));
          send({
            userId: r.userId,
            event: 'pix.confirmed',
            template: 'pix_confirmado',
            params: [seat?.numero ?? '-'],
            key: `pix:participacao:${r.participacaoId}`,
          });
        } else if (['topup', 'late_payment', 'amount_mismatch'].includes(r.outcome)) {
          send({
            userId: r.userId,
            event: 'pix.confirmed',
            template: 'pix_creditado',
            params: [],
            // One 'pix' event per received PIX (duplicates come back as 'duplicate').
            key: `pix:${r.outcome}:${randomUUID()}`,
          });
        }
      }
    })();
    runtime.track(work);
  });

  app.events.on('draw', (outcome: DrawOutcome) => {
    if (outcome.kind === 'cancelled') {
      for (const userId of new Set(outcome.refundedUserIds))
        send({
          userId,
          event: 'draw.result',
          template: 'sala_cancelada',
          params: [],
          key: `draw:cancelled:${outcome.salaId}:${userId}`,
        });
      return;
    }
    if (outcome.kind !== 'drawn') return;
    const url = link(`/sorteios/${outcome.sorteioId}`);
    for (const userId of new Set([...outcome.participantIds, outcome.winnerId])) {
      const winner = userId === outcome.winnerId;
      send({
        userId,
        event: 'draw.result',
        template: winner ? 'sorteio_ganhador' : 'sorteio_resultado',
        params: winner ? [money(outcome.net), url] : [url],
        key: `draw:${outcome.sorteioId}:${userId}`,
      });
    }
  });

  app.events.on('payout', (event: PayoutEvent) => {
    if (event.result === 'retry') return;
    const paid = event.result === 'confirmado';
    send({
      userId: event.userId,
      event: paid ? (event.kind === 'prize' ? 'prize.paid' : 'withdrawal.paid') : 'payout.returned',
      template: paid
        ? event.kind === 'prize'
          ? 'premio_pago'
          : 'saque_pago'
        : 'pagamento_devolvido',
      params: paid
        ? [money(event.amount)]
        : [event.kind === 'prize' ? 'prêmio' : 'saque', money(event.amount)],
      key: `payout:${event.payoutId}:${event.result}`,
    });
  });

  // A campaign run committed SMS rows: send those due now (quiet hours wait for the sweep).
  app.events.on('campaign-sms', () => {
    void runtime.sendCampaignSms();
  });

  app.events.on('security-alert', (alert: SecurityAlert) => {
    const work = (async () => {
      const when = alert.at.toLocaleString('pt-BR', {
        timeZone: 'America/Sao_Paulo',
        day: '2-digit',
        month: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
      });
      const what =
        alert.kind === 'new-device'
          ? `novo acesso à sua conta em ${when}`
          : `bloqueamos tentativas de acesso com senha errada à sua conta em ${when}`;
      for (const userId of await userIdsByEmail(db, [alert.email]))
        send({
          userId,
          event: 'security.alert',
          template: 'alerta_seguranca',
          params: [what, link('/forgot-password')],
          key: `security:${alert.kind}:${userId}:${randomUUID()}`,
          bypassCap: true,
        });
    })();
    runtime.track(work);
  });
}
