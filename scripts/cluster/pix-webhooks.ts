/**
 * The PIX provider's side of the mixed load: charges created by the players are paid, and the
 * provider posts the received PIX to the product's webhook (EFI's format, as the built-in simulator
 * builds it) in batches, every `everyMs` (each batch on its own, without waiting for the answer
 * to the previous one), as a provider does under load. Batching keeps the webhook within its
 * per-address limit (600 a minute) whatever the load's rate.
 */
import { randomBytes } from 'node:crypto';
import { type Dispatcher, request } from 'undici';
import type { Answer } from './mixed-load';

export interface PixWebhooks {
  /** Queues the payment of the whole amount of a charge. */
  pay(txid: string, centavos: number): void;
  /** Payments delivered in a webhook answered 200. */
  readonly confirmed: number;
  /** Delivers what is queued, then stops. */
  stop(): Promise<void>;
}

const endToEndId = () =>
  `E${randomBytes(24)
    .toString('base64')
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, 31)
    .padEnd(31, '0')}`;

export function startPixWebhooks(options: {
  base: string;
  secret: string;
  dispatcher: Dispatcher;
  record: (answer: Answer) => void;
  everyMs?: number;
}): PixWebhooks {
  let queue: { txid: string; centavos: number }[] = [];
  let confirmed = 0;
  let running = true;
  const deliver = async () => {
    const batch = queue;
    queue = [];
    if (batch.length === 0) return;
    const body = JSON.stringify({
      pix: batch.map((p) => ({
        endToEndId: endToEndId(),
        txid: p.txid,
        valor: (p.centavos / 100).toFixed(2),
        horario: new Date().toISOString(),
        chave: 'pix@sorteiocerto.com.br',
      })),
    });
    const at = Date.now();
    let status = 0;
    let retryAfter = false;
    let error: string | undefined;
    try {
      const res = await request(`${options.base}/api/webhooks/pix/${options.secret}/pix`, {
        method: 'POST',
        dispatcher: options.dispatcher,
        headers: { 'content-type': 'application/json' },
        body,
        headersTimeout: 70_000,
        bodyTimeout: 70_000,
      });
      status = res.statusCode;
      retryAfter = res.headers['retry-after'] !== undefined;
      await res.body.text();
    } catch (failure) {
      status = 0;
      error = (failure as { code?: string }).code ?? String(failure);
    }
    if (status === 200) confirmed += batch.length;
    options.record({
      kind: 'pix-webhook',
      at,
      ms: Date.now() - at,
      status,
      retryAfter,
      request: 'POST /api/webhooks/pix/…/pix',
      ...(error ? { error } : {}),
    });
  };
  // A provider does not wait for the answer to one notification before sending the next: each
  // batch goes out on its own.
  const inFlight = new Set<Promise<void>>();
  const send = () => {
    const sent = deliver().finally(() => inFlight.delete(sent));
    inFlight.add(sent);
  };
  const loop = (async () => {
    while (running) {
      await new Promise((resolve) => setTimeout(resolve, options.everyMs ?? 250));
      send();
    }
    send();
    await Promise.all(inFlight);
  })();
  return {
    pay: (txid, centavos) => queue.push({ txid, centavos }),
    get confirmed() {
      return confirmed;
    },
    async stop() {
      running = false;
      await loop;
    },
  };
}
