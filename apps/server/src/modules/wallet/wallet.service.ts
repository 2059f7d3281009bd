import {
  type PixCharge,
  type StatementEntry,
  type StatementKind,
  type Wallet,
  type Withdrawal,
  formatBRL,
} from '@sorteio/shared';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import {
  ledgerAccounts,
  ledgerEntries,
  ledgerTransactions,
  payouts,
  profiles,
} from '../../db/schema';
import { AppError } from '../../lib/errors';
import {
  type IdempotentAnswer,
  claimKey,
  idempotencyClaim,
  idempotent,
  storeAnswer,
} from '../../lib/idempotency';
import { createPayout } from '../draws/draws.service';
import { playerPayoutReason } from '../draws';
import { type PixProvider } from '../payments';
import { createTopupCharge } from '../payments/payments.service';
import { withdrawLimits } from '../settings/settings.service';
import { lockAccounts, lockedBalance, moneyTransaction, walletOf } from './ledger.service';

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

/** Saldo and Cashback, with the cashback rate and the withdrawal limits the screen shows. */
export async function getWallet({
  db,
  config,
  userId,
}: {
  db: Db;
  config: Config;
  userId: string;
}): Promise<Wallet> {
  const [wallet, limits] = await Promise.all([walletOf(db, userId), withdrawLimits(db)]);
  return {
    ...wallet,
    cashbackBp: config.cashbackBp,
    withdrawMinCentavos: limits.min,
    withdrawMaxCentavos: limits.max,
  };
}

/**
 * Adds Saldo by PIX: a charge of the amount chosen, credited when the provider confirms it. Under
 * an idempotency key, a retry gets the same charge (the same txid and copy-paste code).
 */
export async function createTopup({
  db,
  config,
  provider,
  userId,
  amount,
  idempotencyKey,
}: {
  db: Db;
  config: Config;
  provider: PixProvider | null;
  userId: string;
  amount: number;
  idempotencyKey?: string;
}): Promise<IdempotentAnswer<PixCharge>> {
  const claim = idempotencyClaim(userId, idempotencyKey, 'wallet.topup', { valor: amount });
  return idempotent(db, claim, (claim) =>
    createTopupCharge({ db, config, provider, userId, amount, claim }),
  );
}

/**
 * Withdraws Saldo by PIX to the player's own key (Cashback is never withdrawn): within the limits
 * of the settings, only once the identity is verified, and only what the locked Saldo holds. Under
 * an idempotency key, a retry gets the first withdrawal's answer and nothing more is withdrawn.
 */
export async function requestWithdrawal({
  db,
  userId,
  amount,
  idempotencyKey,
}: {
  db: Db;
  userId: string;
  amount: number;
  idempotencyKey?: string;
}): Promise<IdempotentAnswer<{ id: string; status: 'pendente'; valor: number }>> {
  const claim = idempotencyClaim(userId, idempotencyKey, 'wallet.withdraw', { valor: amount });
  return idempotent(db, claim, async () => {
    const { min, max } = await withdrawLimits(db);
    if (amount < min)
      throw new AppError('VALIDATION_ERROR', {
        message: `O valor mínimo de saque é ${formatBRL(min)}.`,
      });
    if (amount > max)
      throw new AppError('VALIDATION_ERROR', {
        message: `O valor máximo de saque é ${formatBRL(max)}.`,
      });
    const [profile] = await db.select().from(profiles).where(eq(profiles.id, userId));
    if (!profile?.isVerified)
      throw new AppError('FORBIDDEN', {
        message: 'Verifique sua identidade antes de sacar.',
        reason: 'NOT_VERIFIED',
      });
    const pixKey = profile.chavePix;
    if (!pixKey)
      throw new AppError('VALIDATION_ERROR', {
        message: 'Cadastre sua chave PIX no perfil antes de sacar.',
      });
    return moneyTransaction(db, async (tx) => {
      await claimKey(tx, claim);
      const saldoRef = { kind: 'user_saldo', userId } as const;
      const saldo = lockedBalance(await lockAccounts(tx, [saldoRef]), saldoRef);
      if (saldo < amount)
        throw new AppError('BAD_REQUEST', {
          message: 'Saldo insuficiente para este saque. O Cashback não pode ser sacado.',
          reason: 'INSUFFICIENT_BALANCE',
        });
      const id = await createPayout(tx, { kind: 'withdrawal', userId, amount, pixKey });
      return storeAnswer(tx, claim, { id, status: 'pendente' as const, valor: amount });
    });
  });
}

/** The player's withdrawals, newest first, with the reason a failed one shows. */
export async function listWithdrawals({
  db,
  userId,
}: {
  db: Db;
  userId: string;
}): Promise<Withdrawal[]> {
  const rows = await db
    .select()
    .from(payouts)
    .where(and(eq(payouts.userId, userId), eq(payouts.kind, 'withdrawal')));
  return rows
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
    .map((r) => ({
      id: r.id,
      valor: r.amount,
      status: r.status,
      createdAt: r.createdAt.toISOString(),
      lastError: playerPayoutReason(r),
    }));
}
