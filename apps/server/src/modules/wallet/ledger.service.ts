/**
 * The double-entry ledger (docs/decisions/002-money-in-centavos.md) and the one way money moves
 * (docs/decisions/007-money-lock-order.md):
 * - every money-moving database transaction runs through `moneyTransaction`, which retries a
 *   deadlock or serialization failure with jitter (the same idempotency keys, so nothing is charged
 *   twice) and turns the last failure into a 503 with Retry-After, never a 500;
 * - inside it, the lock order is: the business row that the request is about (a charge, a payout),
 *   then the room row, then the participation, then the ledger accounts — all of them in ONE
 *   statement, sorted by id (`lockAccounts`), before any is read or written;
 * - platform-wide accounts (revenue, cashback source, PIX clearing) are never locked and their row
 *   is never updated: their balance is the sum of their entries, so no transaction queues behind
 *   another on them;
 * - a transaction's entries sum to zero, player and room balances are cached on their row in the
 *   same transaction with a CHECK that they never go below zero, and the idempotency key makes a
 *   retried request a no-op.
 */
import { randomInt } from 'node:crypto';
import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  ledgerAccounts,
  ledgerEntries,
  ledgerTransactions,
  type ledgerAccountKinds,
  type ledgerTransactionKinds,
} from '../../db/schema';
import { AppError, pgConstraint, pgErrorCode } from '../../lib/errors';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;
export type AccountKind = (typeof ledgerAccountKinds)[number];

export type AccountRef =
  | { kind: 'user_saldo' | 'user_cashback'; userId: string }
  | { kind: 'room_pool'; salaId: string }
  | { kind: 'platform_revenue' | 'platform_cashback' | 'pix_clearing' | 'platform_grants' };

/** Accounts whose balance is cached on their row (and locked to change it). */
const CACHED_KINDS = new Set<AccountKind>(['user_saldo', 'user_cashback', 'room_pool']);
export const isCached = (ref: AccountRef) => CACHED_KINDS.has(ref.kind);

const refKey = (ref: AccountRef) =>
  'userId' in ref
    ? `${ref.kind}:${ref.userId}`
    : 'salaId' in ref
      ? `${ref.kind}:${ref.salaId}`
      : ref.kind;

function where(ref: AccountRef) {
  if ('userId' in ref)
    return and(eq(ledgerAccounts.kind, ref.kind), eq(ledgerAccounts.userId, ref.userId));
  if ('salaId' in ref)
    return and(eq(ledgerAccounts.kind, ref.kind), eq(ledgerAccounts.salaId, ref.salaId));
  return and(
    eq(ledgerAccounts.kind, ref.kind),
    isNull(ledgerAccounts.userId),
    isNull(ledgerAccounts.salaId),
  );
}

/** The accounts' ids, each created on first use (one query when they all exist). */
async function resolveIds(db: DbOrTx, refs: AccountRef[]): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  const unique = [...new Map(refs.map((r) => [refKey(r), r])).values()];
  if (unique.length === 0) return ids;
  const find = async (list: AccountRef[]) => {
    const found = await db
      .select({
        id: ledgerAccounts.id,
        kind: ledgerAccounts.kind,
        userId: ledgerAccounts.userId,
        salaId: ledgerAccounts.salaId,
      })
      .from(ledgerAccounts)
      .where(or(...list.map(where)));
    for (const row of found) {
      const key = row.userId
        ? `${row.kind}:${row.userId}`
        : row.salaId
          ? `${row.kind}:${row.salaId}`
          : row.kind;
      ids.set(key, row.id);
    }
  };
  await find(unique);
  const missing = unique.filter((r) => !ids.has(refKey(r)));
  if (missing.length > 0) {
    await db
      .insert(ledgerAccounts)
      .values(
        missing.map((ref) => ({
          kind: ref.kind,
          userId: 'userId' in ref ? ref.userId : null,
          salaId: 'salaId' in ref ? ref.salaId : null,
        })),
      )
      .onConflictDoNothing();
    await find(missing);
    for (const ref of missing)
      if (!ids.has(refKey(ref))) throw new Error(`ledger account not created: ${refKey(ref)}`);
  }
  return ids;
}

/** The account's id, created on first use. */
export async function accountId(db: DbOrTx, ref: AccountRef): Promise<string> {
  return (await resolveIds(db, [ref])).get(refKey(ref))!;
}

/** A lock taken out of order: a programming error that could deadlock under load. */
export class LockOrderError extends Error {
  constructor(detail: string) {
    super(
      `ledger accounts locked out of order (docs/decisions/007-money-lock-order.md): ${detail}`,
    );
    this.name = 'LockOrderError';
  }
}

/** What each open transaction has locked, to enforce the order (and skip re-locking). */
const lockedIn = new WeakMap<object, { ids: Set<string>; max: string }>();

export interface LockedAccount {
  id: string;
  balance: number;
}

/**
 * Locks the cached accounts among `refs` in ONE statement, sorted by id, and returns their
 * balances (platform accounts are returned with the sum of their entries, unlocked). Call it once,
 * at the start of the money step, with every account the transaction will touch; a later call may
 * only add accounts that sort after everything already locked.
 */
export async function lockAccounts(
  tx: Tx,
  refs: AccountRef[],
): Promise<Map<string, LockedAccount>> {
  const ids = await resolveIds(tx, refs);
  const cached = [...new Set(refs.filter(isCached).map((r) => ids.get(refKey(r))!))].sort();
  const state = lockedIn.get(tx) ?? { ids: new Set<string>(), max: '' };
  const fresh = cached.filter((id) => !state.ids.has(id));
  if (fresh.length > 0 && state.max !== '' && fresh[0]! < state.max)
    throw new LockOrderError(`${fresh[0]} after ${state.max}`);
  const balances = new Map<string, number>();
  if (cached.length > 0) {
    const rows = await tx
      .select({ id: ledgerAccounts.id, balance: ledgerAccounts.balance })
      .from(ledgerAccounts)
      .where(inArray(ledgerAccounts.id, cached))
      .orderBy(asc(ledgerAccounts.id))
      .for('update');
    for (const r of rows) balances.set(r.id, r.balance);
    for (const id of fresh) state.ids.add(id);
    if (fresh.length > 0) state.max = fresh.at(-1)! > state.max ? fresh.at(-1)! : state.max;
    lockedIn.set(tx, state);
  }
  const out = new Map<string, LockedAccount>();
  for (const ref of refs) {
    const id = ids.get(refKey(ref))!;
    out.set(refKey(ref), {
      id,
      balance: isCached(ref) ? (balances.get(id) ?? 0) : await entriesSum(tx, id),
    });
  }
  return out;
}

/** The balance of an account locked earlier in this transaction by `lockAccounts`. */
export function lockedBalance(locked: Map<string, LockedAccount>, ref: AccountRef): number {
  const found = locked.get(refKey(ref));
  if (!found) throw new Error(`account not locked: ${refKey(ref)}`);
  return found.balance;
}

async function entriesSum(db: DbOrTx, id: string): Promise<number> {
  const [row] = await db
    .select({ sum: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)` })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.accountId, id));
  return Number(row?.sum ?? 0);
}

/** A balance read without locking (screens, reports). Platform accounts: the sum of their entries. */
export async function balanceOf(db: DbOrTx, ref: AccountRef): Promise<number> {
  if (!isCached(ref)) {
    const [row] = await db
      .select({ sum: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)` })
      .from(ledgerEntries)
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
      .where(where(ref));
    return Number(row?.sum ?? 0);
  }
  const [row] = await db
    .select({ balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(where(ref));
  return row?.balance ?? 0;
}

export class InsufficientFundsError extends AppError {
  constructor() {
    super('BAD_REQUEST', {
      message: 'Saldo insuficiente. Adicione saldo na seção Cashback.',
      reason: 'INSUFFICIENT_BALANCE',
    });
  }
}

/** Counted for /metrics: retries after a deadlock or serialization failure, and give-ups. */
export const moneyContention = { retries: 0, giveUps: 0 };
const CONTENTION_CODES = new Set(['40P01', '40001']);
const MAX_ATTEMPTS = 5;

export const contentionMessage =
  'Muitas operações ao mesmo tempo na sua conta ou nesta sala. Tente novamente em alguns segundos.';

/**
 * Runs one money-moving database transaction. A deadlock (40P01) or serialization failure (40001)
 * rolls it back whole; it is tried again after a short random wait, up to MAX_ATTEMPTS times, with
 * the same idempotency keys. After the last try the caller gets a 503 with Retry-After.
 */
export async function moneyTransaction<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction(work);
    } catch (error) {
      if (!CONTENTION_CODES.has(pgErrorCode(error) ?? '')) throw error;
      if (attempt >= MAX_ATTEMPTS) {
        moneyContention.giveUps += 1;
        throw new AppError('SERVICE_UNAVAILABLE', {
          message: contentionMessage,
          reason: 'CONTENTION',
          retryAfterSeconds: 2,
          cause: error,
        });
      }
      moneyContention.retries += 1;
      await new Promise((resolve) => setTimeout(resolve, randomInt(5, 20 * 2 ** attempt)));
    }
  }
}

const isTx = (db: DbOrTx): db is Tx => 'rollback' in db;

export interface PostInput {
  kind: (typeof ledgerTransactionKinds)[number];
  idempotencyKey: string;
  description: string;
  userId?: string | null;
  salaId?: string | null;
  participacaoId?: string | null;
  metadata?: Record<string, unknown>;
  entries: { account: AccountRef; amount: number }[];
}

/**
 * Writes one ledger transaction inside the caller's database transaction (or in its own when
 * given the database). Returns false when the idempotency key was already used (nothing moved).
 * The cached accounts it changes are locked through `lockAccounts` (a no-op for those the caller
 * already locked); platform accounts only receive entries.
 */
export async function postTransaction(db: DbOrTx, input: PostInput): Promise<boolean> {
  if (!isTx(db)) return moneyTransaction(db, (tx) => postTransaction(tx, input));
  const tx = db;
  const entries = input.entries.filter((e) => e.amount !== 0);
  const sum = entries.reduce((acc, e) => acc + e.amount, 0);
  if (sum !== 0)
    throw new Error(`ledger transaction ${input.idempotencyKey} does not sum to zero (${sum})`);
  for (const e of entries) {
    if (!Number.isSafeInteger(e.amount))
      throw new Error(`ledger amount is not integer centavos: ${e.amount}`);
  }
  const [created] = await tx
    .insert(ledgerTransactions)
    .values({
      kind: input.kind,
      idempotencyKey: input.idempotencyKey,
      description: input.description,
      userId: input.userId ?? null,
      salaId: input.salaId ?? null,
      participacaoId: input.participacaoId ?? null,
      metadata: input.metadata ?? null,
    })
    .onConflictDoNothing({ target: ledgerTransactions.idempotencyKey })
    .returning({ id: ledgerTransactions.id });
  if (!created) return false;
  const locked = await lockAccounts(
    tx,
    entries.map((e) => e.account),
  );
  const resolved = entries.map((e) => ({
    id: locked.get(refKey(e.account))!.id,
    cached: isCached(e.account),
    amount: e.amount,
  }));
  try {
    // Already locked in id order: these updates wait for nothing.
    for (const e of resolved.filter((r) => r.cached).sort((a, b) => a.id.localeCompare(b.id))) {
      await tx
        .update(ledgerAccounts)
        .set({ balance: sql`${ledgerAccounts.balance} + ${e.amount}`, updatedAt: new Date() })
        .where(eq(ledgerAccounts.id, e.id));
    }
  } catch (error) {
    if (pgErrorCode(error) === '23514' && pgConstraint(error) === 'ledger_user_balance_nonneg')
      throw new InsufficientFundsError();
    throw error;
  }
  await tx
    .insert(ledgerEntries)
    .values(
      resolved.map((e) => ({ transactionId: created.id, accountId: e.id, amount: e.amount })),
    );
  return true;
}

/** Saldo and Cashback of a user. */
export async function walletOf(
  db: DbOrTx,
  userId: string,
): Promise<{ saldo: number; cashback: number }> {
  const rows = await db
    .select({ kind: ledgerAccounts.kind, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(
      and(
        eq(ledgerAccounts.userId, userId),
        inArray(ledgerAccounts.kind, ['user_saldo', 'user_cashback']),
      ),
    );
  return {
    saldo: rows.find((r) => r.kind === 'user_saldo')?.balance ?? 0,
    cashback: rows.find((r) => r.kind === 'user_cashback')?.balance ?? 0,
  };
}

/** The invariants of DESIGN.md section 3, checked by the tests after every scenario. */
export async function checkInvariants(db: Db) {
  const [total] = await db
    .select({ sum: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)` })
    .from(ledgerEntries);
  const perTransaction = await db.execute(
    sql`select transaction_id from ledger_entries group by transaction_id having sum(amount) <> 0`,
  );
  const negative = await db.execute(
    sql`select id from ledger_accounts where kind in ('user_saldo', 'user_cashback', 'room_pool') and balance < 0`,
  );
  const cacheMismatch = await db.execute(
    sql`select a.id from ledger_accounts a left join ledger_entries e on e.account_id = a.id
        where a.kind in ('user_saldo', 'user_cashback', 'room_pool')
        group by a.id, a.balance having a.balance <> coalesce(sum(e.amount), 0)`,
  );
  const openPools = await db.execute(
    sql`select a.id from ledger_accounts a join salas s on s.id = a.sala_id
        where a.kind = 'room_pool' and s.status in ('sorteada', 'finalizada', 'cancelada') and a.balance <> 0`,
  );
  const rows = (r: unknown) => ((r as { rows?: unknown[] }).rows ?? (r as unknown[])).length;
  return {
    totalSum: Number(total?.sum ?? 0),
    unbalancedTransactions: rows(perTransaction),
    negativeBalances: rows(negative),
    cachedBalanceMismatches: rows(cacheMismatch),
    nonZeroClosedPools: rows(openPools),
  };
}
