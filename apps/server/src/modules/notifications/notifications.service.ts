/**
 * SMS and WhatsApp notifications: consent, the queue of messages (the delivery log is the queue:
 * one row per message, claimed with a lease, retried with exponential backoff on 5xx, 429 and
 * timeouts), the daily cap, status callbacks and reply keywords.
 */
import {
  type DeliveryLogItem,
  type DeliveryLogQuery,
  type MessageStatus,
  type NotificationChannel,
  notificationChannels,
  countOf,
} from '@sorteio/shared';
import { and, count, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  notificationMessages as messagesTable,
  notificationPreferences,
  user,
} from '../../db/schema';
import { brazilDayStart } from '../../lib/brazil-time';
import {
  type RetryDelay,
  type SendOutcome,
  attemptLeased,
  claimLeased,
  exponentialBackoff,
} from '../../lib/delivery-queue';
import type { DbOrTx } from '../wallet';
import {
  type ChannelProvider,
  type OutgoingMessage,
  ProviderError,
  type SendResult,
} from './provider';
import { SMS_OPT_OUT_HINT, type TemplateName, renderTemplate } from './templates';

/** Attempts before a message is given up (the first one included). */
export const MAX_ATTEMPTS = 6;
/** Backoff: base x 4^(attempt-1): 10 s, 40 s, 160 s, ~11 min, ~43 min with the default base. */
export const BACKOFF_BASE_SECONDS = 10;

import { channelEnabled, channelOf } from './consent';

export {
  applyReply,
  channelEnabled,
  getPreferences,
  replyKeyword,
  updatePreferences,
} from './consent';

// ---------------------------------------------------------------- queueing

export interface NotificationRequest {
  userId: string;
  event: string;
  template: TemplateName;
  params: string[];
  /** Unique per event and player (the channel is added). */
  key: string;
  /** Security alerts bypass the daily cap (and are not counted by it). */
  bypassCap?: boolean;
}

/** A lock per player and channel while the day's count is checked (no two messages race past it). */
const capLock = (tx: DbOrTx, userId: string, channel: NotificationChannel) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`notify-cap:${userId}:${channel}`}))`);

/**
 * Records the messages an event sends: one per channel that the platform has on, the player has
 * opted into, with a phone. Over the daily cap the row is kept as failed (DAILY_CAP), not sent.
 * Returns the ids of the rows to deliver. Idempotent per key.
 */
export async function queueNotification(
  db: Db,
  request: NotificationRequest,
  dailyLimit: number,
  now = new Date(),
): Promise<string[]> {
  const [prefs] = await db
    .select()
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, request.userId));
  if (!prefs?.phone) return [];
  const ids: string[] = [];
  for (const channel of notificationChannels) {
    if (!channelOf(prefs, channel).optedIn) continue;
    if (!(await channelEnabled(db, channel))) continue;
    const text = renderTemplate(request.template, request.params);
    const body = channel === 'sms' ? text + SMS_OPT_OUT_HINT : text;
    const id = await db.transaction(async (tx) => {
      let overCap = false;
      if (!request.bypassCap) {
        await capLock(tx, request.userId, channel);
        const [today] = await tx
          .select({ n: count() })
          .from(messagesTable)
          .where(
            and(
              eq(messagesTable.userId, request.userId),
              eq(messagesTable.channel, channel),
              eq(messagesTable.capped, true),
              gte(messagesTable.queuedAt, brazilDayStart(now)),
              sql`${messagesTable.errorCode} is distinct from 'DAILY_CAP'`,
            ),
          );
        overCap = (today?.n ?? 0) >= dailyLimit;
      }
      const [row] = await tx
        .insert(messagesTable)
        .values({
          userId: request.userId,
          channel,
          event: request.event,
          template: request.template,
          params: request.params,
          body,
          toPhone: prefs.phone!,
          dedupeKey: `${channel}:${request.key}`,
          capped: !request.bypassCap,
          queuedAt: now,
          ...(overCap
            ? {
                status: 'failed' as const,
                error: `Limite diário de ${countOf(dailyLimit, 'mensagem', 'mensagens')} atingido`,
                errorCode: 'DAILY_CAP',
                failedAt: now,
              }
            : {}),
        })
        .onConflictDoNothing({ target: messagesTable.dedupeKey })
        .returning({ id: messagesTable.id, status: messagesTable.status });
      return row?.status === 'queued' ? row.id : null;
    });
    if (id) ids.push(id);
  }
  return ids;
}

// ---------------------------------------------------------------- delivery

/** The retry policy of SMS and WhatsApp: MAX_ATTEMPTS attempts, backoff base x 4^(n-1). */
export function messageRetryDelay(baseSeconds = BACKOFF_BASE_SECONDS): RetryDelay {
  return exponentialBackoff({ baseSeconds, factor: 4, maxAttempts: MAX_ATTEMPTS });
}

/** A provider's send as a delivery outcome: its errors say themselves whether to retry. */
export async function sendThrough(
  provider: ChannelProvider,
  message: OutgoingMessage,
): Promise<SendOutcome<SendResult, ProviderError>> {
  try {
    return { ok: true, result: await provider.send(message) };
  } catch (error) {
    const e =
      error instanceof ProviderError ? error : new ProviderError(String(error), false, null, null);
    return { ok: false, failure: e, retryable: e.retryable };
  }
}

const errorCodeOf = (e: ProviderError) => e.code ?? (e.status ? `HTTP_${e.status}` : null);

/**
 * One delivery attempt of a queued message that is due. Returns the seconds until the next
 * attempt when it must be retried, else null.
 */
export async function attemptMessage(
  db: Db,
  providers: Record<NotificationChannel, ChannelProvider>,
  id: string,
  options: { timeoutMs: number; backoffBaseSeconds?: number },
): Promise<number | null> {
  const fail = async (error: string, errorCode: string | null, attempts: number) => {
    await db
      .update(messagesTable)
      .set({
        status: 'failed',
        error,
        errorCode,
        attempts,
        failedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(eq(messagesTable.id, id));
  };
  return attemptLeased<typeof messagesTable.$inferSelect, SendResult, ProviderError>({
    claim: () =>
      claimLeased(
        db,
        {
          table: messagesTable,
          id: messagesTable.id,
          status: messagesTable.status,
          pending: 'queued',
          dueAt: messagesTable.nextAttemptAt,
        },
        id,
        options.timeoutMs + 5000,
      ),
    // Checked again at send time: the switch or the player's consent may have changed meanwhile.
    async admit(claimed) {
      if (!(await channelEnabled(db, claimed.channel))) {
        await fail(
          'Canal desativado nas configurações da plataforma',
          'CHANNEL_OFF',
          claimed.attempts,
        );
        return false;
      }
      const [prefs] = await db
        .select()
        .from(notificationPreferences)
        .where(eq(notificationPreferences.userId, claimed.userId));
      if (!channelOf(prefs, claimed.channel).optedIn || prefs?.phone !== claimed.toPhone) {
        await fail(
          'O jogador retirou o consentimento antes do envio',
          'OPTED_OUT',
          claimed.attempts,
        );
        return false;
      }
      return true;
    },
    send: (claimed) =>
      sendThrough(providers[claimed.channel], {
        to: claimed.toPhone,
        body: claimed.body,
        template: claimed.template,
        params: claimed.params,
      }),
    retryDelay: messageRetryDelay(options.backoffBaseSeconds),
    async sent(claimed, attempts, result) {
      const now = new Date();
      await db
        .update(messagesTable)
        .set({
          status: result.status,
          provider: providers[claimed.channel].name,
          providerMessageId: result.providerMessageId,
          attempts,
          error: null,
          errorCode: null,
          sentAt: now,
          deliveredAt: result.status === 'delivered' ? now : null,
          updatedAt: now,
        })
        .where(eq(messagesTable.id, id));
    },
    async retry(claimed, attempts, e, delay) {
      await db
        .update(messagesTable)
        .set({
          provider: providers[claimed.channel].name,
          attempts,
          error: e.message.slice(0, 500),
          errorCode: errorCodeOf(e),
          nextAttemptAt: new Date(Date.now() + delay * 1000),
          updatedAt: new Date(),
        })
        .where(eq(messagesTable.id, id));
    },
    async giveUp(claimed, attempts, e) {
      await db
        .update(messagesTable)
        .set({ provider: providers[claimed.channel].name })
        .where(eq(messagesTable.id, id));
      await fail(e.message.slice(0, 500), errorCodeOf(e), attempts);
    },
  });
}

export async function dueMessages(db: Db, limit = 50): Promise<string[]> {
  const rows = await db
    .select({ id: messagesTable.id })
    .from(messagesTable)
    .where(and(eq(messagesTable.status, 'queued'), lte(messagesTable.nextAttemptAt, new Date())))
    .orderBy(messagesTable.nextAttemptAt)
    .limit(limit);
  return rows.map((r) => r.id);
}

// ---------------------------------------------------------------- status callbacks

const rank: Record<MessageStatus, number> = {
  queued: 0,
  sent: 1,
  delivered: 2,
  read: 3,
  failed: 4,
};

/**
 * A provider's status report. Reports may arrive out of order: a status only moves forward
 * (sent < delivered < read); failed is accepted until the message was delivered. Returns whether
 * a message of ours was found.
 */
export async function applyStatus(
  db: Db,
  provider: string,
  providerMessageId: string,
  status: 'sent' | 'delivered' | 'read' | 'failed',
  at: Date,
  error: string | null,
): Promise<boolean> {
  const [row] = await db
    .select({ id: messagesTable.id, status: messagesTable.status })
    .from(messagesTable)
    .where(
      and(
        eq(messagesTable.provider, provider),
        eq(messagesTable.providerMessageId, providerMessageId),
      ),
    );
  if (!row) return false;
  const current = row.status;
  const forward =
    status === 'failed'
      ? current === 'queued' || current === 'sent'
      : current !== 'failed' && rank[status] > rank[current];
  const stamp =
    status === 'sent'
      ? { sentAt: at }
      : status === 'delivered'
        ? { deliveredAt: at }
        : status === 'read'
          ? { readAt: at }
          : {
              failedAt: at,
              error: error ?? 'Falha informada pelo provedor',
              errorCode: 'PROVIDER',
            };
  await db
    .update(messagesTable)
    .set({ ...stamp, ...(forward ? { status } : {}), updatedAt: new Date() })
    .where(eq(messagesTable.id, row.id));
  return true;
}

// ---------------------------------------------------------------- the log

export async function listDeliveryLog(db: Db, query: DeliveryLogQuery): Promise<DeliveryLogItem[]> {
  const where = and(
    query.channel ? eq(messagesTable.channel, query.channel) : undefined,
    query.status ? eq(messagesTable.status, query.status) : undefined,
    query.userId ? eq(messagesTable.userId, query.userId) : undefined,
  );
  const rows = await db
    .select({ m: messagesTable, email: user.email })
    .from(messagesTable)
    .leftJoin(user, eq(user.id, messagesTable.userId))
    .where(where)
    .orderBy(desc(messagesTable.queuedAt))
    .limit(query.limit);
  const iso = (d: Date | null) => d?.toISOString() ?? null;
  return rows.map(({ m, email }) => ({
    id: m.id,
    channel: m.channel,
    userId: m.userId,
    userEmail: email,
    toPhone: m.toPhone,
    event: m.event,
    template: m.template,
    body: m.body,
    provider: m.provider ?? '',
    providerMessageId: m.providerMessageId,
    status: m.status,
    attempts: m.attempts,
    error: m.error,
    queuedAt: m.queuedAt.toISOString(),
    sentAt: iso(m.sentAt),
    deliveredAt: iso(m.deliveredAt),
    readAt: iso(m.readAt),
    failedAt: iso(m.failedAt),
  }));
}

/** User ids by e-mail (security alerts know the e-mail of the account). */
export async function userIdsByEmail(db: Db, emails: string[]): Promise<string[]> {
  if (emails.length === 0) return [];
  const rows = await db.select({ id: user.id }).from(user).where(inArray(user.email, emails));
  return rows.map((r) => r.id);
}
