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
import { type SQL, and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { compiled } from '../../db/compiled';
import { ledgerAccounts, ledgerEntries, type ledgerTransactionKinds } from '../../db/schema';
import { AppError, pgConstraint, pgErrorCode } from '../../lib/errors';
import {
  type AccountKind,
  type AccountRef,
  type DbOrTx,
  type Tx,
  accountWhere,
  isCached,
  refKey,
} from './ledger-reads';

export {
  type AccountKind,
  type AccountRef,
  type DbOrTx,
  type Tx,
  balanceOf,
  checkInvariants,
  isCached,
  walletOf,
} from './ledger-reads';

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
      .where(or(...list.map((ref) => accountWhere(ref))));
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

/**
 * What each open transaction has locked, to enforce the order and skip re-locking, and the ids of
 * the accounts it has resolved (so a later post in the same transaction sends no lookup).
 */
interface TxLedgerState {
  ids: Set<string>;
  max: string;
  known: Map<string, string>;
  /** Platform account ids this transaction resolved, cached for the database after commit. */
  platformResolved: Map<string, string>;
}
const lockedIn = new WeakMap<object, TxLedgerState>();

function stateOf(tx: Tx): TxLedgerState {
  let state = lockedIn.get(tx);
  if (!state) {
    state = { ids: new Set(), max: '', known: new Map(), platformResolved: new Map() };
    lockedIn.set(tx, state);
  }
  return state;
}

function recordLocked(state: TxLedgerState, ids: string[]) {
  for (const id of ids) state.ids.add(id);
  for (const id of ids) if (id > state.max) state.max = id;
}

export interface LockedAccount {
  id: string;
  balance: number;
}

const keyOfRow = (row: { kind: string; userId: string | null; salaId: string | null }) =>
  row.userId ? `${row.kind}:${row.userId}` : row.salaId ? `${row.kind}:${row.salaId}` : row.kind;

interface LockRow {
  id: string;
  kind: AccountKind;
  userId: string | null;
  salaId: string | null;
  balance: number;
}

/**
 * Locks cached accounts by owner, in id order (rows are locked as the sorted scan returns them):
 * ONE statement whatever their number (each kind's owners as one array parameter), compiled once,
 * so a batch of seats of any size reuses the same parsed and planned statement.
 */
const lockOwned = compiled('ledger_lock_owned', (db, name) =>
  db
    .select({
      id: ledgerAccounts.id,
      kind: ledgerAccounts.kind,
      userId: ledgerAccounts.userId,
      salaId: ledgerAccounts.salaId,
      balance: ledgerAccounts.balance,
    })
    .from(ledgerAccounts)
    .where(
      or(
        and(
          eq(ledgerAccounts.kind, 'user_cashback'),
          sql`${ledgerAccounts.userId} = any(${sql.placeholder('cashback')}::text[])`,
        ),
        and(
          eq(ledgerAccounts.kind, 'user_saldo'),
          sql`${ledgerAccounts.userId} = any(${sql.placeholder('saldo')}::text[])`,
        ),
        and(
          eq(ledgerAccounts.kind, 'room_pool'),
          sql`${ledgerAccounts.salaId} = any(${sql.placeholder('pools')}::uuid[])`,
        ),
      ),
    )
    .orderBy(asc(ledgerAccounts.id))
    .for('update')
    .prepare(name),
);

/**
 * The first lock of a transaction: finds and locks the cached accounts in ONE statement, in id
 * order. Missing accounts are created first.
 */
async function findAndLock(tx: Tx, refs: AccountRef[]) {
  const owners = { cashback: [] as string[], saldo: [] as string[], pools: [] as string[] };
  for (const ref of refs) {
    if (ref.kind === 'user_cashback') owners.cashback.push(ref.userId);
    else if (ref.kind === 'user_saldo') owners.saldo.push(ref.userId);
    else if (ref.kind === 'room_pool') owners.pools.push(ref.salaId);
    else throw new Error(`not a cached account: ${ref.kind}`);
  }
  const lock = () => lockOwned(tx, owners);
  let rows = await lock();
  if (rows.length < refs.length) {
    const found = new Set(rows.map(keyOfRow));
    await tx
      .insert(ledgerAccounts)
      .values(
        refs
          .filter((ref) => !found.has(refKey(ref)))
          .map((ref) => ({
            kind: ref.kind,
            userId: 'userId' in ref ? ref.userId : null,
            salaId: 'salaId' in ref ? ref.salaId : null,
          })),
      )
      .onConflictDoNothing();
    rows = await lock();
    if (rows.length < refs.length) throw new Error('ledger account not created');
  }
  return rows;
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
  const state = stateOf(tx);
  const unique = [...new Map(refs.map((r) => [refKey(r), r])).values()];
  const cachedRefs = unique.filter(isCached);
  const balances = new Map<string, number>();
  if (state.ids.size === 0 && cachedRefs.length > 0) {
    // Nothing locked yet in this transaction: no order to check against, so the accounts are
    // found and locked by the same statement.
    const rows = await findAndLock(tx, cachedRefs);
    for (const row of rows) {
      state.known.set(keyOfRow(row), row.id);
      balances.set(row.id, row.balance);
    }
    recordLocked(
      state,
      rows.map((r) => r.id),
    );
  } else if (cachedRefs.length > 0) {
    const ids = await resolveIds(tx, cachedRefs);
    for (const [key, id] of ids) state.known.set(key, id);
    const cached = [...new Set(cachedRefs.map((r) => ids.get(refKey(r))!))].sort();
    const fresh = cached.filter((id) => !state.ids.has(id));
    if (fresh.length > 0 && state.max !== '' && fresh[0]! < state.max)
      throw new LockOrderError(`${fresh[0]} after ${state.max}`);
    const rows = await tx
      .select({ id: ledgerAccounts.id, balance: ledgerAccounts.balance })
      .from(ledgerAccounts)
      .where(inArray(ledgerAccounts.id, cached))
      .orderBy(asc(ledgerAccounts.id))
      .for('update');
    for (const r of rows) balances.set(r.id, r.balance);
    recordLocked(state, fresh);
  }
  const platform = unique.filter((r) => !isCached(r));
  if (platform.length > 0)
    for (const [key, id] of await resolveIds(tx, platform)) state.known.set(key, id);
  const out = new Map<string, LockedAccount>();
  for (const ref of unique) {
    const id = state.known.get(refKey(ref))!;
    out.set(refKey(ref), {
      id,
      balance: isCached(ref) ? (balances.get(id) ?? 0) : await entriesSum(tx, id),
    });
  }
  return out;
}

/**
 * The ids of the accounts a post writes to, its cached ones locked: no statement at all when this
 * transaction already locked them (the caller's `lockAccounts`) and resolved the platform ones.
 * Unlike `lockAccounts`, never sums a platform account's entries (a post needs no balance).
 */
async function idsForPost(tx: Tx, refs: AccountRef[]): Promise<Map<string, string>> {
  const state = stateOf(tx);
  const unique = [...new Map(refs.map((r) => [refKey(r), r])).values()];
  const cachedMissing = unique.filter(
    (r) =>
      isCached(r) && !(state.known.has(refKey(r)) && state.ids.has(state.known.get(refKey(r))!)),
  );
  if (cachedMissing.length > 0) await lockAccounts(tx, cachedMissing);
  const database = databaseOf.get(tx);
  let platform = database ? platformIds.get(database) : undefined;
  if (database && !platform) platformIds.set(database, (platform = new Map<string, string>()));
  const platformMissing = unique.filter((r) => {
    if (isCached(r) || state.known.has(refKey(r))) return false;
    const id = platform?.get(refKey(r));
    if (id) state.known.set(refKey(r), id);
    return !id;
  });
  if (platformMissing.length > 0)
    for (const [key, id] of await resolveIds(tx, platformMissing)) {
      state.known.set(key, id);
      // Remembered once this transaction commits (it may have created the account).
      if (platform) state.platformResolved.set(key, id);
    }
  return state.known;
}

/**
 * The platform accounts' ids per database (its `Db` object): such an account is created once, on
 * first use, and never changes or goes away, so a post resolves it once per process. Filled and
 * read for transactions opened by `moneyTransaction` (which records their database).
 */
const platformIds = new WeakMap<object, Map<string, string>>();
const databaseOf = new WeakMap<object, object>();

/** An account row as a locking statement returns it. */
export type LockedAccountRow = LockRow;

/**
 * Accounts the caller locked with a statement of its own as the FIRST locks of the transaction (a
 * balance join takes its room, player and account locks in one statement), in id order: recorded
 * exactly as `lockAccounts` records its own, and returned as `lockAccounts` returns them.
 */
export function adoptLocked(tx: Tx, rows: LockRow[]): Map<string, LockedAccount> {
  const state = stateOf(tx);
  if (state.ids.size > 0) throw new LockOrderError('accounts adopted after other account locks');
  const out = new Map<string, LockedAccount>();
  for (const row of rows) {
    state.known.set(keyOfRow(row), row.id);
    out.set(keyOfRow(row), { id: row.id, balance: row.balance });
  }
  recordLocked(
    state,
    rows.map((r) => r.id),
  );
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
      let opened: Tx | undefined;
      const out = await db.transaction((tx) => {
        opened = tx;
        // The outer handle as a cache key only (platformIds): never queried in here.
        // eslint-disable-next-line local/no-outer-db-in-transaction
        databaseOf.set(tx, db);
        return work(tx);
      });
      const resolved = opened && lockedIn.get(opened)?.platformResolved;
      if (resolved?.size) {
        const platform = platformIds.get(db);
        for (const [key, id] of resolved) platform?.set(key, id);
      }
      return out;
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
  const [posted] = await postTransactions(db, [input]);
  return posted!;
}

/**
 * Several ledger transactions of one database transaction written together (a seat's entry and
 * its cashback): one insert of the transactions, one update of the cached balances, one insert of
 * the entries. Each is checked and made idempotent exactly as `postTransaction` does; returns, in
 * order, whether each was written (false: its idempotency key was already used).
 */
export async function postTransactions(
  tx: Tx,
  inputs: PostInput[],
  /**
   * Other writes of the same database transaction (data-modifying statements without RETURNING
   * that the caller does not need the result of, e.g. the room's seat count), sent in the same
   * statement as the posts to save round trips. They run whether or not a post was new.
   */
  alongside: SQL[] = [],
): Promise<boolean[]> {
  const checked = inputs.map((input) => {
    const entries = input.entries.filter((e) => e.amount !== 0);
    const sum = entries.reduce((acc, e) => acc + e.amount, 0);
    if (sum !== 0)
      throw new Error(`ledger transaction ${input.idempotencyKey} does not sum to zero (${sum})`);
    for (const e of entries) {
      if (!Number.isSafeInteger(e.amount))
        throw new Error(`ledger amount is not integer centavos: ${e.amount}`);
    }
    return { input, entries };
  });
  if (checked.length === 0 && alongside.length === 0) return [];
  // Every account the posts write to, the cached ones locked (no statement when the caller's
  // `lockAccounts` already did it) and the platform ones resolved (cached per database).
  const ids = await idsForPost(
    tx,
    checked.flatMap(({ entries }) => entries.map((e) => e.account)),
  );
  // ONE statement: the transactions (a used idempotency key inserts nothing), then, only for the
  // ones inserted, the cached balances (one row per account, its entries added up; already locked
  // in id order, so it waits for nothing) and the entries; and the caller's `alongside` writes.
  // Each column travels as ONE array parameter (unnest): the statement's text is the same for one
  // seat or a hundred, short to build and to parse, instead of one parameter per value.
  const ctes: SQL[] = [];
  if (checked.length > 0) {
    const column = <T>(values: T[], type: string) => sql`${sql.param(values)}::${sql.raw(type)}[]`;
    const inputs = checked.map(({ input }) => input);
    const entries = checked.flatMap(({ input, entries: rows }) =>
      rows.map((e) => ({ key: input.idempotencyKey, e })),
    );
    ctes.push(
      sql`created as (
        insert into ledger_transactions
          (kind, idempotency_key, description, user_id, sala_id, participacao_id, metadata)
        select t.kind, t.key, t.description, t.user_id, t.sala_id, t.participacao_id, t.metadata::jsonb
          from unnest(${column(
            inputs.map((i) => i.kind),
            'text',
          )}, ${column(
            inputs.map((i) => i.idempotencyKey),
            'text',
          )}, ${column(
            inputs.map((i) => i.description),
            'text',
          )}, ${column(
            inputs.map((i) => i.userId ?? null),
            'text',
          )}, ${column(
            inputs.map((i) => i.salaId ?? null),
            'uuid',
          )}, ${column(
            inputs.map((i) => i.participacaoId ?? null),
            'uuid',
          )}, ${column(
            inputs.map((i) => (i.metadata ? JSON.stringify(i.metadata) : null)),
            'text',
          )}) as t(kind, key, description, user_id, sala_id, participacao_id, metadata)
        on conflict (idempotency_key) do nothing
        returning id, idempotency_key
      )`,
    );
    if (entries.length > 0)
      ctes.push(
        sql`e (key, account_id, amount, cached) as (select * from unnest(${column(
          entries.map(({ key }) => key),
          'text',
        )}, ${column(
          entries.map(({ e }) => ids.get(refKey(e.account))!),
          'uuid',
        )}, ${column(
          entries.map(({ e }) => e.amount),
          'bigint',
        )}, ${column(
          entries.map(({ e }) => isCached(e.account)),
          'boolean',
        )}))`,
        sql`balances as (
          update ledger_accounts a set balance = a.balance + d.delta, updated_at = now()
          from (select e.account_id, sum(e.amount)::bigint as delta
                  from e join created c on c.idempotency_key = e.key
                 where e.cached group by e.account_id) d
          where a.id = d.account_id and d.delta <> 0
          returning a.id
        )`,
        sql`entries as (
          insert into ledger_entries (transaction_id, account_id, amount)
          select c.id, e.account_id, e.amount from e join created c on c.idempotency_key = e.key
          returning id
        )`,
      );
  }
  alongside.forEach((statement, i) =>
    ctes.push(sql`${sql.raw(`alongside_${i}`)} as (${statement})`),
  );
  let result: unknown;
  try {
    result = await tx.execute(
      sql`with ${sql.join(ctes, sql`, `)} ${
        checked.length > 0
          ? sql`select idempotency_key as key from created`
          : sql`select 1 as key where false`
      }`,
    );
  } catch (error) {
    if (pgErrorCode(error) === '23514' && pgConstraint(error) === 'ledger_user_balance_nonneg')
      throw new InsufficientFundsError();
    throw error;
  }
  const rows = ((result as { rows?: { key: string }[] }).rows ?? (result as { key: string }[])) as {
    key: string;
  }[];
  const idOf = new Set(rows.map((r) => r.key));
  return checked.map(({ input }) => idOf.has(input.idempotencyKey));
}
