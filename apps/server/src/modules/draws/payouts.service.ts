/**
 * Sending prizes and withdrawals by PIX. Each payout has an idEnvio, the provider's idempotency id,
 * so a retried or resumed payout never pays twice. Retryable failures back off (30 s doubling);
 * a payout refused by the provider, or still failing after the last attempt, returns its money to
 * the Saldo and the person is told (staff actions on a payout: payout-staff-actions.ts).
 */
import { and, eq, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { payouts, salas, sorteios } from '../../db/schema';
import { type PixProvider, PixProviderError, type SentPix } from '../payments';
import { type Tx, moneyTransaction, postTransaction } from '../wallet';

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
 */ export async function returnToSaldo(tx: Tx, p: typeof payouts.$inferSelect, reason: string) {
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

export type PayoutRow = typeof payouts.$inferSelect;

export const STAFF_CREDIT = 'Creditado no saldo pela equipe';

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
