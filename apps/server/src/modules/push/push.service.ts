/**
 * Web push (docs/decisions/026-installable-app-and-push.md). A player's device subscribes through
 * its service worker; the room notices (full, drawn, won, cancelled, prize paid) then reach it as
 * push messages, encrypted for the device (RFC 8291) and signed with the server's VAPID key
 * (RFC 8292). Sending never blocks the request that caused the notice: it runs after the commit,
 * each failure is logged, and a subscription the push service no longer knows (404, 410) is deleted.
 */
import { type PushMessage, type PushSubscriptionInput, pushNoticeMessage } from '@sorteio/shared';
import { and, eq, isNull, sql } from 'drizzle-orm';
import webpush from 'web-push';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { profiles, pushSubscriptions, pushVapidKeys } from '../../db/schema';
import {
  type KeyRing,
  type ResealCount,
  keyRingOf,
  seal,
  sealedWithCurrent,
  unseal,
} from '../../lib/key-ring';
import { outboundRequest } from '../../lib/outbound-http';
import type { LiveEvent } from '../../realtime/realtime';
import { getSetting } from '../settings/settings.service';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** A push message older than this is dropped by the push service (the notice is stale by then). */
const TTL_SECONDS = 24 * 60 * 60;
/** A subscription failing this many times in a row (without 404/410) is dropped too. */
const MAX_FAILURES = 10;

/**
 * The VAPID pair: from the environment, else the one kept in the database, else a new pair stored
 * there (the first copy to store it wins; the others read it back).
 */
export async function vapidKeys(db: Db, config: Config): Promise<VapidKeys> {
  if (config.push.vapid) return config.push.vapid;
  const ring = keyRingOf(config);
  const read = async () => {
    const [row] = await db.select().from(pushVapidKeys).where(eq(pushVapidKeys.id, 'default'));
    return row
      ? { publicKey: row.publicKey, privateKey: await unseal(ring, row.privateKeySealed) }
      : null;
  };
  const stored = await read();
  if (stored) return stored;
  const made = webpush.generateVAPIDKeys();
  await db
    .insert(pushVapidKeys)
    .values({
      id: 'default',
      publicKey: made.publicKey,
      privateKeySealed: await seal(ring, made.privateKey),
    })
    .onConflictDoNothing();
  return (await read())!;
}

/**
 * After a key rotation: the stored VAPID private key sealed again with the current key (the pair
 * itself stays, so the devices' subscriptions stay valid).
 */
export async function resealVapidKey(db: Db, ring: KeyRing): Promise<ResealCount> {
  const count: ResealCount = { checked: 0, resealed: 0, unreadable: 0 };
  const rows = await db
    .select({ id: pushVapidKeys.id, privateKeySealed: pushVapidKeys.privateKeySealed })
    .from(pushVapidKeys);
  for (const row of rows) {
    count.checked += 1;
    if (sealedWithCurrent(ring, row.privateKeySealed)) continue;
    let plain: string;
    try {
      plain = await unseal(ring, row.privateKeySealed);
    } catch {
      count.unreadable += 1;
      continue;
    }
    await db
      .update(pushVapidKeys)
      .set({ privateKeySealed: await seal(ring, plain) })
      .where(
        and(eq(pushVapidKeys.id, row.id), eq(pushVapidKeys.privateKeySealed, row.privateKeySealed)),
      );
    count.resealed += 1;
  }
  return count;
}

/** Saves (or moves to this account) the device's subscription. */
export async function saveSubscription(
  db: Db,
  options: { userId: string; input: PushSubscriptionInput; userAgent: string | null },
): Promise<void> {
  const { userId, input, userAgent } = options;
  const values = {
    userId,
    endpoint: input.endpoint,
    p256dh: input.keys.p256dh,
    auth: input.keys.auth,
    userAgent: userAgent?.slice(0, 300) ?? null,
  };
  // One endpoint is one device: whoever signs in on it last receives its notices.
  await db
    .insert(pushSubscriptions)
    .values(values)
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { ...values, failures: 0, createdAt: new Date() },
    });
}

/** Removes the caller's subscription of this device (another account's is left alone). */
export async function deleteSubscription(
  db: Db,
  options: { userId: string; endpoint: string },
): Promise<void> {
  await db
    .delete(pushSubscriptions)
    .where(
      and(
        eq(pushSubscriptions.userId, options.userId),
        eq(pushSubscriptions.endpoint, options.endpoint),
      ),
    );
}

export interface PushDelivery {
  endpoint: string;
  status: number | null;
  outcome: 'sent' | 'gone' | 'failed';
}

/** Sends one message to every device of the player; the answers decide what is kept. */
export async function pushToUser(
  db: Db,
  config: Config,
  options: { userId: string; message: PushMessage },
): Promise<PushDelivery[]> {
  const devices = await db
    .select({
      id: pushSubscriptions.id,
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
    })
    .from(pushSubscriptions)
    .innerJoin(profiles, eq(profiles.id, pushSubscriptions.userId))
    .where(and(eq(pushSubscriptions.userId, options.userId), isNull(profiles.deletedAt)));
  if (devices.length === 0) return [];
  const keys = await vapidKeys(db, config);
  // Push services are public hosts; a local one only where the operator allows local addresses.
  const allowPrivate = await getSetting(db, 'integrations.allowPrivateAddresses');
  const payload = JSON.stringify(options.message);
  const deliveries: PushDelivery[] = [];
  for (const device of devices) {
    const request = webpush.generateRequestDetails(
      { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
      payload,
      {
        vapidDetails: { subject: config.push.subject, ...keys },
        TTL: TTL_SECONDS,
        contentEncoding: 'aes128gcm',
        urgency: 'high',
      },
    );
    let status: number | null = null;
    try {
      const res = await outboundRequest(request.endpoint, {
        method: request.method,
        headers: Object.fromEntries(
          Object.entries(request.headers).map(([k, v]) => [k, String(v)]),
        ),
        body: request.body,
        timeoutMs: 10_000,
        allowPrivate,
      });
      status = res.status;
    } catch {
      status = null;
    }
    if (status !== null && status >= 200 && status < 300) {
      await db
        .update(pushSubscriptions)
        .set({ lastSentAt: new Date(), failures: 0 })
        .where(eq(pushSubscriptions.id, device.id));
      deliveries.push({ endpoint: device.endpoint, status, outcome: 'sent' });
    } else if (status === 404 || status === 410) {
      // The push service says this subscription is gone (RFC 8030 section 7.3).
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, device.id));
      deliveries.push({ endpoint: device.endpoint, status, outcome: 'gone' });
    } else {
      const [row] = await db
        .update(pushSubscriptions)
        .set({ failures: sql`${pushSubscriptions.failures} + 1` })
        .where(eq(pushSubscriptions.id, device.id))
        .returning({ failures: pushSubscriptions.failures });
      if (row && row.failures >= MAX_FAILURES)
        await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, device.id));
      deliveries.push({ endpoint: device.endpoint, status, outcome: 'failed' });
    }
  }
  return deliveries;
}

export interface PushSender {
  /** Pushes a room notice to its player's devices, in the background. */
  sendNotice(event: LiveEvent): void;
  /** Resolves when every push started so far has finished (tests, shutdown). */
  idle(): Promise<void>;
}

export function createPushSender(options: {
  db: Db;
  config: Config;
  log: { warn(obj: object, msg: string): void };
}): PushSender {
  const { db, config, log } = options;
  const running = new Set<Promise<void>>();
  return {
    sendNotice(event) {
      if (event.type !== 'notice') return;
      const work = pushToUser(db, config, {
        userId: event.userId,
        message: pushNoticeMessage(event),
      })
        .then((deliveries) => {
          for (const d of deliveries)
            if (d.outcome === 'failed')
              log.warn({ status: d.status, kind: event.kind }, 'push notification not delivered');
        })
        .catch((error: unknown) => log.warn({ err: error }, 'push notification not sent'))
        .finally(() => running.delete(work));
      running.add(work);
    },
    async idle() {
      await Promise.all([...running]);
    },
  };
}
