/**
 * The notices a player gets on any screen about a room they are in: it filled, it was drawn (or
 * cancelled and refunded), their prize was paid. One live event per player, delivered only to that
 * player's sockets (`visibleTo`), naming the room as the player knows it and the page to open.
 */
import { roomTypeLabel } from '@sorteio/shared';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { participacoes, privateRooms, salas, sorteios } from '../db/schema';
import type { LiveEvent } from './realtime';

export type NoticeKind = 'filled' | 'drawn' | 'won' | 'cancelled' | 'paid';
type Notice = Extract<LiveEvent, { type: 'notice' }>;

interface RoomRef {
  salaId: string;
  roomName: string;
  /** The private room's page, or null for a public room. */
  privatePath: string | null;
}

async function roomRef(db: Db, salaId: string): Promise<RoomRef | null> {
  const [room] = await db
    .select({
      tipoSala: salas.tipoSala,
      privateId: privateRooms.id,
      roomName: privateRooms.roomName,
      customName: privateRooms.customName,
    })
    .from(salas)
    .leftJoin(privateRooms, eq(privateRooms.salaId, salas.id))
    .where(eq(salas.id, salaId));
  if (!room) return null;
  if (room.privateId)
    return {
      salaId,
      roomName: room.customName ?? room.roomName ?? 'Sala privada',
      privatePath: `/private-room/${room.privateId}`,
    };
  return { salaId, roomName: `Sala ${roomTypeLabel(room.tipoSala)}`, privatePath: null };
}

/** Where the notice leads: the private room's page, else the draw's proof, else the room. */
function hrefOf(room: RoomRef, drawId: string | null): string {
  if (room.privatePath) return room.privatePath;
  if (drawId) return `/sorteios/${drawId}`;
  return `/participate?sala_id=${room.salaId}`;
}

/** The players holding a paid seat in the room (the ones a full room and its draw concern). */
async function paidPlayers(db: Db, salaId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ userId: participacoes.userId })
    .from(participacoes)
    .where(and(eq(participacoes.salaId, salaId), eq(participacoes.statusPagamento, 'confirmado')));
  return rows.map((r) => r.userId);
}

function notice(room: RoomRef, userId: string, kind: NoticeKind, drawId: string | null): Notice {
  return {
    type: 'notice',
    userId,
    kind,
    roomName: room.roomName,
    href: hrefOf(room, drawId),
    drawId,
  };
}

/** The room filled with every seat paid: one notice to each player with a seat. */
export async function roomFilledNotices(db: Db, salaId: string): Promise<Notice[]> {
  const room = await roomRef(db, salaId);
  if (!room) return [];
  return (await paidPlayers(db, salaId)).map((userId) => notice(room, userId, 'filled', null));
}

/** The room was drawn: 'won' to the winner, 'drawn' to everyone else who took part. */
export async function roomDrawnNotices(
  db: Db,
  outcome: { salaId: string; sorteioId: string; winnerId: string; participantIds: string[] },
): Promise<Notice[]> {
  const room = await roomRef(db, outcome.salaId);
  if (!room) return [];
  const players = new Set([...outcome.participantIds, outcome.winnerId]);
  return [...players].map((userId) =>
    notice(room, userId, userId === outcome.winnerId ? 'won' : 'drawn', outcome.sorteioId),
  );
}

/** The room was cancelled and its paid entries refunded. */
export async function roomCancelledNotices(
  db: Db,
  outcome: { salaId: string; refundedUserIds: string[] },
): Promise<Notice[]> {
  const room = await roomRef(db, outcome.salaId);
  if (!room) return [];
  return [...new Set(outcome.refundedUserIds)].map((userId) =>
    notice(room, userId, 'cancelled', null),
  );
}

/** A prize reached the winner's PIX key. */
export async function prizePaidNotices(
  db: Db,
  payout: { userId: string; sorteioId: string | null },
): Promise<Notice[]> {
  if (!payout.sorteioId) return [];
  const [draw] = await db
    .select({ salaId: sorteios.salaId })
    .from(sorteios)
    .where(eq(sorteios.id, payout.sorteioId));
  if (!draw) return [];
  const room = await roomRef(db, draw.salaId);
  if (!room) return [];
  return [notice(room, payout.userId, 'paid', payout.sorteioId)];
}
