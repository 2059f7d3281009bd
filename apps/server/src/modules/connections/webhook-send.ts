/** Outgoing webhook requests: Standard Webhooks signatures and the errors shown for a failed request. */
import { integrationMessages } from '@sorteio/shared';
import { Webhook } from 'standardwebhooks';
import { PrivateAddressError, outboundRequest } from '../../lib/outbound-http';

export const WEBHOOK_TIMEOUT_MS = 10_000;

export function describeError(error: unknown): string {
  if (error instanceof PrivateAddressError) return integrationMessages.privateAddress;
  if (error instanceof Error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code ? `${code}: ${error.message}` : error.message;
  }
  return String(error);
}

/** One signed POST (Standard Webhooks headers). */
export function sendSigned(options: {
  url: string;
  secret: string;
  id: string;
  body: string;
  allowPrivate: boolean;
  timeoutMs?: number;
  at?: Date;
}) {
  const at = options.at ?? new Date();
  const signature = new Webhook(options.secret).sign(options.id, at, options.body);
  return outboundRequest(options.url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'user-agent': 'SorteioCerto-Webhooks/1',
      'webhook-id': options.id,
      'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'webhook-signature': signature,
    },
    body: options.body,
    allowPrivate: options.allowPrivate,
    timeoutMs: options.timeoutMs ?? WEBHOOK_TIMEOUT_MS,
  });
}
