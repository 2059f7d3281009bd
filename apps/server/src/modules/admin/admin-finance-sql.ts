/**
 * The pieces the finance queries share, so every figure reads the ledger the same way.
 *
 * An entry refunded because its room was cancelled is not revenue: it leaves every Receita figure,
 * entry count and category total, reads 'reembolsado' wherever a status is shown, and is summed
 * apart (the summary's refundedTotal, the monthly report's 'Reembolsos' column, in the month the
 * entry was paid, so Receita + Reembolsos is everything paid in that month). Cashback figures are
 * net of what refunds took back.
 */
import type { FinanceEntryStatus } from '@sorteio/shared';
import { type SQL, eq, not, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import {
  ledgerAccounts,
  ledgerEntries,
  ledgerTransactions,
  participacoes,
  profiles,
  salas,
  user,
} from '../../db/schema';
import { isRefundedSql } from '../draws/draws.service';

export const ENTRY_KINDS = ['entry_pix', 'entry_balance'] as const;
/** Cashback credited on entries and taken back by refunds: their sum is what players kept. */
export const CASHBACK_KINDS = ['cashback', 'cashback_reversal'] as const;

/** The ledger transaction being summed paid for an entry that was later refunded. */
export const refundedEntry = isRefundedSql(ledgerTransactions.participacaoId);
export const keptEntry = not(refundedEntry);
/** The participation being read was not refunded. */
export const keptParticipation = not(isRefundedSql(participacoes.id));

/**
 * A select from ledger entries joined to their account and transaction: the rows the sums below
 * read (`query` is `db.select(...).from(ledgerEntries).$dynamic()`).
 */
export function withAccountAndTransaction<Q extends PgSelect>(query: Q) {
  return query
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId));
}

/** How many entries (ledger transactions) among the rows were paid and not refunded. */
export const keptEntryCount = sql<number>`(count(distinct ${ledgerTransactions.id}) filter (where ${ledgerTransactions.kind} in ${ENTRY_KINDS} and ${keptEntry}))::int`;

/**
 * Sum of the entries on accounts of `kind` within transactions of `txKinds` (all when omitted),
 * restricted further by `extra`.
 */
export function entrySum(kind: string, txKinds?: readonly string[], extra?: SQL) {
  return sql<string>`coalesce(sum(${ledgerEntries.amount}) filter (where ${ledgerAccounts.kind} = ${kind}${
    txKinds ? sql` and ${ledgerTransactions.kind} in ${txKinds}` : sql``
  }${extra ? sql` and ${extra}` : sql``}), 0)`;
}

/** A participation's status as finance shows it: a refunded entry reads 'reembolsado'. */
export const financeStatus = (
  status: 'pendente' | 'confirmado' | 'cancelado',
  refunded: boolean,
): FinanceEntryStatus => (refunded ? 'reembolsado' : status);

/** Participations with their room type, the player's name and e-mail, and whether refunded. */
export const participationRows = (db: Db) =>
  db
    .select({
      p: participacoes,
      tipoSala: salas.tipoSala,
      nome: profiles.nomeCompleto,
      email: user.email,
      refunded: isRefundedSql(participacoes.id),
    })
    .from(participacoes)
    .innerJoin(salas, eq(salas.id, participacoes.salaId))
    .innerJoin(user, eq(user.id, participacoes.userId))
    .leftJoin(profiles, eq(profiles.id, participacoes.userId))
    .$dynamic();
