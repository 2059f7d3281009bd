/**
 * Finding a private room by its code or invite link, the invite's public preview, and the one
 * atomic join every path takes.
 */
import { randomInt } from 'node:crypto';
import {
  type PrivateInvite,
  formatLuckyNumber,
  privateRoomMessages,
  splitPool,
} from '@sorteio/shared';
import { and, asc, eq, ne } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { participacoes, privateRooms, profiles } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { firstName } from '../../lib/names';
import { joinRoom } from '../rooms/rooms.service';
import { type Row, getRowByCode, isMember, load, toPrivateRoom } from './private-room-records';

export async function findByCode(db: Db, code: string, userId: string | null) {
  const row = await getRowByCode(db, code);
  const seats = await db
    .select({
      numeroSorte: participacoes.numeroSorte,
      createdAt: participacoes.createdAt,
      userId: participacoes.userId,
    })
    .from(participacoes)
    .where(
      and(eq(participacoes.salaId, row.sala.id), ne(participacoes.statusPagamento, 'cancelado')),
    )
    .orderBy(asc(participacoes.createdAt));
  return {
    id: row.room.id,
    roomName: row.room.customName ?? row.room.roomName,
    roomCode: row.room.roomCode,
    entryValue: row.sala.valorEntrada,
    maxParticipants: row.sala.maxParticipantes,
    currentParticipants: row.sala.participantesAtual,
    prizeTotal: row.sala.premioLiquido,
    createdAt: row.room.createdAt.toISOString(),
    participants: seats.map((s) => ({
      luckyNumber: s.numeroSorte,
      joinedAt: s.createdAt.toISOString(),
    })),
    full: row.sala.participantesAtual >= row.sala.maxParticipantes,
    alreadyIn: userId !== null && seats.some((s) => s.userId === userId),
  };
}

export async function findByInvite(db: Db, inviteCode: string) {
  const row = await load(db, eq(privateRooms.inviteCode, inviteCode));
  if (!row || !row.room.isActive)
    throw new AppError('NOT_FOUND', { message: privateRoomMessages.invalidInvite });
  return {
    id: row.room.id,
    roomName: row.room.customName ?? row.room.roomName,
    entryValue: row.sala.valorEntrada,
    row,
  };
}

/**
 * What the holder of an invite link sees, signed in or not: the room as it shows itself (entry,
 * fee and prize of a full room, seats) and the inviter's first name. Nothing that lets anyone act
 * on the room without the link (no room code, no member list, no contact data).
 */
export async function getInvitePreview(
  db: Db,
  inviteCode: string,
  userId: string | null,
): Promise<PrivateInvite> {
  const { id, roomName, entryValue, row } = await findByInvite(db, inviteCode);
  const [creator] = await db
    .select({ nome: profiles.nomeCompleto })
    .from(profiles)
    .where(eq(profiles.id, row.room.creatorId));
  const { feeCentavos, netCentavos } = splitPool(
    entryValue * row.sala.maxParticipantes,
    row.sala.taxaPersonalizadaBp,
  );
  const full = row.sala.participantesAtual >= row.sala.maxParticipantes;
  return {
    id,
    roomName,
    entryValue,
    feeBp: row.sala.taxaPersonalizadaBp,
    platformFee: feeCentavos,
    prizeTotal: netCentavos,
    maxParticipants: row.sala.maxParticipantes,
    currentParticipants: row.sala.participantesAtual,
    invitedBy: firstName(creator?.nome, 'Um amigo'),
    open: row.sala.status === 'aberta' && !full,
    alreadyIn:
      userId !== null && userId !== row.room.creatorId && (await isMember(db, row, userId)),
  };
}

/**
 * One atomic join for every path (code or invite): the seat is taken by the public rooms' join
 * (room row locked, seat cap, one seat per user, unique lucky number) and held for PIX payment.
 * Lucky numbers: 6 digits when joining by code, 'P' + 4 clock digits + 3 random by invite.
 */
export async function joinPrivate({
  db,
  config,
  row,
  userId,
  via,
}: {
  db: Db;
  config: Config;
  row: Row;
  userId: string;
  via: 'code' | 'invite';
}) {
  if (!row.room.isActive)
    throw new AppError('NOT_FOUND', { message: privateRoomMessages.notFound });
  const luckyNumberOf =
    via === 'code'
      ? () => String(randomInt(1_000_000)).padStart(6, '0')
      : (attempt: number) => formatLuckyNumber('privada', Date.now() + attempt, randomInt(1000));
  const result = await joinRoom({
    db,
    config,
    userId,
    roomId: row.sala.id,
    metodo: 'pix',
    access: { kind: 'private', privateRoomId: row.room.id },
    luckyNumberOf,
    messages: {
      full: privateRoomMessages.full,
      alreadyIn: privateRoomMessages.alreadyIn,
      notOpen: 'Esta sala não está mais aceitando participantes.',
      notFound: privateRoomMessages.notFound,
    },
  });
  return {
    participation: result.participation,
    room: toPrivateRoom(config, (await load(db, eq(privateRooms.id, row.room.id)))!),
  };
}
