/**
 * Ledger accounts as the rest of the code names them, and the reads that take no lock: a balance
 * for screens and reports, a player's Saldo and Cashback, and the invariants the tests check.
 * Moving money goes through `ledger.service.ts`, which re-exports these.
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { ledgerAccounts, ledgerEntries, type ledgerAccountKinds } from '../../db/schema';

export type { DbOrTx, Tx };
export type AccountKind = (typeof ledgerAccountKinds)[number];

export type AccountRef =
  | { kind: 'user_saldo' | 'user_cashback'; userId: string }
  | { kind: 'room_pool'; salaId: string }
  | { kind: 'platform_revenue' | 'platform_cashback' | 'pix_clearing' | 'platform_grants' };

/** Accounts whose balance is cached on their row (and locked to change it). */
const CACHED_KINDS = new Set<AccountKind>(['user_saldo', 'user_cashback', 'room_pool']);
export const isCached = (ref: AccountRef) => CACHED_KINDS.has(ref.kind);

/** One account's key in the maps of a transaction (kind and owner). */
export const refKey = (ref: AccountRef) =>
  'userId' in ref
    ? `${ref.kind}:${ref.userId}`
    : 'salaId' in ref
      ? `${ref.kind}:${ref.salaId}`
      : ref.kind;

/** The account's row. */
export function accountWhere(ref: AccountRef) {
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

/** A balance read without locking (screens, reports). Platform accounts: the sum of their entries. */
export async function balanceOf(db: DbOrTx, ref: AccountRef): Promise<number> {
  if (!isCached(ref)) {
    const [row] = await db
      .select({ sum: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)` })
      .from(ledgerEntries)
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
      .where(accountWhere(ref));
    return Number(row?.sum ?? 0);
  }
  const [row] = await db
    .select({ balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(accountWhere(ref));
  return row?.balance ?? 0;
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
