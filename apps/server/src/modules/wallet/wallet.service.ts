import type { StatementEntry, StatementKind } from '@sorteio/shared';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ledgerAccounts, ledgerEntries, ledgerTransactions, payouts } from '../../db/schema';

type LedgerKind = (typeof ledgerTransactions.$inferSelect)['kind'];

/**
 * The statement's name for a ledger transaction. A prize sent by PIX goes through the same payout
 * path as a withdrawal, but the player never asked for it: it reads 'Prêmio pago por PIX'.
 */
function statementKind(kind: LedgerKind, payoutKind: 'prize' | 'withdrawal' | null): StatementKind {
  if (kind === 'fee') return 'prize';
  // A grant (the demo Saldo) reads as money added to the Saldo.
  if (kind === 'grant') return 'topup';
  if (payoutKind === 'prize' && kind === 'withdrawal') return 'prize_payout';
  if (payoutKind === 'prize' && kind === 'withdrawal_return') return 'prize_payout_return';
  return kind;
}

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
      payoutKind: payouts.kind,
      createdAt: ledgerEntries.createdAt,
    })
    .from(ledgerEntries)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    // The payout behind a PIX sent or returned (its id is in the transaction's metadata).
    .leftJoin(
      payouts,
      and(
        inArray(ledgerTransactions.kind, ['withdrawal', 'withdrawal_return']),
        eq(payouts.userId, userId),
        sql`${payouts.id}::text = ${ledgerTransactions.metadata} ->> 'payoutId'`,
      ),
    )
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
    kind: statementKind(r.kind, r.payoutKind),
    conta: r.accountKind === 'user_cashback' ? 'cashback' : 'saldo',
    valor: r.amount,
    descricao: r.description,
    createdAt: r.createdAt.toISOString(),
  }));
}
