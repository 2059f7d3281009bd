/**
 * Live updates over a WebSocket (/api/ws), fed by Postgres LISTEN/NOTIFY so every server copy
 * pushes what any copy did (DESIGN.md section 1). Messages are small hints ("room X now has N
 * seats", "your charge T is paid", "room X was drawn"); screens refetch what they show, and keep
 * their polling as the fallback.
 */
import type { WebSocket } from '@fastify/websocket';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../db/client';
import type { App } from '../lib/fastify';
import { isStaffRole } from '@sorteio/shared';
import { getSessionUser } from '../lib/authz';
import { addressKey, hasSessionCookie } from '../lib/client-key';
import { listenForEvents } from './realtime-listener';
import { createSharedSocketCounts } from './shared-socket-counts';
import { CLOSE, type LiveClient, type SocketCaps, SocketRegistry } from './socket-registry';

export const CHANNEL = 'sorteio_events';

export { RELISTEN_MAX_MS, realtimeListener } from './realtime-listener';

/**
 * Every event the socket carries, with its audience (checked in `visibleTo`):
 * - room, draw: public rooms only, to everyone (anonymous included);
 * - private-room: a private room's seats or draw changed, to its members and staff only;
 * - chat: a private room's new message, to its members only;
 * - payment, payout, notice: to the one user they belong to;
 * - settings: to no socket (the copies' own cache invalidation).
 * Member lists stay on the server (`forClient`).
 */
export const liveEventSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('room'),
    roomId: z.string(),
    participantesAtual: z.number().int(),
    maxParticipantes: z.number().int(),
    status: z.string(),
  }),
  z.object({
    type: z.literal('draw'),
    roomId: z.string(),
    drawId: z.string().nullable(),
    result: z.enum(['drawn', 'cancelled']),
  }),
  /** Delivered only to the owner of the payment. */
  z.object({
    type: z.literal('payment'),
    userId: z.string(),
    txid: z.string().nullable(),
    outcome: z.string(),
  }),
  z.object({ type: z.literal('payout'), userId: z.string(), result: z.string() }),
  /** A private room changed (seats, status, draw): its members and staff only; roomId is the private room's id. */
  z.object({
    type: z.literal('private-room'),
    roomId: z.string(),
    memberIds: z.array(z.string()),
    change: z.enum(['seats', 'draw']),
  }),
  /**
   * A room the player is in filled, was drawn (won or not), was cancelled, or paid their prize:
   * delivered to that player only (player-notices.ts). `href` is a path on this site.
   */
  z.object({
    type: z.literal('notice'),
    userId: z.string(),
    kind: z.enum(['filled', 'drawn', 'won', 'cancelled', 'paid']),
    roomName: z.string(),
    href: z.string().regex(/^\/(?![/\\])/),
    drawId: z.string().nullable(),
  }),
  /** Private-room chat: delivered to the room's members only. */
  z.object({
    type: z.literal('chat'),
    roomId: z.string(),
    memberIds: z.array(z.string()),
    messageId: z.string(),
  }),
  /**
   * Between the copies only, never to a socket: the settings changed (a maintenance switch, a
   * limit), so each copy drops its cached settings at once instead of at the cache's expiry.
   */
  z.object({ type: z.literal('settings') }),
]);
export type LiveEvent = z.infer<typeof liveEventSchema>;

type Client = Pick<LiveClient<WebSocket>, 'socket' | 'userId' | 'isStaff'>;

export interface Realtime {
  publish(event: LiveEvent): Promise<void>;
  /** Runs `listener` for every event any server copy publishes (after NOTIFY), on this copy. */
  onEvent(listener: (event: LiveEvent) => void): void;
  /**
   * Runs `listener` when this copy may have missed events: its LISTEN connection was lost (it
   * is opened again at once, then with a growing delay). What is kept because no event said
   * otherwise (the public read cache) is then dropped.
   */
  onResync(listener: () => void): void;
  clientCount(): number;
  close(): Promise<void>;
}

export function visibleTo(event: LiveEvent, client: Pick<Client, 'userId' | 'isStaff'>): boolean {
  const { userId } = client;
  switch (event.type) {
    case 'payment':
    case 'payout':
    case 'notice':
      return userId !== null && event.userId === userId;
    case 'chat':
      return userId !== null && event.memberIds.includes(userId);
    case 'private-room':
      return client.isStaff || (userId !== null && event.memberIds.includes(userId));
    case 'room':
    case 'draw':
      return true;
    case 'settings':
      return false;
  }
}

/** What a client receives: private fields (member lists) stay on the server. */
function forClient(event: LiveEvent) {
  if (event.type === 'chat')
    return { type: 'chat', roomId: event.roomId, messageId: event.messageId };
  if (event.type === 'private-room')
    return { type: 'private-room', roomId: event.roomId, change: event.change };
  if (event.type === 'notice') {
    const { userId: _owner, ...shown } = event;
    return shown;
  }
  return event;
}

export async function createRealtime(
  app: App,
  database: Database,
  caps: Pick<SocketCaps, 'maxPerAddress' | 'maxPerAccount' | 'maxTotal'> & {
    attemptsPerAddress: number;
  },
): Promise<Realtime> {
  const registry = new SocketRegistry<WebSocket>(
    {
      maxPerAddress: caps.maxPerAddress,
      maxPerAccount: caps.maxPerAccount,
      // Per copy on purpose, also with REDIS_URL: it guards this process's memory and file
      // descriptors, so a fleet holds copies × WS_MAX_TOTAL (docs/limits.md).
      maxTotal: caps.maxTotal,
      // The browser sends one keep-alive every 25 s; a burst of a few is fine, a flood is not.
      maxMessagesPerWindow: 10,
      messageWindowMs: 10_000,
      idleMs: 75_000,
    },
    Date.now,
    // However it closed (either side, replaced, shed, idle), the shared counts follow at once.
    (client) => {
      shared?.set(client.address, registry.addresses.get(client.address) ?? 0);
      if (client.userId) shared?.forgetAccount(client.userId, client.id);
    },
  );
  const clients = registry.clients;
  // With REDIS_URL the per-address and per-account caps count the sockets of every copy (a dead
  // copy's count expires); without it, or with Redis down, this copy's own (the registry's checks
  // apply either way).
  const shared = app.redis
    ? createSharedSocketCounts(app.redis, () => registry.addresses, {
        accounts: {
          max: caps.maxPerAccount,
          close: (id) => registry.closeById(id, CLOSE.replaced, 'replaced'),
        },
      })
    : null;
  const listeners: ((event: LiveEvent) => void)[] = [];
  const resyncListeners: (() => void)[] = [];
  const sweep = setInterval(() => registry.sweepIdle(), 15_000);
  sweep.unref();
  const deliver = (payload: string) => {
    const parsed = liveEventSchema.safeParse(JSON.parse(payload));
    if (!parsed.success) return;
    for (const listener of listeners) listener(parsed.data);
    const message = JSON.stringify(forClient(parsed.data));
    for (const c of clients) {
      if (c.socket.readyState === c.socket.OPEN && visibleTo(parsed.data, c))
        c.socket.send(message);
    }
  };

  // One LISTEN connection per server copy (realtime-listener.ts); when it was lost, what is kept
  // on the word of events is dropped.
  const stopListening = await listenForEvents(app, database, CHANNEL, deliver, () => {
    for (const listener of resyncListeners) listener();
  });

  app.get(
    '/api/ws',
    {
      websocket: true,
      schema: { hide: true },
      // Connection attempts per address, counted before anything is looked up (docs/limits.md).
      config: {
        rateLimit: {
          hook: 'onRequest',
          max: caps.attemptsPerAddress,
          timeWindow: '1 minute',
          keyGenerator: addressKey,
        },
      },
    },
    async (socket, request) => {
      // Without a session cookie the socket is anonymous: no lookup at all.
      const user = hasSessionCookie(request) ? await getSessionUser(request) : null;
      const address = addressKey(request);
      if (shared && (await shared.countAddress(address)) >= caps.maxPerAddress) {
        socket.close(CLOSE.tryAgainLater, 'too many connections from this address');
        return;
      }
      const client = registry.admit({
        socket,
        userId: user?.id ?? null,
        isStaff: user ? isStaffRole(user.role) : false,
        address,
      });
      if (!client) return;
      shared?.set(address, registry.addresses.get(address) ?? 0);
      // The account's oldest past the cap on every copy; Redis down leaves the registry's check.
      if (client.userId) void shared?.admitAccount(client.userId, client.id);
      socket.on('close', () => registry.remove(client));
      socket.on('message', (raw: Buffer) => {
        if (!registry.onMessage(client)) return;
        // Keep-alive from the browser.
        if (raw.toString() === 'ping') socket.send('{"type":"pong"}');
      });
      socket.send(JSON.stringify({ type: 'hello', signedIn: user !== null }));
    },
  );

  return {
    async publish(event) {
      // NOTIFY payloads are limited to 8000 bytes; events are hints and stay far below that.
      await database.db.execute(sqlNotify(JSON.stringify(event)));
    },
    onEvent(listener) {
      listeners.push(listener);
    },
    onResync(listener) {
      resyncListeners.push(listener);
    },
    clientCount: () => clients.size,
    async close() {
      clearInterval(sweep);
      for (const c of clients) c.socket.close(1001, 'server shutting down');
      await shared?.close();
      await stopListening();
    },
  };
}

function sqlNotify(payload: string) {
  return sql`select pg_notify(${CHANNEL}, ${payload})`;
}
