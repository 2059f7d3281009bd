/**
 * The double-entry ledger (docs/decisions/002-money-in-centavos.md). A transaction's entries sum to
 * zero; each entry updates its account's cached balance in the same database transaction; user and
 * room balances have a CHECK that they never go below zero; the idempotency key makes a retried
 * request a no-op.
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  ledgerAccounts,
  ledgerEntries,
  ledgerTransactions,
  type ledgerAccountKinds,
  type ledgerTransactionKinds,
} from '../../db/schema';
import { AppError, pgConstraint, pgErrorCode } from '../../lib/errors';

export type DbOrTx = Db | Parameters<Parameters<Db['transaction']>[0]>[0];
export type AccountKind = (typeof ledgerAccountKinds)[number];

export type AccountRef =
  | { kind: 'user_saldo' | 'user_cashback'; userId: string }
  | { kind: 'room_pool'; salaId: string }
  | { kind: 'platform_revenue' | 'platform_cashback' | 'pix_clearing' };

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

/** The account's id, created on first use. */
export async function accountId(db: DbOrTx, ref: AccountRef): Promise<string> {
  const [found] = await db.select({ id: ledgerAccounts.id }).from(ledgerAccounts).where(where(ref));
  if (found) return found.id;
  await db
    .insert(ledgerAccounts)
    .values({
      kind: ref.kind,
      userId: 'userId' in ref ? ref.userId : null,
      salaId: 'salaId' in ref ? ref.salaId : null,
    })
    .onConflictDoNothing();
  const [created] = await db
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(where(ref));
  if (!created) throw new Error(`ledger account not created: ${JSON.stringify(ref)}`);
  return created.id;
}

export async function balanceOf(
  db: DbOrTx,
  ref: AccountRef,
  options: { forUpdate?: boolean } = {},
): Promise<number> {
  const query = db
    .select({ balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(where(ref));
  const [row] = options.forUpdate ? await query.for('update') : await query;
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
 * Writes one ledger transaction inside the caller's database transaction. Returns false when the
 * idempotency key was already used (nothing moved).
 */
export async function postTransaction(tx: DbOrTx, input: PostInput): Promise<boolean> {
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
  // One query at a time: a transaction is one connection, which runs queries in sequence anyway.
  const resolved: { id: string; amount: number }[] = [];
  for (const e of entries) resolved.push({ id: await accountId(tx, e.account), amount: e.amount });
  // A stable order of row updates keeps two concurrent transactions from deadlocking.
  resolved.sort((a, b) => a.id.localeCompare(b.id));
  try {
    for (const e of resolved) {
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
