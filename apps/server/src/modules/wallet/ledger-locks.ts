/**
 * Locking ledger accounts in the one order of docs/decisions/007-money-lock-order.md: every account
 * a money step touches in ONE statement, sorted by id, before any is read or written; what each
 * open transaction holds, so a later lock out of order is caught (LockOrderError).
 */
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import { compiled } from '../../db/compiled';
import { ledgerAccounts, ledgerEntries } from '../../db/schema';
import {
  type AccountKind,
  type AccountRef,
  type DbOrTx,
  type Tx,
  accountWhere,
  isCached,
  refKey,
} from './ledger-reads';

/** The accounts' ids, each created on first use (one query when they all exist). */
export async function resolveIds(db: DbOrTx, refs: AccountRef[]): Promise<Map<string, string>> {
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
export interface TxLedgerState {
  ids: Set<string>;
  max: string;
  known: Map<string, string>;
  /** Platform account ids this transaction resolved, cached for the database after commit. */
  platformResolved: Map<string, string>;
}
export const lockedIn = new WeakMap<object, TxLedgerState>();

export function stateOf(tx: Tx): TxLedgerState {
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
 * The platform accounts' ids per database (its `Db` object): such an account is created once, on
 * first use, and never changes or goes away, so a post resolves it once per process. Filled and
 * read for transactions opened by `moneyTransaction` (which records their database).
 */
export const platformIds = new WeakMap<object, Map<string, string>>();
export const databaseOf = new WeakMap<object, object>();

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
