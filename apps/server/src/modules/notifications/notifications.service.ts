/**
 * SMS and WhatsApp notifications: consent, the queue of messages (the delivery log is the queue;
 * its delivery is in message-delivery.ts), the daily cap, status callbacks and reply keywords.
 */
import {
  type DeliveryLogItem,
  type DeliveryLogQuery,
  type MessageStatus,
  type NotificationChannel,
  notificationChannels,
  countOf,
} from '@sorteio/shared';
import { and, count, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  notificationMessages as messagesTable,
  notificationPreferences,
  user,
} from '../../db/schema';
import { brazilDayStart } from '../../lib/brazil-time';
import type { DbOrTx } from '../wallet';
import { SMS_OPT_OUT_HINT, type TemplateName, renderTemplate } from './templates';
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
