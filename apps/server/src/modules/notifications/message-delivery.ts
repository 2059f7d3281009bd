/**
 * Delivery of queued SMS and WhatsApp messages: one row per message, claimed with a lease, checked
 * again at send time (switch, consent), retried with exponential backoff on 5xx, 429 and timeouts.
 */
import type { NotificationChannel } from '@sorteio/shared';
import { and, eq, lte } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notificationMessages as messagesTable, notificationPreferences } from '../../db/schema';
import {
  type RetryDelay,
  type SendOutcome,
  attemptLeased,
  claimLeased,
  exponentialBackoff,
} from '../../lib/delivery-queue';
import { channelEnabled, channelOf } from './consent';
import {
  type ChannelProvider,
  type OutgoingMessage,
  ProviderError,
  type SendResult,
} from './provider';

/** Attempts before a message is given up (the first one included). */
export const MAX_ATTEMPTS = 6;
/** Backoff: base x 4^(attempt-1): 10 s, 40 s, 160 s, ~11 min, ~43 min with the default base. */
export const BACKOFF_BASE_SECONDS = 10;

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
