/**
 * Private rooms (spec 001), with the defects of the original fixed (DESIGN.md section 8): the invite
 * code is stored and looked up as such, every join path takes the seat in one atomic step, only the
 * creator (and staff) may edit, and one configured fee drives both the label and the prize.
 */
import { randomBytes, randomInt } from 'node:crypto';
import {
  type PrivatePayment,
  type PrivateRoom,
  type PrivateRoomDetail,
  computePrize,
  can,
  privateRoomMessages,
  type Role,
} from '@sorteio/shared';
import { and, asc, desc, eq, ne } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { participacoes, pixCharges, privateRooms, profiles, salas } from '../../db/schema';
import { firstName } from '../../lib/names';
import { type AuditActor, writeAudit } from '../audit/audit.service';
import { AppError, pgConstraint, pgErrorCode } from '../../lib/errors';
import { drawRoom, findRoomDraw } from '../draws/draws.service';
import { createRoom, toParticipation } from '../rooms/rooms.service';
import { getSetting } from '../settings/settings.service';
import { type Row, getRow, load, paidSeats, toPrivateRoom } from './private-room-records';

export { listMessages, postMessage } from './private-room-chat';
export { findByCode, findByInvite, getInvitePreview, joinPrivate } from './private-room-joins';
export { getRow, getRowByCode, isMember, memberIds } from './private-room-records';

const CODE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

export function newRoomCode(): string {
  return Array.from({ length: 8 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
}

export async function createPrivateRoom({
  db,
  config,
  creatorId,
  input,
}: {
  db: Db;
  config: Config;
  creatorId: string;
  input: { roomName: string; entryValue: number; maxParticipants: number };
}): Promise<PrivateRoom> {
  const feeBp = await getSetting(db, 'privateRooms.feeBp');
  for (let attempt = 0; attempt < 10; attempt += 1) {
    try {
      const id = await db.transaction(async (tx) => {
        const sala = await createRoom({
          db: tx,
          input: {
            tipoSala: 'privada',
            valorEntradaCentavos: input.entryValue,
            maxParticipantes: input.maxParticipants,
            taxaBp: feeBp,
            sorteioAutomatico: true,
            createdBy: creatorId,
          },
        });
        const [room] = await tx
          .insert(privateRooms)
          .values({
            roomName: input.roomName,
            roomCode: newRoomCode(),
            inviteCode: randomBytes(12).toString('base64url'),
            creatorId,
            salaId: sala.id,
          })
          .returning({ id: privateRooms.id });
        return room!.id;
      });
      return toPrivateRoom(config, (await load(db, eq(privateRooms.id, id)))!);
    } catch (error) {
      // A code collision (8 characters of 36) is retried with a new code.
      if (pgErrorCode(error) === '23505' && pgConstraint(error)?.startsWith('private_rooms_'))
        continue;
      throw error;
    }
  }
  throw new AppError('INTERNAL', {
    message: 'Não foi possível gerar um código único. Tente novamente.',
  });
}

export async function listMyRooms(db: Db, config: Config, userId: string): Promise<PrivateRoom[]> {
  const rows = await db
    .select({ room: privateRooms, sala: salas })
    .from(privateRooms)
    .innerJoin(salas, eq(salas.id, privateRooms.salaId))
    .where(eq(privateRooms.creatorId, userId))
    .orderBy(desc(privateRooms.createdAt));
  return rows.map((r) => toPrivateRoom(config, r));
}

export async function getDetail({
  db,
  config,
  id,
  userId,
  role,
}: {
  db: Db;
  config: Config;
  id: string;
  userId: string;
  role: Role;
}): Promise<PrivateRoomDetail> {
  const row = await getRow(db, id);
  const seats = await db
    .select({ p: participacoes, nome: profiles.nomeCompleto })
    .from(participacoes)
    .leftJoin(profiles, eq(profiles.id, participacoes.userId))
    .where(
      and(eq(participacoes.salaId, row.sala.id), ne(participacoes.statusPagamento, 'cancelado')),
    )
    .orderBy(asc(participacoes.createdAt));
  const mine = seats.find((s) => s.p.userId === userId)?.p ?? null;
  const member = row.room.creatorId === userId || mine !== null;
  let myPayment: PrivatePayment | null = null;
  if (mine) {
    const [charge] = await db
      .select()
      .from(pixCharges)
      .where(eq(pixCharges.participacaoId, mine.id))
      .orderBy(desc(pixCharges.createdAt))
      .limit(1);
    const fee = computePrize({
      entryCentavos: mine.valorPago,
      maxParticipants: 1,
      feeBasisPoints: row.sala.taxaPersonalizadaBp,
    }).feeCentavos;
    myPayment = {
      participantId: mine.id,
      amount: mine.valorPago,
      platformFee: fee,
      status:
        mine.statusPagamento === 'confirmado'
          ? 'paid'
          : mine.statusPagamento === 'pendente'
            ? 'pending'
            : 'failed',
      txid: charge?.status === 'ATIVA' && charge.expiresAt > new Date() ? charge.txid : null,
      expiresAt: mine.expiresAt?.toISOString() ?? null,
    };
  }
  const draw = await findRoomDraw(db, row.sala.id, { includePrivate: true });
  return {
    room: toPrivateRoom(config, row),
    isCreator: row.room.creatorId === userId,
    canEdit: row.room.creatorId === userId || can(role, 'rooms.manage'),
    isMember: member,
    participants: seats.map((s) => ({
      id: s.p.id,
      userId: s.p.userId,
      firstName: firstName(s.nome, 'Participante'),
      luckyNumber: s.p.numeroSorte,
      joinedAt: s.p.createdAt.toISOString(),
      paid: s.p.statusPagamento === 'confirmado',
    })),
    myParticipation: mine ? toParticipation(mine) : null,
    myPayment,
    drawId: draw?.id ?? null,
    draw,
  };
}

export async function updatePrivateRoom({
  db,
  config,
  id,
  actor,
  input,
}: {
  db: Db;
  config: Config;
  id: string;
  /** Who edits; when it is not the creator (staff with rooms.manage), the edit is audited. */
  actor: AuditActor & { role: Role };
  input: { roomName: string; customName: string | null };
}) {
  const row = await getRow(db, id);
  const byStaff = row.room.creatorId !== actor.id;
  if (byStaff && !can(actor.role, 'rooms.manage'))
    throw new AppError('FORBIDDEN', { message: privateRoomMessages.onlyCreator });
  await db.transaction(async (tx) => {
    await tx
      .update(privateRooms)
      .set({ roomName: input.roomName, customName: input.customName })
      .where(eq(privateRooms.id, id));
    // A staff member acting on a player's room: on the record, with the same write.
    if (byStaff)
      await writeAudit(tx, actor, {
        action: 'private_room.update',
        targetType: 'private_room',
        targetId: id,
        before: {
          creatorId: row.room.creatorId,
          roomName: row.room.roomName,
          customName: row.room.customName,
        },
        after: { roomName: input.roomName, customName: input.customName },
      });
  });
  return toPrivateRoom(config, await getRow(db, id));
}

/**
 * The creator closes the room to new joins (before drawing it with at least two paid seats); staff
 * with rooms.manage may close anyone's room, and that is audited in the same transaction.
 */
export async function closePrivateRoom({
  db,
  row,
  actor,
}: {
  db: Db;
  row: Row;
  actor: AuditActor & { role: Role };
}) {
  const byStaff = row.room.creatorId !== actor.id;
  if (byStaff && !can(actor.role, 'rooms.manage'))
    throw new AppError('FORBIDDEN', { message: privateRoomMessages.onlyCreator });
  await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(salas)
      .set({ status: 'fechada', updatedAt: new Date() })
      .where(and(eq(salas.id, row.sala.id), eq(salas.status, 'aberta')))
      .returning({ id: salas.id });
    if (!updated)
      throw new AppError('CONFLICT', { message: 'A sala já está fechada ou sorteada.' });
    if (byStaff)
      await writeAudit(tx, actor, {
        action: 'private_room.close',
        targetType: 'private_room',
        targetId: row.room.id,
        before: { creatorId: row.room.creatorId, salaId: row.sala.id, status: row.sala.status },
        after: { status: 'fechada' },
      });
  });
}

/**
 * The creator draws a closed room with at least two paid seats; staff with rooms.manage may draw
 * anyone's, and that is audited in the draw's own transaction.
 */
export async function drawPrivateRoom({
  db,
  config,
  row,
  actor,
}: {
  db: Db;
  config: Config;
  row: Row;
  actor: AuditActor & { role: Role };
}) {
  if (row.room.creatorId !== actor.id && !can(actor.role, 'rooms.manage'))
    throw new AppError('FORBIDDEN', { message: privateRoomMessages.onlyCreator });
  if (row.sala.status !== 'fechada')
    throw new AppError('CONFLICT', {
      message: 'Feche a sala para novas entradas antes de sortear.',
    });
  if ((await paidSeats(db, row.sala.id)) < 2)
    throw new AppError('CONFLICT', {
      message: 'O sorteio precisa de pelo menos dois participantes com pagamento confirmado.',
    });
  const outcome = await drawRoom({
    db,
    config,
    salaId: row.sala.id,
    allowClosed: true,
    ...(row.room.creatorId !== actor.id && {
      audit: (tx, result) =>
        writeAudit(tx, actor, {
          action: 'private_room.draw',
          targetType: 'private_room',
          targetId: row.room.id,
          before: { creatorId: row.room.creatorId, salaId: row.sala.id },
          after: result,
        }),
    }),
  });
  if (outcome.kind === 'skipped')
    throw new AppError('CONFLICT', { message: 'Esta sala já foi sorteada.' });
  return outcome;
}
