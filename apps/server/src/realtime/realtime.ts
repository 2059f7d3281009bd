/**
 * Live updates over a WebSocket (/api/ws), fed by Postgres LISTEN/NOTIFY so every server copy
 * pushes what any copy did (DESIGN.md section 1). Messages are small hints ("room X now has N
 * seats", "your charge T is paid", "room X was drawn"); screens refetch what they show, and keep
 * their polling as the fallback.
 */
import type { WebSocket } from '@fastify/websocket';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../db/client';
import type { App } from '../lib/fastify';
import { getSessionUser } from '../lib/authz';
import { sessionKey } from '../lib/session-key';

export const CHANNEL = 'sorteio_events';

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
  /** Private-room chat: delivered to the room's members only. */
  z.object({
    type: z.literal('chat'),
    roomId: z.string(),
    memberIds: z.array(z.string()),
    messageId: z.string(),
  }),
]);
export type LiveEvent = z.infer<typeof liveEventSchema>;

interface Client {
  socket: WebSocket;
  userId: string | null;
}

export interface Realtime {
  publish(event: LiveEvent): Promise<void>;
  clientCount(): number;
  close(): Promise<void>;
}

function visibleTo(event: LiveEvent, userId: string | null): boolean {
  if (event.type === 'payment' || event.type === 'payout') return event.userId === userId;
  if (event.type === 'chat') return userId !== null && event.memberIds.includes(userId);
  return true;
}

/** What a client receives: private fields (member lists) stay on the server. */
function forClient(event: LiveEvent) {
  if (event.type === 'chat')
    return { type: 'chat', roomId: event.roomId, messageId: event.messageId };
  return event;
}

export async function createRealtime(app: App, database: Database): Promise<Realtime> {
  const clients = new Set<Client>();
  const deliver = (payload: string) => {
    const parsed = liveEventSchema.safeParse(JSON.parse(payload));
    if (!parsed.success) return;
    const message = JSON.stringify(forClient(parsed.data));
    for (const c of clients) {
      if (c.socket.readyState === c.socket.OPEN && visibleTo(parsed.data, c.userId))
        c.socket.send(message);
    }
  };

  // One LISTEN connection per server copy.
  let stopListening: () => Promise<void>;
  if (database.pglite) {
    const unlisten = await database.pglite.listen(CHANNEL, deliver);
    stopListening = () => unlisten();
  } else {
    const pool = database.pool!;
    const listener = new pg.Client({
      connectionString: (pool.options as { connectionString?: string }).connectionString,
    });
    await listener.connect();
    listener.on('notification', (n) => {
      if (n.channel === CHANNEL && n.payload) deliver(n.payload);
    });
    listener.on('error', (error) =>
      app.log.error({ err: error }, 'realtime listener connection failed'),
    );
    await listener.query(`listen ${CHANNEL}`);
    stopListening = () => listener.end();
  }

  app.get(
    '/api/ws',
    {
      websocket: true,
      schema: { hide: true },
      // Per session (tabs reconnect on every page load; many players share carrier NAT addresses).
      config: {
        rateLimit: {
          max: 120,
          timeWindow: '1 minute',
          keyGenerator: (request) => (request.ip ? sessionKey(request) : 'unknown'),
        },
      },
    },
    async (socket, request) => {
      const user = await getSessionUser(request);
      const client: Client = { socket, userId: user?.id ?? null };
      clients.add(client);
      socket.on('close', () => clients.delete(client));
      socket.on('message', (raw: Buffer) => {
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
    clientCount: () => clients.size,
    async close() {
      for (const c of clients) c.socket.close(1001, 'server shutting down');
      await stopListening();
    },
  };
}

function sqlNotify(payload: string) {
  return sql`select pg_notify(${CHANNEL}, ${payload})`;
}
