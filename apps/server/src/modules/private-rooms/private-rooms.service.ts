/**
 * Private rooms (spec 001), with the defects of the original fixed (DESIGN.md section 8): the invite
 * code is stored and looked up as such, every join path takes the seat in one atomic step, only the
 * creator (and staff) may edit, and one configured fee drives both the label and the prize.
 */
import { randomBytes, randomInt } from 'node:crypto';
import {
  type PrivateInvite,
  type PrivatePayment,
  type PrivateRoom,
  type PrivateRoomDetail,
  computePrize,
  formatLuckyNumber,
  can,
  privateRoomMessages,
  type Role,
  splitPool,
} from '@sorteio/shared';
import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import {
  participacoes,
  pixCharges,
  privateRoomMessages as messagesTable,
  privateRooms,
  profiles,
  salas,
} from '../../db/schema';
import { firstName } from '../../lib/names';
import { type AuditActor, writeAudit } from '../audit/audit.service';
import { AppError, pgConstraint, pgErrorCode } from '../../lib/errors';
import { findRoomDraw } from '../draws/draws.service';
import { createRoom, joinRoom, toParticipation, toRoom } from '../rooms/rooms.service';
import { getSetting } from '../settings/settings.service';

const CODE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

export function newRoomCode(): string {
  return Array.from({ length: 8 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
}

type Row = { room: typeof privateRooms.$inferSelect; sala: typeof salas.$inferSelect };

function toPrivateRoom(config: Config, { room, sala }: Row): PrivateRoom {
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

async function load(db: Db, where: ReturnType<typeof eq>): Promise<Row | null> {
  const [row] = await db
    .select({ room: privateRooms, sala: salas })
    .from(privateRooms)
    .innerJoin(salas, eq(salas.id, privateRooms.salaId))
    .where(where);
  return row ?? null;
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

export async function getRow(db: Db, id: string): Promise<Row> {
  const row = await load(db, eq(privateRooms.id, id));
  if (!row) throw new AppError('NOT_FOUND', { message: 'Sala não encontrada.' });
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

/** An active room by its code (the route's schema uppercases the code). */
export async function getRowByCode(db: Db, code: string): Promise<Row> {
  const row = await load(db, eq(privateRooms.roomCode, code));
  if (!row || !row.room.isActive) {
    throw new AppError('NOT_FOUND', { message: privateRoomMessages.notFound });
  }
  return row;
}

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

export async function paidSeats(db: Db, salaId: string): Promise<number> {
  const [r] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(participacoes)
    .where(and(eq(participacoes.salaId, salaId), eq(participacoes.statusPagamento, 'confirmado')));
  return r?.n ?? 0;
}

export async function listMessages(db: Db, roomId: string) {
  const rows = await db
    .select({ m: messagesTable, nome: profiles.nomeCompleto })
    .from(messagesTable)
    .leftJoin(profiles, eq(profiles.id, messagesTable.userId))
    .where(eq(messagesTable.roomId, roomId))
    .orderBy(asc(messagesTable.createdAt), asc(messagesTable.id))
    .limit(500);
  return rows.map((r) => ({
    id: r.m.id,
    userId: r.m.userId,
    authorName: firstName(r.nome, 'Participante'),
    message: r.m.message,
    createdAt: r.m.createdAt.toISOString(),
  }));
}

export async function postMessage(db: Db, roomId: string, userId: string, message: string) {
  const [m] = await db.insert(messagesTable).values({ roomId, userId, message }).returning();
  const [p] = await db
    .select({ nome: profiles.nomeCompleto })
    .from(profiles)
    .where(eq(profiles.id, userId));
  return {
    id: m!.id,
    userId,
    authorName: firstName(p?.nome ?? null, 'Participante'),
    message: m!.message,
    createdAt: m!.createdAt.toISOString(),
  };
}
