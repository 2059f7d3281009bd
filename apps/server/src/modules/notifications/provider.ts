/**
 * What a channel provider does: send one message, and say whether a failure is worth retrying.
 * The real clients (twilio.ts, whatsapp-cloud.ts) and the offline outbox implement it.
 */
import { randomUUID } from 'node:crypto';
import type { NotificationChannel } from '@sorteio/shared';

export interface OutgoingMessage {
  /** E.164, +55... */
  to: string;
  /** The rendered Portuguese text (SMS body; the WhatsApp template renders the same text). */
  body: string;
  /** The approved WhatsApp template and its body parameters, in order. */
  template: string;
  params: string[];
}

export interface SendResult {
  providerMessageId: string;
  /** The outbox delivers at once; real providers report delivery later by callback. */
  status: 'sent' | 'delivered';
}

export interface ChannelProvider {
  readonly name: string;
  readonly channel: NotificationChannel;
  send(message: OutgoingMessage): Promise<SendResult>;
}

/**
 * A provider's refusal or an unreachable provider. `retryable`: 5xx, 429 and network errors or
 * timeouts (the message may go through later); any other 4xx is final (bad number, bad template,
 * bad credentials: retrying would fail the same way).
 */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly status: number | null = null,
    readonly code: string | null = null,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}

export const isRetryableStatus = (status: number) => status >= 500 || status === 429;

/** fetch with a deadline; network failures and timeouts become retryable ProviderErrors. */
export async function fetchWithDeadline(
  url: string,
  init: RequestInit,
  timeoutMs: number,
): Promise<{ status: number; text: string }> {
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    return { status: res.status, text: await res.text() };
  } catch (error) {
    const e = error as { name?: string; message?: string; cause?: { code?: string } };
    const timeout = e.name === 'TimeoutError' || e.name === 'AbortError';
    throw new ProviderError(
      timeout
        ? `tempo esgotado após ${timeoutMs} ms`
        : `falha de rede: ${e.cause?.code ?? e.message ?? 'desconhecida'}`,
      true,
      null,
      timeout ? 'TIMEOUT' : 'NETWORK',
    );
  }
}

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/**
 * The offline default: nothing leaves the machine. The message is kept in the delivery log
 * (listed at /outbox and in the administrator's log) and counts as delivered at once.
 */
export function createOutboxProvider(channel: NotificationChannel): ChannelProvider {
  return {
    name: 'outbox',
    channel,
    async send() {
      return { providerMessageId: `outbox-${randomUUID()}`, status: 'delivered' };
    },
  };
}
