/**
 * Received PIX and their confirmation. A payment is confirmed only by the provider: a verified
 * webhook or a status query answering CONCLUIDA (DESIGN.md sections 4 and 6). Every received PIX is
 * handled once (by its endToEndId) and never lost: money for a seat that expired, an amount that
 * does not match, or a charge already paid goes to the payer's Saldo.
 */
import { eq } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { participacoes, pixCharges, pixReceived, salas } from '../../db/schema';
import { closeIfComplete, creditCashback } from '../rooms/rooms.service';
import { lockAccounts, moneyTransaction, postTransaction } from '../wallet';
import type { ReceivedPix } from './pix-provider';

export type ReceiveOutcome =
  'participacao' | 'topup' | 'late_payment' | 'amount_mismatch' | 'unknown_txid' | 'duplicate';

export interface ReceiveResult {
  outcome: ReceiveOutcome;
  userId: string | null;
  salaId: string | null;
  participacaoId: string | null;
  roomClosed: boolean;
}

/** Credits a received PIX that cannot pay what it was for to the payer's Saldo. */
async function creditToSaldo(
  tx: Parameters<Parameters<Db['transaction']>[0]>[0],
  pix: ReceivedPix,
  userId: string,
  description: string,
  participacaoId: string | null,
) {
  await postTransaction(tx, {
    kind: 'late_payment',
    idempotencyKey: `pix:${pix.endToEndId}`,
    description,
    userId,
    participacaoId,
    metadata: { endToEndId: pix.endToEndId, txid: pix.txid },
    entries: [
      { account: { kind: 'pix_clearing' }, amount: -pix.amountCentavos },
      { account: { kind: 'user_saldo', userId }, amount: pix.amountCentavos },
    ],
  });
}

/** Handles one received PIX exactly once, in one database transaction. */
export async function receivePix({
  db,
  config,
  pix,
}: {
  db: Db;
  config: Config;
  pix: ReceivedPix;
}): Promise<ReceiveResult> {
  // Lock order (docs/decisions/007): the charge, then the room, then the participation, then the
  // ledger accounts in one sorted statement.
  return moneyTransaction(db, async (tx) => {
    const none: ReceiveResult = {
      outcome: 'duplicate',
      userId: null,
      salaId: null,
      participacaoId: null,
      roomClosed: false,
    };
    const record = async (outcome: Exclude<ReceiveOutcome, 'duplicate'>) => {
      await tx.insert(pixReceived).values({
        endToEndId: pix.endToEndId,
        txid: pix.txid,
        amount: pix.amountCentavos,
        paidAt: pix.paidAt,
        outcome,
      });
    };
    const [seen] = await tx
      .select({ id: pixReceived.endToEndId })
      .from(pixReceived)
      .where(eq(pixReceived.endToEndId, pix.endToEndId));
    if (seen) return none;
    const [charge] = pix.txid
      ? await tx.select().from(pixCharges).where(eq(pixCharges.txid, pix.txid)).for('update')
      : [];
    if (!charge) {
      // A PIX to our key that no charge of ours describes: kept for the operator to resolve.
      await record('unknown_txid');
      return { ...none, outcome: 'unknown_txid' };
    }
    const base = {
      userId: charge.userId,
      salaId: null as string | null,
      participacaoId: charge.participacaoId,
      roomClosed: false,
    };
    if (charge.status === 'CONCLUIDA' || pix.amountCentavos !== charge.amount) {
      const mismatch = pix.amountCentavos !== charge.amount;
      await record(mismatch ? 'amount_mismatch' : 'late_payment');
      await creditToSaldo(
        tx,
        pix,
        charge.userId,
        mismatch
          ? 'PIX com valor diferente da cobrança, creditado no saldo'
          : 'PIX recebido em duplicidade, creditado no saldo',
        charge.participacaoId,
      );
      return { ...base, outcome: mismatch ? 'amount_mismatch' : 'late_payment' };
    }
    await tx
      .update(pixCharges)
      .set({ status: 'CONCLUIDA', paidAt: pix.paidAt, endToEndId: pix.endToEndId })
      .where(eq(pixCharges.txid, charge.txid));

    if (charge.purpose === 'topup') {
      await record('topup');
      await postTransaction(tx, {
        kind: 'topup',
        idempotencyKey: `pix:${pix.endToEndId}`,
        description: 'Saldo adicionado por PIX',
        userId: charge.userId,
        metadata: { endToEndId: pix.endToEndId, txid: charge.txid },
        entries: [
          { account: { kind: 'pix_clearing' }, amount: -pix.amountCentavos },
          { account: { kind: 'user_saldo', userId: charge.userId }, amount: pix.amountCentavos },
        ],
      });
      return { ...base, outcome: 'topup' };
    }

    const [p0] = await tx
      .select({ salaId: participacoes.salaId })
      .from(participacoes)
      .where(eq(participacoes.id, charge.participacaoId!));
    if (!p0) throw new Error(`charge ${charge.txid} points to a missing participation`);
    // Lock order: room, then participation (as joining and seat expiry do).
    await tx.select({ id: salas.id }).from(salas).where(eq(salas.id, p0.salaId)).for('update');
    const [p] = await tx
      .select()
      .from(participacoes)
      .where(eq(participacoes.id, charge.participacaoId!))
      .for('update');
    if (!p || p.statusPagamento !== 'pendente') {
      // The seat expired (or was paid otherwise) before this PIX arrived: the money goes to Saldo.
      await record('late_payment');
      await creditToSaldo(
        tx,
        pix,
        charge.userId,
        'Pagamento recebido após a vaga expirar, creditado no saldo',
        charge.participacaoId,
      );
      return { ...base, salaId: p0.salaId, outcome: 'late_payment' };
    }
    await record('participacao');
    await lockAccounts(tx, [
      { kind: 'room_pool', salaId: p.salaId },
      { kind: 'user_cashback', userId: p.userId },
    ]);
    const now = new Date();
    await tx
      .update(participacoes)
      .set({
        statusPagamento: 'confirmado',
        confirmedAt: now,
        expiresAt: null,
        txidPagamento: charge.txid,
        updatedAt: now,
      })
      .where(eq(participacoes.id, p.id));
    await postTransaction(tx, {
      kind: 'entry_pix',
      idempotencyKey: `pix:${pix.endToEndId}`,
      description: 'Entrada paga por PIX',
      userId: p.userId,
      salaId: p.salaId,
      participacaoId: p.id,
      metadata: { endToEndId: pix.endToEndId, txid: charge.txid },
      entries: [
        { account: { kind: 'pix_clearing' }, amount: -pix.amountCentavos },
        { account: { kind: 'room_pool', salaId: p.salaId }, amount: pix.amountCentavos },
      ],
    });
    await creditCashback(tx, config, p);
    const roomClosed = await closeIfComplete(tx, p.salaId);
    return { ...base, salaId: p.salaId, outcome: 'participacao', roomClosed };
  });
}
