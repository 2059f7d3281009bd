/**
 * Sending prizes and withdrawals by PIX. Each payout has an idEnvio, the provider's idempotency id,
 * so a retried or resumed payout never pays twice. Retryable failures back off (30 s doubling);
 * a payout refused by the provider, or still failing after the last attempt, returns its money to
 * the Saldo and the person is told.
 */
import { and, eq, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { payouts, salas, sorteios } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { type PixProvider, PixProviderError, type SentPix } from '../payments';
import { type Tx, lockAccounts, moneyTransaction, postTransaction, walletOf } from '../wallet';

export const MAX_PAYOUT_ATTEMPTS = 6;

export interface PayoutEvent {
  payoutId: string;
  userId: string;
  kind: 'prize' | 'withdrawal';
  amount: number;
  result: 'confirmado' | 'devolvido' | 'retry';
  sorteioId: string | null;
}

async function settle(
  db: Db,
  payoutId: string,
  sent: SentPix | null,
  error: string | null,
  /** No transfer request of this attempt left the server. */
  unsent: boolean,
): Promise<PayoutEvent | null> {
  // Lock order (docs/decisions/007): the payout row, then the player's Saldo.
  return moneyTransaction(db, async (tx) => {
    const [p] = await tx.select().from(payouts).where(eq(payouts.id, payoutId)).for('update');
    if (!p || (p.status !== 'enviando' && p.status !== 'pendente')) return null;
    const base = {
      payoutId: p.id,
      userId: p.userId,
      kind: p.kind,
      amount: p.amount,
      sorteioId: p.sorteioId,
    };
    const now = new Date();
    if (sent?.status === 'REALIZADO') {
      await tx
        .update(payouts)
        .set({ status: 'confirmado', endToEndId: sent.endToEndId, updatedAt: now, lastError: null })
        .where(eq(payouts.id, p.id));
      if (p.sorteioId) await markPrizePaid(tx, p.sorteioId);
      return { ...base, result: 'confirmado' };
    }
    const giveUp =
      sent?.status === 'NAO_REALIZADO' || (error !== null && p.attempts >= MAX_PAYOUT_ATTEMPTS);
    if (giveUp) {
      await returnToSaldo(tx, p, error ?? 'NAO_REALIZADO');
      return { ...base, result: 'devolvido' };
    }
    // In flight at the provider, or a retryable failure: ask again later.
    const delayMs = sent ? 20_000 : 30_000 * 2 ** Math.min(p.attempts, 8);
    await tx
      .update(payouts)
      .set({
        status: 'pendente',
        lastError: error,
        nextAttemptAt: new Date(Date.now() + delayMs),
        updatedAt: now,
        ...(unsent && !sent ? { unsentAttempts: p.unsentAttempts + 1 } : {}),
      })
      .where(eq(payouts.id, p.id));
    return { ...base, result: 'retry' };
  });
}

/**
 * A payout that will not be sent: its money goes back to the player's Saldo (a prize is then
 * the winner's in the Saldo, so the draw's prize counts as paid). Payout row already locked.
 */
async function returnToSaldo(tx: Tx, p: typeof payouts.$inferSelect, reason: string) {
  await tx
    .update(payouts)
    .set({ status: 'devolvido', lastError: reason, updatedAt: new Date() })
    .where(eq(payouts.id, p.id));
  await postTransaction(tx, {
    kind: 'withdrawal_return',
    idempotencyKey: `payout-return:${p.id}`,
    description:
      p.kind === 'prize'
        ? 'Prêmio creditado no saldo (PIX não realizado)'
        : 'Saque devolvido ao saldo',
    userId: p.userId,
    metadata: { payoutId: p.id },
    entries: [
      { account: { kind: 'pix_clearing' }, amount: -p.amount },
      { account: { kind: 'user_saldo', userId: p.userId }, amount: p.amount },
    ],
  });
  if (p.sorteioId) await markPrizePaid(tx, p.sorteioId);
}

type PayoutRow = typeof payouts.$inferSelect;

const STAFF_CREDIT = 'Creditado no saldo pela equipe';

/**
 * What a player reads about their payout: never the provider's technical error (an ENOTFOUND,
 * an HTTP status), which stays on the staff queue and in the log.
 */
export function playerPayoutReason(p: Pick<PayoutRow, 'status' | 'lastError'>): string | null {
  if (p.status === 'devolvido')
    return p.lastError === STAFF_CREDIT
      ? 'A equipe devolveu o valor ao seu saldo porque o PIX não pôde ser enviado.'
      : 'O PIX não pôde ser enviado e o valor voltou ao seu saldo.';
  if (p.status === 'pendente' && p.lastError)
    return 'O PIX está com instabilidade: uma nova tentativa de envio será feita automaticamente.';
  return null;
}

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

async function markPrizePaid(
  tx: Parameters<Parameters<Db['transaction']>[0]>[0],
  sorteioId: string,
) {
  const [draw] = await tx
    .update(sorteios)
    .set({ statusPagamentoPremio: 'confirmado' })
    .where(eq(sorteios.id, sorteioId))
    .returning({ salaId: sorteios.salaId });
  if (draw)
    await tx
      .update(salas)
      .set({ status: 'finalizada', updatedAt: new Date() })
      .where(and(eq(salas.id, draw.salaId), eq(salas.status, 'sorteada')));
}

/**
 * One round: claims due payouts (an UPDATE that only one server copy wins per row), sends them and
 * settles the answer. A payout left 'enviando' by a crash is resumed: the provider is asked about
 * its idEnvio first, and it is sent again (same idEnvio) only if the provider does not know it.
 */
export async function processPayouts({
  db,
  provider,
  limit = 20,
}: {
  db: Db;
  provider: PixProvider | null;
  limit?: number;
}): Promise<PayoutEvent[]> {
  if (!provider) return [];
  const now = new Date();
  const stale = new Date(Date.now() - 60_000);
  const claimed = await db
    .update(payouts)
    .set({
      status: 'enviando',
      attempts: sql`${payouts.attempts} + 1`,
      sentVia: provider.kind,
      updatedAt: now,
    })
    .where(
      sql`${payouts.id} in (select id from payouts where (${or(
        and(eq(payouts.status, 'pendente'), lte(payouts.nextAttemptAt, now)),
        and(eq(payouts.status, 'enviando'), lte(payouts.updatedAt, stale)),
      )}) order by ${payouts.nextAttemptAt} limit ${limit} for update skip locked)`,
    )
    .returning();
  const events: PayoutEvent[] = [];
  for (const p of claimed) {
    let sent: SentPix | null = null;
    let error: string | null = null;
    // Recorded so staff can credit the Saldo while the provider is down (creditPayoutToSaldo):
    // stays true unless a send request may have left this server in this attempt.
    let unsent = true;
    try {
      if (p.attempts > 1) {
        try {
          sent = await provider.getSentPix(p.idEnvio);
        } catch (lookup) {
          if (!(lookup instanceof PixProviderError && lookup.options.status === 404)) throw lookup;
        }
      }
      if (!sent) {
        unsent = false;
        sent = await provider.sendPix({
          idEnvio: p.idEnvio,
          amountCentavos: p.amount,
          pixKey: p.pixKey,
          description: p.kind === 'prize' ? 'Premio Sorteio Certo' : 'Saque Sorteio Certo',
        });
      }
    } catch (failure) {
      error = failure instanceof Error ? failure.message : String(failure);
      if (failure instanceof PixProviderError && failure.options.notSent) unsent = true;
      if (failure instanceof PixProviderError && !failure.options.retryable)
        sent = { idEnvio: p.idEnvio, endToEndId: null, status: 'NAO_REALIZADO' };
    }
    const event = await settle(db, p.id, sent, error, unsent);
    if (event) events.push(event);
  }
  return events;
}
