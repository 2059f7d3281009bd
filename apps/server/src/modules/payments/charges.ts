/**
 * PIX charges: a seat's entry (generate_payment) and adding Saldo, issued by the provider and
 * recorded once it answered (DESIGN.md sections 4 and 6).
 */
import {
  type PixCharge,
  pixMessages,
  privateRoomPixDescription,
  roomTypeLabel,
} from '@sorteio/shared';
import { and, desc, eq, gt } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { participacoes, pixCharges, privateRooms, salas } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { type IdempotencyClaim, claimKey, storeAnswer } from '../../lib/idempotency';
import { assertMayPlay, assertNotExcluded } from '../responsible-play/responsible-play.service';
import type { DbOrTx } from '../wallet';
import type { PixProvider } from './pix-provider';
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
  /** The request's idempotency key: taken first in the transaction that records the charge. */
  claim?: IdempotencyClaim,
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
    await claimKey(tx, claim);
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
    return storeAnswer(tx, claim, toPixCharge(row!));
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

/**
 * A charge adding `amount` to the Saldo. Under an idempotency key (run by `idempotent`), the key is
 * taken with the charge's row: a retry that raced this one rolls back and gets this charge, and its
 * own charge at the provider, never recorded, is never shown (nor paid).
 */
export async function createTopupCharge({
  db,
  config,
  provider,
  userId,
  amount,
  claim,
}: {
  db: Db;
  config: Config;
  provider: PixProvider | null;
  userId: string;
  amount: number;
  claim?: IdempotencyClaim;
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
    claim,
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
