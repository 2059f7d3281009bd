/** The one way money moves: retries on contention, 503 after the last, and the lock order. */
import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { createUser, topUp, useTestApp } from '../../test/helpers';
import { LockOrderError, lockAccounts, moneyContention, moneyTransaction } from './ledger.service';

const ctx = useTestApp();

/** A database whose transactions fail with `code` the first `failures` times. */
function flakyDb(failures: number, code: string) {
  let calls = 0;
  return {
    db: {
      transaction: async <T>(work: (tx: unknown) => Promise<T>) => {
        calls += 1;
        if (calls <= failures) throw Object.assign(new Error('deadlock detected'), { code });
        return work({});
      },
    } as unknown as Db,
    calls: () => calls,
  };
}

describe('moneyTransaction', () => {
  it('retries a deadlock or a serialization failure and counts the retries', async () => {
    const before = moneyContention.retries;
    for (const code of ['40P01', '40001']) {
      const flaky = flakyDb(2, code);
      expect(await moneyTransaction(flaky.db, async () => 'feito')).toBe('feito');
      expect(flaky.calls()).toBe(3);
    }
    expect(moneyContention.retries - before).toBe(4);
  });

  it('gives up with a 503, a Retry-After and a Portuguese message, never a 500', async () => {
    const before = moneyContention.giveUps;
    const flaky = flakyDb(100, '40P01');
    const error = await moneyTransaction(flaky.db, async () => 'nunca').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(503);
    expect((error as AppError).retryAfterSeconds).toBe(2);
    expect((error as AppError).message).toMatch(/Tente novamente em alguns segundos\./);
    expect(flaky.calls()).toBe(5);
    expect(moneyContention.giveUps - before).toBe(1);
  });

  it('does not retry other errors', async () => {
    const flaky = flakyDb(1, '23505');
    await expect(moneyTransaction(flaky.db, async () => 'x')).rejects.toThrow('deadlock detected');
    expect(flaky.calls()).toBe(1);
  });
});

describe('the lock order', () => {
  it('locks accounts in one sorted statement and refuses a later lock that sorts before them', async () => {
    const a = await createUser(ctx);
    const b = await createUser(ctx);
    const db = ctx.database.db;
    const refs = [a, b].map((u) => ({ kind: 'user_saldo', userId: u.id }) as const);
    const locked = await db.transaction((tx) => lockAccounts(tx, refs));
    const [low, high] = [...locked.values()].map((l) => l.id).sort();
    const lowRef = refs.find((r) => locked.get(`user_saldo:${r.userId}`)!.id === low)!;
    const highRef = refs.find((r) => locked.get(`user_saldo:${r.userId}`)!.id === high)!;
    // In order: fine. Out of order: a programming error, caught before it can deadlock.
    await db.transaction(async (tx) => {
      await lockAccounts(tx, [lowRef]);
      await lockAccounts(tx, [highRef]);
    });
    await expect(
      db.transaction(async (tx) => {
        await lockAccounts(tx, [highRef]);
        await lockAccounts(tx, [lowRef]);
      }),
    ).rejects.toBeInstanceOf(LockOrderError);
  });

  it('never updates a platform account row: its balance is the sum of its entries', async () => {
    const u = await createUser(ctx);
    for (let i = 0; i < 3; i += 1) await topUp(ctx, u.id, 1000);
    const { balanceOf } = await import('./ledger.service');
    const { ledgerAccounts } = await import('../../db/schema');
    const { eq } = await import('drizzle-orm');
    const [row] = await ctx.database.db
      .select({ balance: ledgerAccounts.balance })
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.kind, 'pix_clearing'));
    expect(row!.balance).toBe(0);
    expect(await balanceOf(ctx.database.db, { kind: 'pix_clearing' })).toBeLessThanOrEqual(-3000);
    expect(await balanceOf(ctx.database.db, { kind: 'user_saldo', userId: u.id })).toBe(3000);
  });
});

describe('posting several transactions in one statement', () => {
  it('writes each column exactly as given, skips a used key, and keeps the balances', async () => {
    const { postTransactions, balanceOf } = await import('./ledger.service');
    const { ledgerEntries, ledgerTransactions } = await import('../../db/schema');
    const { asc, eq, inArray } = await import('drizzle-orm');
    const u = await createUser(ctx);
    const db = ctx.database.db;
    // Texts that an array literal must quote or escape: quotes, backslashes, braces, commas,
    // spaces, the word NULL, an empty string, accents and an emoji.
    const awkward = ['a "b" \\c {d,e}', 'NULL', '', 'Sorteio de Natal — prêmio 🎁'];
    const posts = awkward.map((description, i) => ({
      kind: 'grant' as const,
      idempotencyKey: `awkward-${i}-${u.id}`,
      description,
      userId: i % 2 === 0 ? u.id : null,
      metadata: i === 1 ? undefined : { note: description, nested: { list: [i, 'x,y'] } },
      entries: [
        { account: { kind: 'platform_grants' } as const, amount: -(100 + i) },
        { account: { kind: 'user_saldo', userId: u.id } as const, amount: 100 + i },
      ],
    }));
    const first = await moneyTransaction(db, (tx) => postTransactions(tx, posts));
    expect(first).toEqual([true, true, true, true]);
    // The same keys again, with one new: only the new one moves money.
    const again = await moneyTransaction(db, (tx) =>
      postTransactions(tx, [
        ...posts,
        { ...posts[0]!, idempotencyKey: `awkward-new-${u.id}`, description: 'nova' },
      ]),
    );
    expect(again).toEqual([false, false, false, false, true]);
    const rows = await db
      .select()
      .from(ledgerTransactions)
      .where(
        inArray(
          ledgerTransactions.idempotencyKey,
          posts.map((p) => p.idempotencyKey),
        ),
      )
      .orderBy(asc(ledgerTransactions.idempotencyKey));
    expect(rows.map((r) => [r.description, r.userId, r.metadata])).toEqual(
      posts.map((p) => [p.description, p.userId, p.metadata ?? null]),
    );
    for (const row of rows) {
      const entries = await db
        .select({ amount: ledgerEntries.amount })
        .from(ledgerEntries)
        .where(eq(ledgerEntries.transactionId, row.id));
      expect(entries.map((e) => e.amount).sort((a, b) => a - b)).toHaveLength(2);
      expect(entries.reduce((sum, e) => sum + e.amount, 0)).toBe(0);
    }
    expect(await balanceOf(db, { kind: 'user_saldo', userId: u.id })).toBe(
      100 + 101 + 102 + 103 + 100,
    );
  });

  it('locks the players’ and rooms’ accounts of any count in one statement, in id order', async () => {
    const users = await Promise.all([1, 2, 3].map(() => createUser(ctx)));
    const refs = users.flatMap((u) => [
      { kind: 'user_cashback', userId: u.id } as const,
      { kind: 'user_saldo', userId: u.id } as const,
    ]);
    const db = ctx.database.db;
    const locked = await db.transaction((tx) => lockAccounts(tx, refs));
    expect([...locked.keys()].sort()).toEqual(refs.map((r) => `${r.kind}:${r.userId}`).sort());
    expect(new Set([...locked.values()].map((l) => l.id)).size).toBe(6);
    // Fewer accounts of the same players: the same rows.
    const again = await db.transaction((tx) => lockAccounts(tx, refs.slice(2, 3)));
    expect([...again.values()][0]!.id).toBe(locked.get(`user_cashback:${users[1]!.id}`)!.id);
  });
});
