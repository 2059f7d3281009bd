/**
 * The LISTEN connection of one server copy (realtime.ts): every copy hears what any copy
 * NOTIFYs on the live channel. On PostgreSQL it can be lost (a database restart, a network cut, an
 * administrator ending it): it is opened again at once, then after a delay that doubles up to
 * RELISTEN_MAX_MS, and `onLost` runs, since events published meanwhile never reached this copy.
 */
import pg from 'pg';
import type { Database } from '../db/client';
import type { App } from '../lib/fastify';

/** The longest wait between two attempts to open a lost LISTEN connection again. */
export const RELISTEN_MAX_MS = 30_000;

/** Counted for /metrics and the tests: LISTEN connections lost (each followed by a new one). */
export const realtimeListener = { reconnects: 0 };

/** Starts listening; resolves with the function that stops it. */
export async function listenForEvents(
  app: App,
  database: Database,
  channel: string,
  deliver: (payload: string) => void,
  onLost: () => void,
): Promise<() => Promise<void>> {
  if (database.pglite) {
    const unlisten = await database.pglite.listen(channel, deliver);
    return () => unlisten();
  }
  const pool = database.pool!;
  const connectionString = (pool.options as { connectionString?: string }).connectionString;
  let current: pg.Client | undefined;
  let stopped = false;
  let failures = 0;
  let retry: NodeJS.Timeout | undefined;
  const listen = async () => {
    const client = new pg.Client({ connectionString });
    client.on('notification', (n) => {
      if (n.channel === channel && n.payload) deliver(n.payload);
    });
    client.on('error', (error) =>
      app.log.warn({ err: error }, 'realtime listener connection lost: listening again'),
    );
    client.on('end', () => {
      if (current !== client) return;
      current = undefined;
      lost();
    });
    try {
      await client.connect();
      await client.query(`listen ${channel}`);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    if (stopped) {
      await client.end();
      return;
    }
    current = client;
    failures = 0;
  };
  // Another attempt, at once after a loss, then after a delay that doubles with each failure.
  const listenAgain = () => {
    const delay = failures === 0 ? 0 : Math.min(RELISTEN_MAX_MS, 250 * 2 ** (failures - 1));
    retry = setTimeout(() => {
      retry = undefined;
      if (stopped) return;
      listen().then(
        () => app.log.info('realtime listener connected again'),
        (error: unknown) => {
          failures += 1;
          app.log.error({ err: error }, 'realtime listener could not connect again');
          listenAgain();
        },
      );
    }, delay);
    retry.unref();
  };
  const lost = () => {
    if (stopped) return;
    realtimeListener.reconnects += 1;
    onLost();
    listenAgain();
  };
  // The first connection is part of starting: the server does not start without it.
  await listen();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    await current?.end();
  };
}
