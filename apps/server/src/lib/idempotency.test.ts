/**
 * Idempotency keys on the money-moving requests (lib/idempotency.ts, decision 027): a request sent
 * again with its key has its effect once and gets the first answer again.
 */
import { idempotencyMessages } from '@sorteio/shared';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  idempotencyKeys,
  ledgerTransactions,
  participacoes,
  payouts,
  pixCharges,
  salas,
} from '../db/schema';
import { fundedPlayer, prataRooms, signIn, topUp, useTestApp } from '../test/helpers';
import { walletOf } from '../modules/wallet/ledger.service';
import { purgeExpiredIdempotencyKeys } from './idempotency';

const ctx = useTestApp({}, { ledgerEachTest: true });
const db = () => ctx.database.db;

let address = 0;
/** A verified player with `saldo` centavos of Saldo and a session from an address of their own. */
async function player(saldo = 100_000) {
  address += 1;
  const u = await fundedPlayer(ctx, {
    saldo,
    profile: { chavePix: `idem-${address}-${Date.now()}@teste.com.br`, chavePixTipo: 'email' },
  });
  const remoteAddress = `198.51.100.${address}`;
  const cookie = await signIn(ctx, u, remoteAddress);
  return { ...u, cookie, remoteAddress };
}

type Player = Awaited<ReturnType<typeof player>>;

const post = (p: Player, url: string, body: unknown, key?: string) =>
  ctx.app.inject({
    method: 'POST',
    url,
    remoteAddress: p.remoteAddress,
    headers: {
      'content-type': 'application/json',
      origin: 'http://localhost:3000',
      cookie: p.cookie,
      ...(key === undefined ? {} : { 'idempotency-key': key }),
    },
    payload: JSON.stringify(body),
  });

const join = (p: Player, roomId: string, key?: string, metodo = 'balance') =>
  post(p, `/api/rooms/${roomId}/join`, { metodo }, key);

const seatsOf = async (userId: string) =>
  (await db().select().from(participacoes).where(eq(participacoes.userId, userId))).length;

const ledgerOf = async (userId: string, kind: 'entry_balance' | 'withdrawal') =>
  (
    await db()
      .select()
      .from(ledgerTransactions)
      .where(and(eq(ledgerTransactions.userId, userId), eq(ledgerTransactions.kind, kind)))
  ).length;

describe('Idempotency-Key on joining a room', () => {
  it('takes one seat and one debit for the same key twice, and answers the same body again', async () => {
    const [roomId] = await prataRooms(ctx, 1);
    const p = await player();
    const first = await join(p, roomId!, 'join-1');
    expect(first.statusCode).toBe(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await join(p, roomId!, 'join-1');
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await seatsOf(p.id)).toBe(1);
    expect(await ledgerOf(p.id, 'entry_balance')).toBe(1);
    expect((await walletOf(db(), p.id)).saldo).toBe(100_000 - 1000);
    // Without a key a second join is a second request: refused, the player holds the seat.
    expect((await join(p, roomId!)).json().error.reason).toBe('ALREADY_JOINED');
  });

  it('refuses the same key with another request (422) and changes nothing', async () => {
    const [roomA, roomB] = await prataRooms(ctx, 2);
    const p = await player();
    expect((await join(p, roomA!, 'join-2')).statusCode).toBe(200);
    for (const other of [join(p, roomB!, 'join-2'), join(p, roomA!, 'join-2', 'pix')]) {
      const res = await other;
      expect(res.statusCode).toBe(422);
      expect(res.json().error).toMatchObject({
        message: idempotencyMessages.keyReused,
        reason: 'IDEMPOTENCY_KEY_REUSED',
      });
    }
    expect(await seatsOf(p.id)).toBe(1);
    expect(await ledgerOf(p.id, 'entry_balance')).toBe(1);
  });

  it('has one effect for requests with the same key at the same time, in a batch of other players', async () => {
    const [roomId] = await prataRooms(ctx, 1);
    const [a, b, c] = [await player(), await player(), await player()];
    const answers = await Promise.all([
      join(a, roomId!, 'same'),
      join(b, roomId!, 'same'),
      join(a, roomId!, 'same'),
      join(c, roomId!, 'other'),
      join(b, roomId!, 'same'),
      join(a, roomId!, 'same'),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    for (const [u, i, j, k] of [
      [a, 0, 2, 5],
      [b, 1, 4, 4],
    ] as const) {
      expect(answers[j].json()).toEqual(answers[i].json());
      expect(answers[k].json()).toEqual(answers[i].json());
      expect(await seatsOf(u.id)).toBe(1);
      expect(await ledgerOf(u.id, 'entry_balance')).toBe(1);
    }
    expect(answers.filter((r) => r.headers['idempotent-replayed'] === 'true')).toHaveLength(3);
    expect(await seatsOf(c.id)).toBe(1);
    const [room] = await db().select().from(salas).where(eq(salas.id, roomId!));
    expect(room!.participantesAtual).toBe(3);
  });

  it('has one effect for PIX joins with the same key at the same time', async () => {
    const [roomId] = await prataRooms(ctx, 1);
    const p = await player(0);
    const answers = await Promise.all([1, 2, 3].map(() => join(p, roomId!, 'pix-1', 'pix')));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((r) => r.body)).size).toBe(1);
    expect(answers.filter((r) => r.headers['idempotent-replayed'] === 'true')).toHaveLength(2);
    expect(await seatsOf(p.id)).toBe(1);
  });

  it('keeps no refused answer: after a refusal for lack of Saldo, the same key joins once topped up', async () => {
    const [roomId] = await prataRooms(ctx, 1);
    const p = await player(500);
    const refused = await join(p, roomId!, 'after-topup');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.reason).toBe('INSUFFICIENT_BALANCE');
    expect(
      await db().select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, p.id)),
    ).toEqual([]);
    await topUp(ctx, p.id, 1000);
    const joined = await join(p, roomId!, 'after-topup');
    expect(joined.statusCode).toBe(200);
    expect(joined.headers['idempotent-replayed']).toBeUndefined();
    expect(await seatsOf(p.id)).toBe(1);
    expect((await walletOf(db(), p.id)).saldo).toBe(500);
    expect((await join(p, roomId!, 'after-topup')).headers['idempotent-replayed']).toBe('true');
  });

  it("keeps each player's keys apart", async () => {
    const [roomId] = await prataRooms(ctx, 1);
    const [a, b] = [await player(), await player()];
    expect((await join(a, roomId!, 'shared-key')).statusCode).toBe(200);
    const other = await join(b, roomId!, 'shared-key');
    expect(other.statusCode).toBe(200);
    expect(other.headers['idempotent-replayed']).toBeUndefined();
    expect(other.json().participation.userId).not.toBe(a.id);
    expect(await seatsOf(b.id)).toBe(1);
  });

  it.each([['tem espaço'], ['x'.repeat(101)], ['ç'], ['']])(
    'refuses the key %j with a 400',
    async (key) => {
      const [roomId] = await prataRooms(ctx, 1);
      const p = await player();
      const res = await join(p, roomId!, key);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({
        code: 'VALIDATION_ERROR',
        message: idempotencyMessages.invalidKey,
      });
      expect(await seatsOf(p.id)).toBe(0);
    },
  );

  it('forgets keys after 24 hours (the scheduler round)', async () => {
    const [roomA, roomB] = await prataRooms(ctx, 2);
    const p = await player();
    expect((await join(p, roomA!, 'old-key')).statusCode).toBe(200);
    await db()
      .update(idempotencyKeys)
      .set({ createdAt: new Date(Date.now() - 25 * 3600_000) })
      .where(eq(idempotencyKeys.userId, p.id));
    await ctx.app.scheduler.runOnce();
    expect(
      await db().select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, p.id)),
    ).toEqual([]);
    expect(await purgeExpiredIdempotencyKeys(db())).toBe(0);
    // The key is free again: another request under it is a new request.
    expect((await join(p, roomB!, 'old-key')).statusCode).toBe(200);
    expect(await seatsOf(p.id)).toBe(2);
  });
});

describe('Idempotency-Key on adding Saldo', () => {
  it('answers the same PIX charge for the same key, never a second one', async () => {
    const p = await player(0);
    const topup = (valor: number) => post(p, '/api/wallet/topup', { valor }, 'topup-1');
    const [first, second] = await Promise.all([topup(2500), topup(2500)]);
    const third = await topup(2500);
    for (const res of [first, second, third]) expect(res.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(third.json()).toEqual(first.json());
    expect(first.json().qrCodeText).toBeTruthy();
    expect(third.headers['idempotent-replayed']).toBe('true');
    expect(await db().select().from(pixCharges).where(eq(pixCharges.userId, p.id))).toHaveLength(1);
    expect((await topup(3000)).statusCode).toBe(422);
  });
});

describe('Idempotency-Key on withdrawing', () => {
  it('withdraws once and debits once for the same key, at once and later', async () => {
    const p = await player();
    const withdraw = () => post(p, '/api/wallet/withdraw', { valor: 20_000 }, 'saque-1');
    const answers = [...(await Promise.all([withdraw(), withdraw()])), await withdraw()];
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((r) => r.body)).size).toBe(1);
    expect(answers.filter((r) => r.headers['idempotent-replayed'] === 'true')).toHaveLength(2);
    expect(await db().select().from(payouts).where(eq(payouts.userId, p.id))).toHaveLength(1);
    expect(await ledgerOf(p.id, 'withdrawal')).toBe(1);
    expect((await walletOf(db(), p.id)).saldo).toBe(80_000);
  });
});

describe('the API description', () => {
  it('documents the Idempotency-Key header on the three routes', async () => {
    const doc = (await ctx.app.inject({ url: '/api/openapi.json' })).json();
    for (const path of ['/api/rooms/{id}/join', '/api/wallet/topup', '/api/wallet/withdraw']) {
      const header = doc.paths[path].post.parameters.find(
        (p: { in: string; name: string }) => p.in === 'header' && p.name === 'idempotency-key',
      );
      expect(header, path).toMatchObject({ required: false });
      expect(header.description ?? header.schema?.description).toContain('Idempotent-Replayed');
    }
  });
});
