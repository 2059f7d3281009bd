/**
 * Public reads from memory: ETag and 304, a hit that costs no query, and invalidation by the live
 * events of ANOTHER server copy (it only hears them through LISTEN/NOTIFY).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { createRoom } from '../modules/rooms/rooms.service';
import {
  type TestContext,
  createTestApp,
  jsonHeaders,
  topUp,
  verifiedPlayer,
} from '../test/helpers';
import type { App } from './fastify';

let ctx: TestContext;
let second: App;
const input = {
  tipoSala: 'prata' as const,
  valorEntradaCentavos: 1000,
  maxParticipantes: 10,
  taxaBp: 1000,
};

beforeAll(async () => {
  // A long TTL: anything fresh below comes from an invalidation, never from expiry.
  ctx = await createTestApp({ config: { publicCacheMs: 60_000 } });
  second = await buildApp(
    { ...ctx.config, logLevel: 'error' },
    { database: ctx.database, mailer: ctx.mailer, skipMigrations: true, startJobs: false },
  );
});
afterAll(async () => {
  await second.close();
  await ctx.close();
});

const stats = (app: App, etag?: string) =>
  app.inject({
    method: 'GET',
    url: '/api/public/stats',
    headers: etag ? { 'if-none-match': etag } : {},
  });

/** Polls `read` until `done` holds (the NOTIFY hop is asynchronous), for at most 5 s. */
async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const until = Date.now() + 5000;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > until) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('the public read cache', () => {
  it('answers with an ETag, 304 for a client that has it, and the same answer until an event', async () => {
    const first = await stats(second);
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]{27}"$/);
    expect(first.headers['cache-control']).toBe('public, no-cache');
    const openRooms = first.json().openRooms as number;

    const again = await stats(second, etag);
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    // A room appears without any event: the cached figure stays (this proves the cache).
    const room = await createRoom({ db: ctx.database.db, input });
    expect((await stats(second)).json().openRooms).toBe(openRooms);
    expect(second.publicCache.stats.hits).toBeGreaterThan(0);

    // The other copy publishes the room's event; this copy hears it and answers fresh figures.
    await ctx.app.publishRoom(room.id);
    const fresh = await eventually(
      () => stats(second),
      (res) => res.json().openRooms === openRooms + 1,
    );
    expect(fresh.json().openRooms).toBe(openRooms + 1);
    expect(fresh.headers.etag).not.toBe(etag);
    expect((await stats(second, etag)).statusCode).toBe(200);
  });

  it('keeps the room list and a room per copy until its seats change, for signed-in callers only', async () => {
    const p = await verifiedPlayer(ctx);
    const room = await createRoom({ db: ctx.database.db, input });
    const get = (url: string) =>
      second.inject({ method: 'GET', url, headers: { cookie: p.cookie } });
    expect((await second.inject({ method: 'GET', url: `/api/rooms/${room.id}` })).statusCode).toBe(
      401,
    );
    const before = await get(`/api/rooms/${room.id}`);
    expect(before.statusCode).toBe(200);
    expect(before.headers['cache-control']).toBe('private, no-cache');
    expect(before.json().participantesAtual).toBe(0);

    // A seat held on the first copy publishes the change; the second copy's cache follows it.
    const join = await ctx.app.inject({
      method: 'POST',
      url: `/api/rooms/${room.id}/join`,
      headers: { ...jsonHeaders, cookie: p.cookie },
      payload: JSON.stringify({ metodo: 'pix' }),
    });
    expect(join.statusCode, join.body).toBe(200);
    const after = await eventually(
      () => get(`/api/rooms/${room.id}`),
      (res) => res.json().participantesAtual === 1,
    );
    expect(after.json().participantesAtual).toBe(1);
    const list = await get('/api/rooms');
    expect(list.json().find((r: { id: string }) => r.id === room.id)?.participantesAtual).toBe(1);
  });

  it('keeps the platform figures of the player dashboard until an event, the player’s own figures never', async () => {
    const p = await verifiedPlayer(ctx);
    const dashboard = async () =>
      (
        await second.inject({ method: 'GET', url: '/api/dashboard', headers: { cookie: p.cookie } })
      ).json<{ live: { salasAbertas: number }; totalParticipacoes: number }>();
    const before = await dashboard();
    // A room appears without any event: the cached platform figure stays.
    const room = await createRoom({ db: ctx.database.db, input });
    expect((await dashboard()).live.salasAbertas).toBe(before.live.salasAbertas);
    await topUp(ctx, p.id, 5000);
    const joined = await ctx.app.inject({
      method: 'POST',
      url: `/api/rooms/${room.id}/join`,
      headers: { ...jsonHeaders, cookie: p.cookie },
      payload: JSON.stringify({ metodo: 'balance' }),
    });
    expect(joined.statusCode, joined.body).toBe(200);
    // The player's own seat shows at once (never cached); its event refreshes the platform's.
    expect((await dashboard()).totalParticipacoes).toBe(before.totalParticipacoes + 1);
    const after = await eventually(
      dashboard,
      (d) => d.live.salasAbertas === before.live.salasAbertas + 1,
    );
    expect(after.live.salasAbertas).toBe(before.live.salasAbertas + 1);
  });

  it('never keeps a failed read', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    const res = await second.inject({ method: 'GET', url: `/api/draws/${missing}/proof` });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('NOT_FOUND');
    expect(res.headers.etag).toBeUndefined();
  });
});
