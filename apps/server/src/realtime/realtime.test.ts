import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { buildApp } from '../app';
import { profiles } from '../db/schema';
import type { App } from '../lib/fastify';
import { createRoom } from '../modules/rooms/rooms.service';
import { type TestContext, createTestApp, jsonHeaders, verifiedPlayer } from '../test/helpers';
import { openLiveSocket } from '../test/live-socket';
import { CHANNEL, realtimeListener } from './realtime';

const onPostgres = inject('testDb').kind === 'postgres';

let ctx: TestContext;
let second: App;
beforeAll(async () => {
  ctx = await createTestApp({ config: { logLevel: 'warn' } });
  // Another server copy on the same database: it only learns about events through NOTIFY.
  second = await buildApp(
    { ...ctx.config, logLevel: 'error' },
    { database: ctx.database, mailer: ctx.mailer, skipMigrations: true, startJobs: false },
  );
});
afterAll(async () => {
  await second.close();
  await ctx.close();
});

describe('live updates', () => {
  it('pushes seat counts, payments (to their owner only) and draws across server copies', async () => {
    const room = await createRoom({
      db: ctx.database.db,
      input: { tipoSala: 'ouro', valorEntradaCentavos: 1000, maxParticipantes: 2, taxaBp: 1000 },
    });
    const payer = await verifiedPlayer(ctx);
    const watcher = await verifiedPlayer(ctx);
    const [p, w, a] = [
      await openLiveSocket(second, payer.cookie),
      await openLiveSocket(second, watcher.cookie),
      await openLiveSocket(second),
    ];
    await p.waitFor((m) => m.type === 'hello' && m.signedIn === true);

    const join = await ctx.app.inject({
      method: 'POST',
      url: `/api/rooms/${room.id}/join`,
      headers: { ...jsonHeaders, cookie: payer.cookie },
      payload: { metodo: 'pix' },
    });
    expect(join.statusCode).toBe(200);
    for (const c of [p, w, a]) {
      await c.waitFor(
        (m) => m.type === 'room' && m.roomId === room.id && m.participantesAtual === 1,
      );
    }

    const charge = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/payments/pix',
        headers: { ...jsonHeaders, cookie: payer.cookie },
        payload: { participacaoId: join.json().participation.id },
      })
    ).json();
    await ctx.app.inject({
      method: 'POST',
      url: `/api/payments/pix/${charge.txid}/simulate`,
      headers: { ...jsonHeaders, cookie: payer.cookie },
    });
    await p.waitFor((m) => m.type === 'payment' && m.outcome === 'participacao');
    await w.waitFor(
      (m) => m.type === 'room' && m.participantesAtual === 1 && m.status === 'aberta',
    );
    expect(w.messages.some((m) => m.type === 'payment')).toBe(false);
    expect(a.messages.some((m) => m.type === 'payment')).toBe(false);

    await ctx.app.inject({
      method: 'POST',
      url: `/api/rooms/${room.id}/join`,
      headers: { ...jsonHeaders, cookie: watcher.cookie },
      payload: { metodo: 'pix' },
    });
    const charge2 = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/payments/pix',
        headers: { ...jsonHeaders, cookie: watcher.cookie },
        payload: {
          participacaoId: (
            await ctx.app.inject({
              url: `/api/rooms/${room.id}/my-participation`,
              headers: { cookie: watcher.cookie },
            })
          ).json().participation.id,
        },
      })
    ).json();
    await ctx.app.inject({
      method: 'POST',
      url: `/api/payments/pix/${charge2.txid}/simulate`,
      headers: { ...jsonHeaders, cookie: watcher.cookie },
    });
    const draw = await a.waitFor((m) => m.type === 'draw' && m.roomId === room.id);
    expect(draw.result).toBe('drawn');
    for (const c of [p, w, a]) c.socket.terminate();
  });

  it('tells each player in a room, and only them, when it fills, is drawn and pays the prize', async () => {
    const room = await createRoom({
      db: ctx.database.db,
      input: { tipoSala: 'prata', valorEntradaCentavos: 500, maxParticipantes: 2, taxaBp: 1000 },
    });
    const [one, two, outsider] = [
      await verifiedPlayer(ctx),
      await verifiedPlayer(ctx),
      await verifiedPlayer(ctx),
    ];
    // A PIX key each, so the prize goes out by PIX (a payout), not into the Saldo.
    for (const p of [one, two])
      await ctx.database.db
        .update(profiles)
        .set({ chavePix: p.email, chavePixTipo: 'email' })
        .where(eq(profiles.id, p.id));
    const sockets = {
      one: await openLiveSocket(second, one.cookie),
      two: await openLiveSocket(second, two.cookie),
      outsider: await openLiveSocket(second, outsider.cookie),
      anonymous: await openLiveSocket(second),
    };
    await sockets.one.waitFor((m) => m.type === 'hello');
    const pay = async (who: { cookie: string }) => {
      const join = await ctx.app.inject({
        method: 'POST',
        url: `/api/rooms/${room.id}/join`,
        headers: { ...jsonHeaders, cookie: who.cookie },
        payload: { metodo: 'pix' },
      });
      expect(join.statusCode, join.body).toBe(200);
      const charge = (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/payments/pix',
          headers: { ...jsonHeaders, cookie: who.cookie },
          payload: { participacaoId: join.json().participation.id },
        })
      ).json();
      await ctx.app.inject({
        method: 'POST',
        url: `/api/payments/pix/${charge.txid}/simulate`,
        headers: { ...jsonHeaders, cookie: who.cookie },
      });
    };
    await pay(one);
    await pay(two);
    const href = `/participate?sala_id=${room.id}`;
    for (const s of [sockets.one, sockets.two])
      expect(await s.waitFor((m) => m.type === 'notice' && m.kind === 'filled')).toEqual({
        type: 'notice',
        kind: 'filled',
        roomName: 'Sala Prata',
        href,
        drawId: null,
      });
    const results = await Promise.all(
      [sockets.one, sockets.two].map((s) =>
        s.waitFor((m) => m.type === 'notice' && (m.kind === 'won' || m.kind === 'drawn')),
      ),
    );
    expect(results.map((m) => m.kind).sort()).toEqual(['drawn', 'won']);
    const drawId = results[0]!.drawId as string;
    expect(results.every((m) => m.href === `/sorteios/${drawId}`)).toBe(true);

    // The prize goes out on the next round: only the winner hears of it.
    await ctx.app.scheduler.runOnce();
    const winner = results[0]!.kind === 'won' ? sockets.one : sockets.two;
    const loser = winner === sockets.one ? sockets.two : sockets.one;
    expect(await winner.waitFor((m) => m.type === 'notice' && m.kind === 'paid')).toMatchObject({
      roomName: 'Sala Prata',
      href: `/sorteios/${drawId}`,
    });
    // Notices go to their player only, and never carry whose they are.
    await sockets.anonymous.waitFor((m) => m.type === 'draw' && m.roomId === room.id);
    for (const s of [sockets.outsider, sockets.anonymous])
      expect(s.messages.filter((m) => m.type === 'notice')).toEqual([]);
    expect(loser.messages.some((m) => m.type === 'notice' && m.kind === 'paid')).toBe(false);
    expect(
      [...sockets.one.raw, ...sockets.two.raw]
        .filter((r) => r.includes('"notice"'))
        .some((r) => r.includes(one.id) || r.includes(two.id)),
    ).toBe(false);
    for (const s of Object.values(sockets)) s.socket.terminate();
  });

  it('pushes a private-room chat message to its members only, across server copies', async () => {
    const creator = await verifiedPlayer(ctx);
    const member = await verifiedPlayer(ctx);
    const outsider = await verifiedPlayer(ctx);
    const room = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/private-rooms',
        headers: { ...jsonHeaders, cookie: creator.cookie },
        payload: { roomName: 'Chat', entryValue: 500, maxParticipants: 5 },
      })
    ).json();
    await ctx.app.inject({
      method: 'POST',
      url: `/api/private-rooms/by-code/${room.roomCode}/join`,
      headers: { ...jsonHeaders, cookie: member.cookie },
    });
    const [m, o] = [
      await openLiveSocket(second, member.cookie),
      await openLiveSocket(second, outsider.cookie),
    ];
    await m.waitFor((x) => x.type === 'hello');
    await o.waitFor((x) => x.type === 'hello');
    const sent = (
      await ctx.app.inject({
        method: 'POST',
        url: `/api/private-rooms/${room.id}/messages`,
        headers: { ...jsonHeaders, cookie: creator.cookie },
        payload: { message: 'Bem-vindos!' },
      })
    ).json();
    const pushed = await m.waitFor((x) => x.type === 'chat' && x.messageId === sent.id);
    expect(pushed).toEqual({ type: 'chat', roomId: room.id, messageId: sent.id });
    await new Promise((r) => setTimeout(r, 300));
    expect(o.messages.some((x) => x.type === 'chat')).toBe(false);
    m.socket.terminate();
    o.socket.terminate();
  });

  it('admits sockets with Redis down, the copy’s own per-account cap still applying', async () => {
    // REDIS_URL set, but nothing answers there.
    const cut = await buildApp(
      {
        ...ctx.config,
        logLevel: 'silent',
        redis: { url: 'redis://127.0.0.1:1/0', prefix: 'realtime-test:' },
        ws: { ...ctx.config.ws, maxPerAccount: 2 },
      },
      { database: ctx.database, mailer: ctx.mailer, skipMigrations: true, startJobs: false },
    );
    try {
      const player = await verifiedPlayer(ctx);
      const sockets: Awaited<ReturnType<typeof openLiveSocket>>[] = [];
      const closedWith: (number | null)[] = [];
      for (let i = 0; i < 3; i += 1) {
        const s = await openLiveSocket(cut, player.cookie);
        closedWith.push(null);
        s.socket.once('close', (code: number) => (closedWith[i] = code));
        await s.waitFor((m) => m.type === 'hello' && m.signedIn === true);
        sockets.push(s);
      }
      await vi.waitFor(() => expect(closedWith).toEqual([4000, null, null]));
      expect(cut.realtime.clientCount()).toBe(2);
      for (const s of sockets) s.socket.terminate();
    } finally {
      await cut.close();
    }
  });

  // prettier-ignore
  it.skipIf(!onPostgres)( // PostgreSQL pass only: the embedded database's LISTEN is in process and cannot be lost.
    'listens again when its LISTEN connection is lost, and says events may have been missed',
    async () => {
      const pool = ctx.database.pool!;
      const listening = `from pg_stat_activity where datname = current_database() and query = 'listen ${CHANNEL}'`;
      const listeners = async () =>
        (await pool.query<{ pid: number }>(`select pid ${listening}`)).rows.map((r) => r.pid);
      const before = await listeners();
      // The two server copies of this file.
      expect(before).toHaveLength(2);
      const resyncs: number[] = [];
      second.realtime.onResync(() => resyncs.push(Date.now()));
      const reconnects = realtimeListener.reconnects;
      const watcher = await openLiveSocket(second);
      await watcher.waitFor((m) => m.type === 'hello');

      // An administrator (or a database restart) ends both listening connections.
      await pool.query(`select pg_terminate_backend(pid) ${listening}`);
      await vi.waitFor(
        async () => {
          const now = await listeners();
          expect(now).toHaveLength(2);
          expect(now.some((pid) => before.includes(pid))).toBe(false);
        },
        { timeout: 10_000, interval: 50 },
      );
      expect(realtimeListener.reconnects - reconnects).toBe(2);
      expect(resyncs).toHaveLength(1);

      // Events published after that reach the socket of the copy that lost its connection.
      const event = {
        type: 'room',
        roomId: crypto.randomUUID(),
        participantesAtual: 3,
        maxParticipantes: 10,
        status: 'aberta',
      } as const;
      await ctx.app.realtime.publish(event);
      expect(await watcher.waitFor((m) => m.roomId === event.roomId)).toEqual(event);
      watcher.socket.terminate();
    },
  );
});
