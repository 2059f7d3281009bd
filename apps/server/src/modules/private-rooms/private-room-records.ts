/**
 * A private room's records as the rest of the module reads them: the room with its sala, its
 * API shape, and who counts as a member.
 */
import { type PrivateRoom, privateRoomMessages } from '@sorteio/shared';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { participacoes, privateRooms, salas } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { toRoom } from '../rooms/rooms.service';

export type Row = { room: typeof privateRooms.$inferSelect; sala: typeof salas.$inferSelect };

export function toPrivateRoom(config: Config, { room, sala }: Row): PrivateRoom {
  return {
    id: room.id,
    roomName: room.roomName,
    customName: room.customName,
    roomCode: room.roomCode,
    inviteCode: room.inviteCode,
    inviteLink: `${config.baseUrl}/private-room-invite/${room.inviteCode}`,
    entryValue: sala.valorEntrada,
    maxParticipants: sala.maxParticipantes,
    currentParticipants: sala.participantesAtual,
    creatorId: room.creatorId,
    isActive: room.isActive,
    feeBp: sala.taxaPersonalizadaBp,
    prizeTotal: sala.premioLiquido,
    createdAt: room.createdAt.toISOString(),
    sala: toRoom(sala),
  };
}

export async function load(db: Db, where: ReturnType<typeof eq>): Promise<Row | null> {
  const [row] = await db
    .select({ room: privateRooms, sala: salas })
    .from(privateRooms)
    .innerJoin(salas, eq(salas.id, privateRooms.salaId))
    .where(where);
  return row ?? null;
}

export async function getRow(db: Db, id: string): Promise<Row> {
  const row = await load(db, eq(privateRooms.id, id));
  if (!row) throw new AppError('NOT_FOUND', { message: 'Sala não encontrada.' });
  return row;
}

/** An active room by its code (the route's schema uppercases the code). */
export async function getRowByCode(db: Db, code: string): Promise<Row> {
  const row = await load(db, eq(privateRooms.roomCode, code));
  if (!row || !row.room.isActive) {
    throw new AppError('NOT_FOUND', { message: privateRoomMessages.notFound });
  }
  return row;
}

/** Members: the creator and whoever holds a live seat. */
export async function isMember(db: Db, row: Row, userId: string): Promise<boolean> {
  if (row.room.creatorId === userId) return true;
  const [seat] = await db
    .select({ id: participacoes.id })
    .from(participacoes)
    .where(
      and(
        eq(participacoes.salaId, row.sala.id),
        eq(participacoes.userId, userId),
        ne(participacoes.statusPagamento, 'cancelado'),
      ),
    );
  return Boolean(seat);
}

export async function memberIds(db: Db, row: Row): Promise<string[]> {
  const seats = await db
    .select({ userId: participacoes.userId })
    .from(participacoes)
    .where(
      and(eq(participacoes.salaId, row.sala.id), ne(participacoes.statusPagamento, 'cancelado')),
    );
  return [...new Set([row.room.creatorId, ...seats.map((s) => s.userId)])];
}

export async function paidSeats(db: Db, salaId: string): Promise<number> {
  const [r] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(participacoes)
    .where(and(eq(participacoes.salaId, salaId), eq(participacoes.statusPagamento, 'confirmado')));
  return r?.n ?? 0;
}
