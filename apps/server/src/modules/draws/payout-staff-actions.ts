/**
 * Staff actions on the payout queue: hurry a waiting payout to the next round, or give it up and
 * credit its money to the player's Saldo when the provider cannot have the transfer.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { payouts } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { type PixProvider, PixProviderError, type SentPix } from '../payments';
import { type Tx, lockAccounts, moneyTransaction, walletOf } from '../wallet';
import { type PayoutRow, STAFF_CREDIT, returnToSaldo } from './payouts.service';

/** Locks a payout for a staff action; 404 when it does not exist. */
async function lockPayout(tx: Tx, payoutId: string): Promise<PayoutRow> {
  const [p] = await tx.select().from(payouts).where(eq(payouts.id, payoutId)).for('update');
  if (!p) throw new AppError('NOT_FOUND', { message: 'Pagamento não encontrado.' });
  return p;
}

/**
 * Staff: a payout waiting for its next attempt is tried on the next round, now. Only a payout that
 * is not in flight at the provider ('pendente') can be hurried; a settled one cannot.
 */
export async function retryPayoutNow({
  db,
  payoutId,
  audit,
}: {
  db: Db;
  payoutId: string;
  audit?: (tx: Tx, before: PayoutRow) => Promise<void>;
}): Promise<PayoutRow> {
  return moneyTransaction(db, async (tx) => {
    const p = await lockPayout(tx, payoutId);
    if (p.status !== 'pendente')
      throw new AppError('CONFLICT', {
        message:
          p.status === 'enviando'
            ? 'Este pagamento está sendo enviado agora. Aguarde a resposta do banco.'
            : 'Este pagamento já foi concluído ou devolvido.',
        reason: 'PAYOUT_NOT_PENDING',
      });
    const [updated] = await tx
      .update(payouts)
      .set({ nextAttemptAt: new Date(), updatedAt: new Date() })
      .where(eq(payouts.id, p.id))
      .returning();
    await audit?.(tx, p);
    return updated!;
  });
}

/** The Saldo around a staff credit, for its audit row (issue 35: before and after balances). */
export interface CreditBalances {
  saldoBefore: number;
  saldoAfter: number;
}

const notPending = (p: PayoutRow) =>
  new AppError('CONFLICT', {
    message:
      p.status === 'enviando'
        ? 'Este pagamento está sendo enviado agora. Aguarde a resposta do banco.'
        : 'Este pagamento já foi concluído ou devolvido.',
    reason: 'PAYOUT_NOT_PENDING',
  });

/**
 * Before a staff credit: proves the provider does not have the transfer. Either no request ever
 * left this server (every attempt failed before sending, recorded by processPayouts), or the
 * provider the attempts went to answers that it does not know the idEnvio (404) or did not make
 * it (NAO_REALIZADO). Anything else refuses with the reason: the money must never be both sent
 * and credited.
 */
async function assertNeverSent(provider: PixProvider | null, p: PayoutRow): Promise<void> {
  if (p.attempts <= p.unsentAttempts) return;
  if (!provider || (p.sentVia && provider.kind !== p.sentVia))
    throw new AppError('CONFLICT', {
      message:
        'Este PIX foi tentado por outro provedor, que não está ativo agora: só ele pode confirmar que não o recebeu. Reative-o para creditar no saldo.',
      reason: 'PAYOUT_OTHER_PROVIDER',
    });
  let known: SentPix | null = null;
  try {
    known = await provider.getSentPix(p.idEnvio);
  } catch (error) {
    if (!(error instanceof PixProviderError && error.options.status === 404))
      throw new AppError('SERVICE_UNAVAILABLE', {
        message:
          'Não foi possível confirmar com o banco se este PIX foi enviado: o provedor PIX não respondeu. Tente novamente quando ele voltar a responder.',
        reason: 'PAYOUT_UNCONFIRMED',
        cause: error,
      });
  }
  if (known && known.status !== 'NAO_REALIZADO')
    throw new AppError('CONFLICT', {
      message:
        known.status === 'REALIZADO'
          ? 'O banco informa que este PIX foi enviado: não é possível creditar no saldo.'
          : 'O banco recebeu este PIX e ainda o está processando: aguarde a confirmação antes de creditar no saldo.',
      reason: 'PAYOUT_MAYBE_SENT',
    });
}

/**
 * Staff: gives up a payout that is not in flight at the provider and returns its money to the
 * player's Saldo (as the automatic give-up does), once: under the payout's lock, through the
 * ledger with an idempotency key. Allowed only when the provider cannot have the transfer
 * (assertNeverSent); a payout tried again while this was checked is refused, to be looked at anew.
 */
export async function creditPayoutToSaldo({
  db,
  provider,
  payoutId,
  audit,
}: {
  db: Db;
  provider: PixProvider | null;
  payoutId: string;
  audit?: (tx: Tx, before: PayoutRow, balances: CreditBalances) => Promise<void>;
}): Promise<PayoutRow> {
  // The provider is asked outside the transaction: no lock is held across the network.
  const [checked] = await db.select().from(payouts).where(eq(payouts.id, payoutId));
  if (!checked) throw new AppError('NOT_FOUND', { message: 'Pagamento não encontrado.' });
  if (checked.status !== 'pendente') throw notPending(checked);
  await assertNeverSent(provider, checked);
  return moneyTransaction(db, async (tx) => {
    const p = await lockPayout(tx, payoutId);
    if (p.status !== 'pendente') throw notPending(p);
    if (p.attempts !== checked.attempts || p.unsentAttempts !== checked.unsentAttempts)
      throw new AppError('CONFLICT', {
        message:
          'Este pagamento foi tentado de novo enquanto a confirmação era feita. Confira a situação e tente outra vez.',
        reason: 'PAYOUT_CHANGED',
      });
    const saldo = { kind: 'user_saldo', userId: p.userId } as const;
    const locked = await lockAccounts(tx, [saldo]);
    const saldoBefore = [...locked.values()][0]?.balance ?? 0;
    await returnToSaldo(tx, p, STAFF_CREDIT);
    const saldoAfter = (await walletOf(tx, p.userId)).saldo;
    await audit?.(tx, p, { saldoBefore, saldoAfter });
    const [after] = await tx.select().from(payouts).where(eq(payouts.id, p.id));
    return after!;
  });
}
