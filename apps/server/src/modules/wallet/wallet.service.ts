import type { StatementEntry } from '@sorteio/shared';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from '../../db/schema';

/** The player's statement: every movement of Saldo and Cashback, newest first. */
export async function listStatement(
  db: Db,
  userId: string,
  limit = 100,
): Promise<StatementEntry[]> {
  const rows = await db
    .select({
      id: ledgerEntries.id,
      kind: ledgerTransactions.kind,
      accountKind: ledgerAccounts.kind,
      amount: ledgerEntries.amount,
      description: ledgerTransactions.description,
      createdAt: ledgerEntries.createdAt,
    })
    .from(ledgerEntries)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(
      and(
        eq(ledgerAccounts.userId, userId),
        inArray(ledgerAccounts.kind, ['user_saldo', 'user_cashback']),
      ),
    )
    .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id))
    .limit(limit);
  return rows.map((r) => ({
    id: r.id,
    // A grant (the demo Saldo) reads as money added to the Saldo.
    kind: r.kind === 'fee' ? 'prize' : r.kind === 'grant' ? 'topup' : r.kind,
    conta: r.accountKind === 'user_cashback' ? 'cashback' : 'saldo',
    valor: r.amount,
    descricao: r.description,
    createdAt: r.createdAt.toISOString(),
  }));
}
