/**
 * PIX charges and their confirmation. A payment is confirmed only by the provider: a verified
 * webhook or a status query answering CONCLUIDA (DESIGN.md sections 4 and 6). Every received PIX is
 * handled once (by its endToEndId) and never lost: money for a seat that expired, an amount that
 * does not match, or a charge already paid goes to the payer's Saldo.
 */
import {
  type PixCharge,
  pixMessages,
  privateRoomPixDescription,
  roomTypeLabel,
} from '@sorteio/shared';
import { and, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { participacoes, pixCharges, pixReceived, privateRooms, salas, user } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { Mailer } from '../mail/mail.service';
import { pixCreditedMail } from '../mail';
import { closeIfComplete, creditCashback } from '../rooms/rooms.service';
import { assertMayPlay, assertNotExcluded } from '../responsible-play/responsible-play.service';
import { type DbOrTx, lockAccounts, moneyTransaction, postTransaction } from '../wallet';
import type { PixProvider, ReceivedPix } from './pix-provider';
import { SIMULATOR_TXID_LENGTH, randomAlphanumeric } from './simulator';

export function newTxid(provider: PixProvider): string {
  // EFI cob txids are 26..35 characters; static BR Codes (simulator) carry at most 25.
  return randomAlphanumeric(provider.kind === 'simulator' ? SIMULATOR_TXID_LENGTH : 32);
}

export function toPixCharge(row: typeof pixCharges.$inferSelect): PixCharge {
  const expired = row.status === 'ATIVA' && row.expiresAt.getTime() <= Date.now();
  return {
    txid: row.txid,
    valor: row.amount,
    descricao: row.description,
    status: expired ? 'EXPIRADA' : row.status,
    qrCodeBase64: row.qrPng,
    qrCodeText: row.brCode,
    expiresAt: row.expiresAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
    purpose: row.purpose,
    participacaoId: row.participacaoId,
  };
}

async function issueCharge(
  db: DbOrTx,
  provider: PixProvider,
  input: {
    userId: string;
    purpose: 'participacao' | 'topup';
    participacaoId: string | null;
    amount: number;
    description: string;
    expiresInSeconds: number;
  },
  /** Checked again in the transaction that records the charge (after the provider's answer). */
  guard?: (tx: DbOrTx) => Promise<void>,
) {
  const txid = newTxid(provider);
  let created;
  try {
    created = await provider.createCharge({
      txid,
      amountCentavos: input.amount,
      expiresInSeconds: input.expiresInSeconds,
      description: input.description,
    });
  } catch (error) {
    // The provider runtime refuses with the spec's own message (PIX off or not configured).
    if (error instanceof AppError) throw error;
    // The provider's own error (ENOTFOUND, an HTTP status) is for the log, not for players.
    throw new AppError('SERVICE_UNAVAILABLE', {
      message: `${pixMessages.generationFailed}: ${pixMessages.providerUnavailable}`,
      reason: 'PIX_PROVIDER_ERROR',
      cause: error,
    });
  }
  // The provider is called outside any transaction: no database lock is held across the network
  // (and the embedded database, one connection, is free for the provider's own reads).
  return db.transaction(async (tx) => {
    if (guard) await guard(tx);
    const [row] = await tx
      .insert(pixCharges)
      .values({
        txid,
        purpose: input.purpose,
        userId: input.userId,
        participacaoId: input.participacaoId,
        amount: input.amount,
        description: input.description,
        provider: provider.kind,
        brCode: created.brCode,
        qrPng: created.qrPngDataUrl,
        expiresAt: created.expiresAt,
      })
      .returning();
    if (input.participacaoId) {
      await tx
        .update(participacoes)
        .set({ txidPagamento: txid, updatedAt: new Date() })
        .where(eq(participacoes.id, input.participacaoId));
    }
    return toPixCharge(row!);
  });
}

/** generate_payment: the active charge of the participation, or a new one while the seat is held. */
export async function createParticipationCharge({
  db,
  config,
  provider,
  userId,
  participacaoId,
}: {
  db: Db;
  config: Config;
  provider: PixProvider | null;
  userId: string;
  participacaoId: string;
}): Promise<PixCharge> {
  if (!provider)
    throw new AppError('SERVICE_UNAVAILABLE', {
      message: pixMessages.notConfigured,
      reason: 'PIX_NOT_CONFIGURED',
    });
  const [p] = await db
    .select({
      participation: participacoes,
      tipoSala: salas.tipoSala,
      privateRoomId: privateRooms.id,
    })
    .from(participacoes)
    .innerJoin(salas, eq(salas.id, participacoes.salaId))
    .leftJoin(privateRooms, eq(privateRooms.salaId, salas.id))
    .where(and(eq(participacoes.id, participacaoId), eq(participacoes.userId, userId)));
  if (!p) throw new AppError('NOT_FOUND', { message: 'Participação não encontrada.' });
  await assertNotExcluded(db, userId);
  const participation = p.participation;
  if (participation.statusPagamento === 'confirmado')
    throw new AppError('CONFLICT', {
      message: 'Esta participação já está paga.',
      reason: 'ALREADY_PAID',
    });
  const now = Date.now();
  if (
    participation.statusPagamento === 'cancelado' ||
    !participation.expiresAt ||
    participation.expiresAt.getTime() <= now + 30_000
  ) {
    throw new AppError('CONFLICT', {
      message: 'O prazo desta reserva terminou e a vaga foi liberada.',
      reason: 'SEAT_EXPIRED',
    });
  }
  const [active] = await db
    .select()
    .from(pixCharges)
    .where(
      and(
        eq(pixCharges.participacaoId, participacaoId),
        eq(pixCharges.status, 'ATIVA'),
        gt(pixCharges.expiresAt, new Date(now + 30_000)),
      ),
    )
    .orderBy(desc(pixCharges.createdAt))
    .limit(1);
  if (active) return toPixCharge(active);
  const remaining = Math.floor((participation.expiresAt.getTime() - now) / 1000);
  return issueCharge(db, provider, {
    userId,
    purpose: 'participacao',
    participacaoId,
    amount: participation.valorPago,
    description: p.privateRoomId
      ? privateRoomPixDescription(p.privateRoomId)
      : `Participação em sorteio - Sala ${roomTypeLabel(p.tipoSala)}`,
    expiresInSeconds: Math.min(config.pix.chargeExpirySeconds, remaining),
  });
}

export async function createTopupCharge({
  db,
  config,
  provider,
  userId,
  amount,
}: {
  db: Db;
  config: Config;
  provider: PixProvider | null;
  userId: string;
  amount: number;
}): Promise<PixCharge> {
  if (!provider)
    throw new AppError('SERVICE_UNAVAILABLE', {
      message: pixMessages.notConfigured,
      reason: 'PIX_NOT_CONFIGURED',
    });
  // The deposit limits are checked before the provider is asked, and again in the transaction that
  // records the charge, under the player's responsible-play lock: two top-ups at once cannot both
  // pass a limit (a refused one leaves only an unpaid charge at the provider, never shown).
  const guard = (tx: DbOrTx) =>
    assertMayPlay(tx, { userId, kind: 'deposit', amountCentavos: amount });
  await guard(db);
  return issueCharge(
    db,
    provider,
    {
      userId,
      purpose: 'topup',
      participacaoId: null,
      amount,
      description: 'Adicionar saldo - Sorteio Certo',
      expiresInSeconds: config.pix.chargeExpirySeconds,
    },
    guard,
  );
}

/** A participation of the caller with its newest charge (null when the caller has none). */
export async function findParticipationCharge({
  db,
  userId,
  participacaoId,
}: {
  db: Db;
  userId: string;
  participacaoId: string;
}) {
  const [seat] = await db
    .select({
      numeroSorte: participacoes.numeroSorte,
      tipoSala: salas.tipoSala,
      salaId: salas.id,
      privateRoomId: privateRooms.id,
    })
    .from(participacoes)
    .innerJoin(salas, eq(salas.id, participacoes.salaId))
    .leftJoin(privateRooms, eq(privateRooms.salaId, salas.id))
    .where(and(eq(participacoes.id, participacaoId), eq(participacoes.userId, userId)))
    .limit(1);
  const [row] = await db
    .select()
    .from(pixCharges)
    .where(and(eq(pixCharges.participacaoId, participacaoId), eq(pixCharges.userId, userId)))
    .orderBy(desc(pixCharges.createdAt))
    .limit(1);
  return { charge: row ? toPixCharge(row) : null, seat: seat ?? null };
}

export async function getChargeOf(db: Db, userId: string, txid: string) {
  const [row] = await db
    .select()
    .from(pixCharges)
    .where(and(eq(pixCharges.txid, txid), eq(pixCharges.userId, userId)));
  if (!row) throw new AppError('NOT_FOUND', { message: 'Pagamento não encontrado.' });
  return row;
}

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

/** check_status: asks the provider about an active charge and applies what it reports. */
export async function refreshCharge({
  db,
  config,
  provider,
  txid,
}: {
  db: Db;
  config: Config;
  provider: PixProvider | null;
  txid: string;
}) {
  const [row] = await db.select().from(pixCharges).where(eq(pixCharges.txid, txid));
  if (!row || row.status !== 'ATIVA' || !provider || provider.kind !== row.provider) return [];
  const state = await provider.getCharge(txid);
  await db.update(pixCharges).set({ checkedAt: new Date() }).where(eq(pixCharges.txid, txid));
  const results: ReceiveResult[] = [];
  if (state.status === 'CONCLUIDA') {
    for (const pix of state.payments)
      results.push(await receivePix({ db, config, pix: { ...pix, txid: pix.txid ?? txid } }));
  }
  return results;
}

/** Fallback for lost webhooks: active charges not checked in the last 30 s, a batch at a time. */
export async function pollActiveCharges({
  db,
  config,
  provider,
}: {
  db: Db;
  config: Config;
  provider: PixProvider | null;
}) {
  if (!provider) return [];
  const cutoff = new Date(Date.now() - 30_000);
  const due = await db
    .select({ txid: pixCharges.txid })
    .from(pixCharges)
    .where(
      and(
        eq(pixCharges.status, 'ATIVA'),
        eq(pixCharges.provider, provider.kind),
        lt(pixCharges.createdAt, cutoff),
        // Charges a little past their expiry are still asked about: a PIX can land at the last second.
        gt(pixCharges.expiresAt, new Date(Date.now() - 10 * 60_000)),
        or(isNull(pixCharges.checkedAt), lt(pixCharges.checkedAt, cutoff)),
      ),
    )
    .orderBy(sql`${pixCharges.checkedAt} nulls first`)
    .limit(50);
  const results: ReceiveResult[] = [];
  for (const { txid } of due) {
    try {
      results.push(...(await refreshCharge({ db, config, provider, txid })));
    } catch {
      // One unreachable charge must not stop the batch; it is tried again on the next round.
    }
  }
  await db
    .update(pixCharges)
    .set({ status: 'EXPIRADA' })
    .where(
      and(
        eq(pixCharges.status, 'ATIVA'),
        lt(pixCharges.expiresAt, new Date(Date.now() - 10 * 60_000)),
      ),
    );
  return results;
}

/** Tells the payer when a PIX could not pay what it was for and went to their Saldo. */
export async function notifyReceipts(
  db: Db,
  mailer: Mailer,
  config: Config,
  results: ReceiveResult[],
) {
  for (const r of results) {
    if (r.outcome !== 'late_payment' && r.outcome !== 'amount_mismatch') continue;
    if (!r.userId) continue;
    const [u] = await db.select({ email: user.email }).from(user).where(eq(user.id, r.userId));
    if (!u) continue;
    await mailer.send(
      pixCreditedMail({ to: u.email, outcome: r.outcome, baseUrl: config.baseUrl }),
    );
  }
}
