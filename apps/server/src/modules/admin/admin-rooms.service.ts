/**
 * The administrators' changes to public rooms, with what is safe once money is in a room
 * (docs/decisions/015-spec-differences.md):
 * - the money fields (type, entry, seats, fee) and the draw terms (seat limit, draw date) change
 *   only while the room never had a participation (a seat held for a pending PIX counts: that
 *   person is paying the price they were shown); the automatic-draw switch changes any time;
 * - a room in draw, drawn or cancelled is not edited;
 * - deleting only while the room never had a participation; otherwise "Cancelar e reembolsar"
 *   (draws.service cancelRoom, refunds through the ledger);
 * - open/close only between aberta and fechada: no reopening once the draw started or happened,
 *   nor after a cancellation (its entries were refunded).
 * Every change writes its audit row in its transaction.
 */
import {
  type AdminRoom,
  type RoomForm,
  type RoomFormDefaults,
  computePrize,
  roomEditMessages,
  roomFeeBp,
} from '@sorteio/shared';
import { and, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ledgerAccounts, participacoes, salas } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { createRoom, toRoom } from '../rooms/rooms.service';
import { getSetting } from '../settings/settings.service';
import type { DbOrTx } from '../../db/client';
import { type AuditActor, writeAudit } from '../audit/audit.service';

type SalaRow = typeof salas.$inferSelect;

/** Locks a room for an administrator's change and counts every participation it ever had. */
async function lockRoomForAdmin(tx: DbOrTx, id: string) {
  const [room] = await tx.select().from(salas).where(eq(salas.id, id)).for('update');
  if (!room) throw new AppError('NOT_FOUND', { message: 'Sala não encontrada' });
  const [joined] = await tx
    .select({ n: count() })
    .from(participacoes)
    .where(eq(participacoes.salaId, room.id));
  return { room, entrantsEver: joined?.n ?? 0 };
}

/** What the audit keeps of a room (no secret seed). */
export const roomSnapshot = (room: SalaRow) => {
  const { seed: _seed, ...rest } = room;
  return rest;
};

async function paidSeatsOf(tx: DbOrTx, salaId: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(participacoes)
    .where(and(eq(participacoes.salaId, salaId), eq(participacoes.statusPagamento, 'confirmado')));
  return row?.n ?? 0;
}

function adminRoomOf(
  row: SalaRow,
  extra: { paidSeats: number; entrantsEver: number; sorteioId?: string | null },
): AdminRoom {
  return {
    ...toRoom(row),
    sorteioId: extra.sorteioId ?? null,
    paidSeats: extra.paidSeats,
    entrantsEver: extra.entrantsEver,
    privateRoomName: null,
  };
}

/** Spec 001 section 5 defaults of 'Nova Sala'; the fee is the settings' platform fee. */
export async function roomFormDefaults(db: Db): Promise<RoomFormDefaults> {
  return {
    tipoSala: 'premium',
    valorEntrada: 1000,
    maxParticipantes: 10,
    taxaPersonalizadaBp: await getSetting(db, 'fees.platformFeeBp'),
    sorteioAutomatico: true,
    temLimitePessoas: true,
  };
}

type ParsedForm = RoomForm & {
  tipoSala: NonNullable<RoomForm['tipoSala']>;
  valorEntrada: number;
  maxParticipantes: number;
};

export async function createAdminRoom({
  db,
  actor,
  form,
}: {
  db: Db;
  actor: AuditActor;
  form: ParsedForm;
}): Promise<AdminRoom> {
  const feeBp = roomFeeBp(form.taxaPersonalizadaBp, await getSetting(db, 'fees.platformFeeBp'));
  const row = await db.transaction(async (tx) => {
    const created = await createRoom({
      db: tx,
      input: {
        tipoSala: form.tipoSala,
        valorEntradaCentavos: form.valorEntrada,
        maxParticipantes: form.maxParticipantes,
        taxaBp: feeBp,
        sorteioAutomatico: form.sorteioAutomatico ?? true,
        temLimitePessoas: form.temLimitePessoas ?? true,
        dataSorteio: form.dataSorteio ? new Date(form.dataSorteio) : null,
        createdBy: actor.id,
      },
    });
    await writeAudit(tx, actor, {
      action: 'room.create',
      targetType: 'room',
      targetId: created.id,
      after: roomSnapshot(created),
    });
    return created;
  });
  return adminRoomOf(row, { paidSeats: 0, entrantsEver: 0 });
}

const sameInstant = (a: Date | null, b: string | null | undefined) =>
  a === null || !b ? a === null && !b : Math.abs(a.getTime() - new Date(b).getTime()) < 60_000;

export async function updateAdminRoom({
  db,
  actor,
  id,
  form,
}: {
  db: Db;
  actor: AuditActor;
  id: string;
  form: ParsedForm;
}): Promise<AdminRoom> {
  return db.transaction(async (tx) => {
    const { room, entrantsEver } = await lockRoomForAdmin(tx, id);
    if (room.tipoSala === 'privada')
      throw new AppError('CONFLICT', { message: roomEditMessages.privateRoom });
    if (room.status !== 'aberta' && room.status !== 'fechada')
      throw new AppError('CONFLICT', { message: roomEditMessages.notLive });
    const next = {
      tipoSala: form.tipoSala,
      valorEntrada: form.valorEntrada,
      maxParticipantes: form.maxParticipantes,
      taxaPersonalizadaBp: form.taxaPersonalizadaBp ?? room.taxaPersonalizadaBp,
      temLimitePessoas: form.temLimitePessoas ?? room.temLimitePessoas,
      dataSorteio: form.dataSorteio === undefined ? room.dataSorteio : form.dataSorteio,
    };
    const changesTerms =
      next.tipoSala !== room.tipoSala ||
      next.valorEntrada !== room.valorEntrada ||
      next.maxParticipantes !== room.maxParticipantes ||
      next.taxaPersonalizadaBp !== room.taxaPersonalizadaBp ||
      next.temLimitePessoas !== room.temLimitePessoas ||
      !sameInstant(
        room.dataSorteio,
        next.dataSorteio instanceof Date ? next.dataSorteio.toISOString() : next.dataSorteio,
      );
    // The price, the prize and when the draw happens are a promise to whoever joined.
    if (changesTerms && entrantsEver > 0)
      throw new AppError('CONFLICT', { message: roomEditMessages.lockedRefused });
    const prize = computePrize({
      entryCentavos: next.valorEntrada,
      maxParticipants: next.maxParticipantes,
      feeBasisPoints: next.taxaPersonalizadaBp,
    });
    const [after] = await tx
      .update(salas)
      .set({
        ...(changesTerms
          ? {
              tipoSala: next.tipoSala,
              valorEntrada: next.valorEntrada,
              maxParticipantes: next.maxParticipantes,
              taxaPersonalizadaBp: next.taxaPersonalizadaBp,
              premioBruto: prize.grossCentavos,
              taxaPlataforma: prize.feeCentavos,
              premioLiquido: prize.netCentavos,
              temLimitePessoas: next.temLimitePessoas,
              dataSorteio: next.dataSorteio ? new Date(next.dataSorteio) : null,
            }
          : {}),
        sorteioAutomatico: form.sorteioAutomatico ?? room.sorteioAutomatico,
        updatedAt: new Date(),
      })
      .where(eq(salas.id, room.id))
      .returning();
    await writeAudit(tx, actor, {
      action: 'room.update',
      targetType: 'room',
      targetId: room.id,
      before: roomSnapshot(room),
      after: roomSnapshot(after!),
    });
    return adminRoomOf(after!, { paidSeats: await paidSeatsOf(tx, room.id), entrantsEver });
  });
}

/** Open/close (spec 001 section 4), only between aberta and fechada. */
export async function setAdminRoomStatus({
  db,
  actor,
  id,
  status,
}: {
  db: Db;
  actor: AuditActor;
  id: string;
  status: 'aberta' | 'fechada';
}): Promise<AdminRoom> {
  return db.transaction(async (tx) => {
    const { room, entrantsEver } = await lockRoomForAdmin(tx, id);
    if (room.status === 'sorteando')
      throw new AppError('CONFLICT', { message: roomEditMessages.reopenDrawing });
    if (room.status === 'sorteada' || room.status === 'finalizada')
      throw new AppError('CONFLICT', { message: roomEditMessages.reopenDrawn });
    if (room.status === 'cancelada')
      throw new AppError('CONFLICT', { message: roomEditMessages.reopenCancelled });
    const [after] = await tx
      .update(salas)
      .set({ status, updatedAt: new Date() })
      .where(and(eq(salas.id, room.id), sql`${salas.status} in ('aberta', 'fechada')`))
      .returning();
    await writeAudit(tx, actor, {
      action: 'room.status',
      targetType: 'room',
      targetId: room.id,
      before: { status: room.status },
      after: { status },
    });
    return adminRoomOf(after!, { paidSeats: await paidSeatsOf(tx, room.id), entrantsEver });
  });
}

/** Deleting only while the room never had a participation; otherwise cancel with refunds. */
export async function deleteAdminRoom({
  db,
  actor,
  id,
}: {
  db: Db;
  actor: AuditActor;
  id: string;
}) {
  return db.transaction(async (tx) => {
    const { room, entrantsEver } = await lockRoomForAdmin(tx, id);
    if (room.tipoSala === 'privada')
      throw new AppError('CONFLICT', { message: 'Salas privadas não são excluídas por aqui.' });
    if (entrantsEver > 0)
      throw new AppError('CONFLICT', { message: roomEditMessages.deleteWithEntrants });
    // Its pool account, made with the room: never written to, since nobody ever joined.
    await tx
      .delete(ledgerAccounts)
      .where(and(eq(ledgerAccounts.kind, 'room_pool'), eq(ledgerAccounts.salaId, room.id)));
    await tx.delete(salas).where(eq(salas.id, room.id));
    await writeAudit(tx, actor, {
      action: 'room.delete',
      targetType: 'room',
      targetId: room.id,
      before: roomSnapshot(room),
    });
    return { deleted: true };
  });
}
