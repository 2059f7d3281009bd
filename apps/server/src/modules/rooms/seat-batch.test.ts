/**
 * Seats queued for one room are taken together (service/seat-batch.ts `seatBatch`): each player still gets
 * the answer a join on its own gives, in arrival order, and the money moves exactly as it would.
 */
import { and, eq, inArray } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import type { RowInsert } from '../../db/row-insert';
import { participacoes, salas, userSecurityLogs } from '../../db/schema';
import { createUser, newCpf, useTestApp } from '../../test/helpers';
import { securityEventInsert } from '../security/security.service';
import {
  getResponsiblePlay,
  selfExclude,
  setPlayLimit,
} from '../responsible-play/responsible-play.service';
import { postTransaction, walletOf } from '../wallet/ledger.service';
import {
  SEAT_BATCH_MAX,
  balanceJoinLocks,
  createRoom,
  joinRoom,
  seatBatches,
} from './rooms.service';

const onPostgres = inject('testDb').kind === 'postgres';

const ctx = useTestApp({}, { ledgerEachTest: true });

const db = () => ctx.database.db;
/** The standing a request's session read gives a verified, active player. */
const caller = { role: 'user', isVerified: true, statusConta: 'ativo' };

async function player(saldo: number, cashback = 0) {
  const u = await createUser(ctx, {
    profile: {
      nomeCompleto: 'Fila',
      cpf: newCpf(),
      dataNascimento: '1990-01-01',
      isVerified: true,
    },
  });
  const grants = [
    ['topup', 'pix_clearing', 'user_saldo', saldo],
    ['cashback', 'platform_cashback', 'user_cashback', cashback],
  ] as const;
  for (const [kind, from, to, amount] of grants)
    if (amount > 0)
      await postTransaction(db(), {
        kind,
        idempotencyKey: `seat-batch:${to}:${u.id}`,
        description: 'teste',
        userId: u.id,
        entries: [
          { account: { kind: from }, amount: -amount },
          { account: { kind: to, userId: u.id }, amount },
        ],
      });
  return u.id;
}

async function room(input: { maxParticipantes: number; valorEntradaCentavos?: number }) {
  return createRoom({
    db: db(),
    input: {
      tipoSala: 'ouro',
      valorEntradaCentavos: input.valorEntradaCentavos ?? 1000,
      maxParticipantes: input.maxParticipantes,
      taxaBp: 2000,
    },
  });
}

/** The security log row a join writes with its seat (`userId` need not exist: see below). */
const logRow = (userId: string) =>
  securityEventInsert({
    userId,
    action: 'draw_participation',
    client: { ip: '203.0.113.9', userAgent: 'teste' },
  });

/** Joins as the route does: the session's standing, and the security log row with the seat. */
const joinWith = (userId: string, roomId: string, row: RowInsert) =>
  joinRoom({
    db: db(),
    config: ctx.config,
    userId,
    roomId,
    metodo: 'balance',
    caller,
    alongside: [row],
  });

const join = async (userId: string, salaId: string) =>
  joinWith(userId, salaId, await logRow(userId));

/** Every join started in the same tick, so all but the first wait together for the room. */
async function crowd(calls: (() => Promise<unknown>)[]) {
  const results = await Promise.allSettled(calls.map((call) => call()));
  return results.map((r) =>
    r.status === 'fulfilled'
      ? 'seated'
      : ((r.reason as { reason?: string }).reason ?? String(r.reason)),
  );
}

/**
 * A crowd of joins that arrive in this order: their security log rows are made first, then every
 * join starts in the same tick.
 */
async function crowdInOrder(joins: [userId: string, salaId: string][]) {
  const rows = await Promise.all(joins.map(([userId]) => logRow(userId)));
  return crowd(
    joins.map(
      ([userId, salaId], i) =>
        () =>
          joinWith(userId, salaId, rows[i]!),
    ),
  );
}

/** Who of `userIds` has a seat's security log row (one per seat taken). */
async function loggedSeats(userIds: string[]) {
  const rows = await db()
    .select({ userId: userSecurityLogs.userId })
    .from(userSecurityLogs)
    .where(
      and(
        eq(userSecurityLogs.actionType, 'draw_participation'),
        inArray(userSecurityLogs.userId, userIds),
      ),
    );
  return rows.map((r) => r.userId).sort();
}

describe('seats taken together', () => {
  it('gives each queued player the answer a join on its own gives, and moves the money exactly', async () => {
    const r = await room({ maxParticipantes: 5 });
    // A seat held for PIX: the room can fill without closing (its draw waits for that payment).
    const early = await player(0);
    await joinRoom({ db: db(), config: ctx.config, userId: early, roomId: r.id, metodo: 'pix' });

    const rich = await player(3000);
    const mixed = await player(700, 400);
    const poor = await player(500);
    const excluded = await player(5000);
    await selfExclude(db(), excluded, '1m');
    const limited = await player(5000);
    await setPlayLimit(db(), limited, { kind: 'spending', period: 'day', amountCentavos: 500 });
    const third = await player(1000);
    const fourth = await player(2000);
    const late = await player(2000);

    const before = { ...seatBatches };
    // The first join takes the room alone; the rest arrive while it runs and go together.
    const answers = await crowd([
      () => join(rich, r.id),
      () => join(early, r.id),
      () => join(mixed, r.id),
      () => join(poor, r.id),
      () => join(rich, r.id),
      () => join(excluded, r.id),
      () => join(limited, r.id),
      () => join(third, r.id),
      () => join(fourth, r.id),
      () => join(late, r.id),
    ]);
    expect(answers).toEqual([
      'seated',
      'ALREADY_JOINED',
      'seated',
      'INSUFFICIENT_BALANCE',
      // The same player twice in one crowd: the second request waits for the next transaction.
      'ALREADY_JOINED',
      'SELF_EXCLUDED',
      'PLAY_LIMIT_REACHED',
      'seated',
      'seated',
      // The room is full now.
      'ROOM_FULL',
    ]);
    expect(seatBatches.transactions - before.transactions).toBeGreaterThanOrEqual(1);
    expect(seatBatches.seats - before.seats).toBeGreaterThanOrEqual(2);

    const seats = await db().select().from(participacoes).where(eq(participacoes.salaId, r.id));
    expect(seats.map((s) => s.userId).sort()).toEqual([early, rich, mixed, third, fourth].sort());
    expect(new Set(seats.map((s) => s.numeroSorte)).size).toBe(5);
    const paid = seats.filter((s) => s.userId !== early);
    expect(paid.every((s) => s.statusPagamento === 'confirmado' && s.valorPago === 1000)).toBe(
      true,
    );
    const [after] = await db().select().from(salas).where(eq(salas.id, r.id));
    expect(after!.participantesAtual).toBe(5);
    expect(after!.status).toBe('aberta');

    // Cashback first, then Saldo; each entry credits its cashback (2 % of R$ 10,00 = 20).
    const cashback = Math.round((1000 * ctx.config.cashbackBp) / 10_000);
    expect(await walletOf(db(), mixed)).toEqual({ saldo: 100, cashback });
    expect(await walletOf(db(), rich)).toEqual({ saldo: 2000, cashback });
    expect(await walletOf(db(), poor)).toEqual({ saldo: 500, cashback: 0 });
    expect(await walletOf(db(), fourth)).toEqual({ saldo: 1000, cashback });
    expect(await walletOf(db(), late)).toEqual({ saldo: 2000, cashback: 0 });

    // One security log row per seat taken, none for a refused join.
    expect(
      await loggedSeats([early, rich, mixed, poor, excluded, limited, third, fourth, late]),
    ).toEqual([rich, mixed, third, fourth].sort());
  });

  it('fills a room exactly from a crowd, closes it with the last seat and tells each seat its count', async () => {
    const r = await room({ maxParticipantes: 10, valorEntradaCentavos: 500 });
    const players = await Promise.all(Array.from({ length: 25 }, () => player(500)));
    const results = await Promise.allSettled(players.map((p) => join(p, r.id)));
    const seated = results.flatMap((x) => (x.status === 'fulfilled' ? [x.value] : []));
    expect(seated).toHaveLength(10);
    expect(
      results.flatMap((x) =>
        x.status === 'rejected' ? [(x.reason as { reason?: string }).reason] : [],
      ),
    ).toEqual(Array(15).fill('ROOM_FULL'));
    // As if one after the other: counts 1..10, only the seat that filled the room sees it closed.
    expect(seated.map((s) => s.room.participantesAtual).sort((a, b) => a - b)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10,
    ]);
    expect(seated.filter((s) => s.room.status !== 'aberta').map((s) => s.room.status)).toEqual([
      'sorteando',
    ]);
    expect(seated.find((s) => s.room.status === 'sorteando')!.room.participantesAtual).toBe(10);
    const [after] = await db().select().from(salas).where(eq(salas.id, r.id));
    expect(after).toMatchObject({ participantesAtual: 10, status: 'sorteando' });
    const refusedWallets = await Promise.all(
      players
        .filter((p) => !seated.some((s) => s.participation.userId === p))
        .map((p) => walletOf(db(), p)),
    );
    expect(refusedWallets.every((w) => w.saldo === 500 && w.cashback === 0)).toBe(true);
  });

  it('takes at most SEAT_BATCH_MAX seats in one transaction; the rest wait for the next', async () => {
    const r = await room({ maxParticipantes: 1000, valorEntradaCentavos: 100 });
    const players = await Promise.all(
      Array.from({ length: SEAT_BATCH_MAX + 12 }, () => player(100)),
    );
    const before = { ...seatBatches, largest: 0 };
    seatBatches.largest = 0;
    expect(new Set(await crowd(players.map((p) => () => join(p, r.id))))).toEqual(
      new Set(['seated']),
    );
    // The first alone, then SEAT_BATCH_MAX together, then the 11 left.
    expect(seatBatches.transactions - before.transactions).toBe(2);
    expect(seatBatches.largest).toBe(SEAT_BATCH_MAX);
    const [after] = await db().select().from(salas).where(eq(salas.id, r.id));
    expect(after!.participantesAtual).toBe(SEAT_BATCH_MAX + 12);
  });

  it('refuses a whole crowd of a room that is not open, or not public, and writes nothing', async () => {
    const closed = await room({ maxParticipantes: 10 });
    await db().update(salas).set({ status: 'fechada' }).where(eq(salas.id, closed.id));
    const hidden = await room({ maxParticipantes: 10 });
    await db().update(salas).set({ tipoSala: 'privada' }).where(eq(salas.id, hidden.id));
    const players = await Promise.all(Array.from({ length: 4 }, () => player(5000)));
    expect(await crowd(players.map((p) => () => join(p, closed.id)))).toEqual(
      Array(4).fill('ROOM_NOT_OPEN'),
    );
    const hiddenAnswers = await Promise.allSettled(players.map((p) => join(p, hidden.id)));
    expect(
      hiddenAnswers.map((x) =>
        x.status === 'rejected' ? (x.reason as { code?: string }).code : 'seated',
      ),
    ).toEqual(Array(4).fill('NOT_FOUND'));
    const seats = await db()
      .select()
      .from(participacoes)
      .where(inArray(participacoes.salaId, [closed.id, hidden.id]));
    expect(seats).toHaveLength(0);
    for (const p of players) expect(await walletOf(db(), p)).toEqual({ saldo: 5000, cashback: 0 });
  });
});

describe('seats of many rooms taken together', () => {
  const cashbackOf = (price: number) => Math.round((price * ctx.config.cashbackBp) / 10_000);

  it("gives each seat of each room its own answer, at its room's price, in arrival order", async () => {
    const [x, y] = await Promise.all([
      room({ maxParticipantes: 10 }),
      room({ maxParticipantes: 10 }),
    ]);
    const a = await room({ maxParticipantes: 2, valorEntradaCentavos: 1000 });
    const b = await room({ maxParticipantes: 10, valorEntradaCentavos: 400 });
    const c = await room({ maxParticipantes: 10, valorEntradaCentavos: 1000 });
    const [p1, p2, p3, p4, p5, twice] = (await Promise.all(
      Array.from({ length: 6 }, () => player(5000)),
    )) as [string, string, string, string, string, string];
    const limited = await player(5000);
    await setPlayLimit(db(), limited, { kind: 'spending', period: 'day', amountCentavos: 500 });
    const limitedToo = await player(5000);
    await setPlayLimit(db(), limitedToo, { kind: 'spending', period: 'day', amountCentavos: 500 });
    const poor = await player(500);
    const poorToo = await player(500);

    const before = { ...seatBatches };
    seatBatches.mostRooms = 0;
    // The first two joins go on their own; the rest arrive while they run and go together.
    const answers = await crowdInOrder([
      [p1, x.id],
      [p2, y.id],
      [p3, a.id],
      [limited, b.id],
      [p4, a.id],
      [twice, b.id],
      [twice, c.id],
      [p5, a.id],
      [poor, c.id],
      [limitedToo, c.id],
      [poorToo, b.id],
    ]);
    expect(answers).toEqual([
      'seated',
      'seated',
      'seated',
      // R$ 4,00 is within a limit of R$ 5,00 a day ...
      'seated',
      'seated',
      // One seat per player per transaction: the second waits for the next one (and the seats of
      // its room after it too, in their order).
      'seated',
      'seated',
      // Room a had two seats.
      'ROOM_FULL',
      'INSUFFICIENT_BALANCE',
      // ... R$ 10,00 is not.
      'PLAY_LIMIT_REACHED',
      'seated',
    ]);
    expect(seatBatches.transactions - before.transactions).toBeGreaterThanOrEqual(1);
    expect(seatBatches.mostRooms).toBeGreaterThanOrEqual(2);

    const rows = await db()
      .select()
      .from(salas)
      .where(inArray(salas.id, [a.id, b.id, c.id]));
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(a.id)).toMatchObject({ participantesAtual: 2, status: 'sorteando' });
    expect(byId.get(b.id)).toMatchObject({ participantesAtual: 3, status: 'aberta' });
    expect(byId.get(c.id)).toMatchObject({ participantesAtual: 1, status: 'aberta' });
    const seats = await db()
      .select()
      .from(participacoes)
      .where(inArray(participacoes.salaId, [a.id, b.id, c.id]));
    const seatsOf = (salaId: string) =>
      seats
        .filter((s) => s.salaId === salaId)
        .map((s) => s.userId)
        .sort();
    expect(seatsOf(a.id)).toEqual([p3, p4].sort());
    expect(seatsOf(b.id)).toEqual([limited, twice, poorToo].sort());
    expect(seatsOf(c.id)).toEqual([twice]);
    expect(
      seats.every((s) => s.valorPago === (s.salaId === b.id ? 400 : 1000) && s.confirmedAt),
    ).toBe(true);

    // Each paid its room's price (Cashback first), and got that price's cashback.
    expect(await walletOf(db(), p3)).toEqual({ saldo: 4000, cashback: cashbackOf(1000) });
    expect(await walletOf(db(), limited)).toEqual({ saldo: 4600, cashback: cashbackOf(400) });
    expect(await walletOf(db(), poorToo)).toEqual({ saldo: 100, cashback: cashbackOf(400) });
    expect(await walletOf(db(), twice)).toEqual({
      saldo: 5000 - 400 - (1000 - cashbackOf(400)),
      cashback: cashbackOf(1000),
    });
    for (const [who, saldo] of [
      [p5, 5000],
      [poor, 500],
      [limitedToo, 5000],
    ] as const)
      expect(await walletOf(db(), who)).toEqual({ saldo, cashback: 0 });
    expect(await loggedSeats([p3, p4, p5, twice, limited, limitedToo, poor, poorToo])).toEqual(
      [p3, p4, limited, twice, twice, poorToo].sort(),
    );
  });

  it("takes the seats one by one when their transaction fails: one seat's failure is its own", async () => {
    const rooms = await Promise.all(Array.from({ length: 6 }, () => room({ maxParticipantes: 5 })));
    const players = await Promise.all(rooms.map(() => player(2000)));
    const before = { ...seatBatches };
    // The last seat's security log row names no user: its insert fails, and with it the
    // transaction it shares with the seats that arrived with it. (The rows are made first, so
    // the joins arrive in this order.)
    const rows = await Promise.all(players.map((p, i) => logRow(i === 5 ? `nobody-${p}` : p)));
    const answers = await crowd(players.map((p, i) => () => joinWith(p, rooms[i]!.id, rows[i]!)));
    expect(answers.slice(0, 5)).toEqual(Array(5).fill('seated'));
    expect(answers[5]).not.toBe('seated');
    expect(seatBatches.fallbacks - before.fallbacks).toBe(1);
    const seats = await db()
      .select({ userId: participacoes.userId })
      .from(participacoes)
      .where(
        inArray(
          participacoes.salaId,
          rooms.map((r) => r.id),
        ),
      );
    expect(seats.map((s) => s.userId).sort()).toEqual(players.slice(0, 5).sort());
    expect(await walletOf(db(), players[5]!)).toEqual({ saldo: 2000, cashback: 0 });
    const [failedRoom] = await db().select().from(salas).where(eq(salas.id, rooms[5]!.id));
    expect(failedRoom!.participantesAtual).toBe(0);
  });
});

describe("a balance join's locks", () => {
  it('are taken in one statement once everything exists, with the same checks and the same money', async () => {
    const r = await room({ maxParticipantes: 10 });
    // The room's pool exists after its first seat; this player has no Cashback account yet.
    const first = await player(5000);
    const before = { ...balanceJoinLocks };
    await join(first, r.id);
    expect(balanceJoinLocks.oneByOne - before.oneByOne).toBe(1);

    const ready = await player(3000, 300);
    const excluded = await player(3000, 300);
    await selfExclude(db(), excluded, '1m');
    const limited = await player(3000, 300);
    await setPlayLimit(db(), limited, { kind: 'spending', period: 'day', amountCentavos: 500 });
    const poor = await player(600, 300);
    const exact = await player(700, 300);
    // Their responsible-play rows exist (made on a player's first look at their limits or play).
    for (const p of [ready, poor, exact]) await getResponsiblePlay(db(), p);
    const mid = { ...balanceJoinLocks };
    // One at a time: each goes alone, not with others.
    const answers = [];
    for (const p of [ready, excluded, limited, poor, exact, ready])
      answers.push(...(await crowd([() => join(p, r.id)])));
    expect(answers).toEqual([
      'seated',
      'SELF_EXCLUDED',
      'PLAY_LIMIT_REACHED',
      'INSUFFICIENT_BALANCE',
      'seated',
      'ALREADY_JOINED',
    ]);
    expect(balanceJoinLocks.together - mid.together).toBe(6);
    expect(balanceJoinLocks.oneByOne - mid.oneByOne).toBe(0);
    const cashback = Math.round((1000 * ctx.config.cashbackBp) / 10_000);
    // Cashback first (300), then Saldo (700); the entry's own cashback credited.
    expect(await walletOf(db(), ready)).toEqual({ saldo: 2300, cashback });
    expect(await walletOf(db(), exact)).toEqual({ saldo: 0, cashback });
    expect(await walletOf(db(), poor)).toEqual({ saldo: 600, cashback: 300 });
    expect(await walletOf(db(), excluded)).toEqual({ saldo: 3000, cashback: 300 });
    const [after] = await db().select().from(salas).where(eq(salas.id, r.id));
    expect(after!.participantesAtual).toBe(3);
  });

  // prettier-ignore
  it.skipIf(!onPostgres)('lock the room, then the player, then the accounts (decision 007)', async () => { // Needs a second connection to watch the locks: the PostgreSQL pass of the suite.
    const r = await room({ maxParticipantes: 10 });
    await join(await player(5000), r.id);
    const p = await player(5000, 100);
    await getResponsiblePlay(db(), p);
    const url = (ctx.database.pool!.options as { connectionString: string }).connectionString;
    const watcher = new pg.Pool({ connectionString: url, max: 2 });
    const holder = await watcher.connect();
    const probe = await watcher.connect();
    try {
      // Another transaction holds the player's row: the join waits for it...
      await holder.query('begin');
      await holder.query('select 1 from responsible_play where user_id = $1 for update', [p]);
      const before = balanceJoinLocks.together;
      const joining = join(p, r.id);
      await new Promise((resolve) => setTimeout(resolve, 300));
      // ...holding the room row, and none of the accounts yet.
      await probe.query('begin');
      await expect(
        probe.query('select 1 from salas where id = $1 for update nowait', [r.id]),
      ).rejects.toMatchObject({ code: '55P03' });
      await probe.query('rollback');
      await probe.query('begin');
      const free = await probe.query(
        `select id from ledger_accounts
          where (user_id = $1 and kind in ('user_cashback', 'user_saldo'))
             or (sala_id = $2 and kind = 'room_pool')
          for update nowait`,
        [p, r.id],
      );
      expect(free.rowCount).toBe(3);
      await probe.query('rollback');
      await holder.query('rollback');
      await joining;
      expect(balanceJoinLocks.together - before).toBe(1);
    } finally {
      holder.release();
      probe.release();
      await watcher.end();
    }
  });
});
