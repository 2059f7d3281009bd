/**
 * The one place that decides whether a player may take a seat (spec 000 sections 4 and 5,
 * DESIGN.md section 4). A join on its own (join.ts) and queued seats taken together
 * (seat-batch.ts) both ask here, so every path gives the same answers in the same order:
 * who may play at all (staff never; a verified identity and an active account), then, under the
 * room's lock, the room reachable by this path (seat-access.ts), the player's responsible play
 * (self-exclusion, spending limits), the room open, the player not already seated, a free seat.
 */
import { type Role, isStaffRole, joinMessages, responsiblePlayMessages } from '@sorteio/shared';
import type { salas } from '../../../db/schema';
import { AppError } from '../../../lib/errors';
import type { DbOrTx } from '../../wallet';
import { type SeatAccess, assertSeatAccess } from './seat-access';

type RoomRow = typeof salas.$inferSelect;

/** A path's texts for its refusals: public rooms use `joinMessages`, private rooms their own (spec 001 section 5). */
export interface JoinMessages {
  full: string;
  alreadyIn: string;
  notOpen: string;
  notFound: string;
}

/** The refusals of a seat, each with its code and reason. */
export const seatRefusals = {
  notFound: (messages: JoinMessages) => new AppError('NOT_FOUND', { message: messages.notFound }),
  notOpen: (messages: JoinMessages) =>
    new AppError('CONFLICT', { message: messages.notOpen, reason: 'ROOM_NOT_OPEN' }),
  alreadyIn: (messages: JoinMessages) =>
    new AppError('CONFLICT', { message: messages.alreadyIn, reason: 'ALREADY_JOINED' }),
  full: (messages: JoinMessages) =>
    new AppError('CONFLICT', { message: messages.full, reason: 'ROOM_FULL' }),
  insufficientBalance: () =>
    new AppError('BAD_REQUEST', {
      message: joinMessages.insufficient,
      reason: 'INSUFFICIENT_BALANCE',
    }),
};

/** Who may play at all: staff never (checked first), players with a verified identity and an active account. */
export function assertMayJoin<
  T extends { role: string; isVerified: boolean | null; statusConta: string | null },
>(who: T | undefined): asserts who is T {
  if (who && isStaffRole(who.role as Role))
    throw new AppError('FORBIDDEN', {
      message: responsiblePlayMessages.staffCannotPlay,
      reason: 'STAFF_CANNOT_PLAY',
    });
  if (!who?.isVerified || who.statusConta !== 'ativo') {
    throw new AppError('FORBIDDEN', {
      message:
        'Verificação Necessária: envie uma foto do documento e uma selfie na aba Verificação do seu perfil.',
      reason: 'NOT_VERIFIED',
    });
  }
}

/** A check that throws, as the refusal it threw (null when it passed). */
export async function refusalOf(check: () => Promise<void>): Promise<AppError | null> {
  try {
    await check();
    return null;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
}

/** Seats still free in a room (a room without a seat limit never fills). */
export const freeSeatsOf = (room: RoomRow) =>
  room.temLimitePessoas
    ? room.maxParticipantes - room.participantesAtual
    : Number.POSITIVE_INFINITY;

/** 404 (with the path's text) unless the room exists and `access` may take a seat in it. */
export async function roomRefusal(
  tx: DbOrTx,
  room: RoomRow | undefined,
  access: SeatAccess,
  messages: JoinMessages,
): Promise<AppError | null> {
  if (!room) return seatRefusals.notFound(messages);
  return refusalOf(() => assertSeatAccess(tx, room, access, messages.notFound));
}

/** What a seat is judged on, besides the room row locked by the caller's transaction. */
export interface SeatFacts {
  access: SeatAccess;
  messages: JoinMessages;
  /**
   * The player's responsible-play refusal at the room's price (staff, self-exclusion, spending
   * limits), under the player's lock; null when they may play. Asked only of a reachable room.
   */
  mayPlay: (room: RoomRow) => AppError | null | Promise<AppError | null>;
  /**
   * Whether the player holds a live seat in the room: known (read with the locks), or read when
   * it decides the answer. A join on its own reads it only from a full room: in a room with a
   * free seat its insert refuses a second seat itself (unique index participacoes_one_seat_idx)
   * and it answers `seatRefusals.alreadyIn` then.
   */
  holdsSeat: boolean | (() => Promise<boolean>);
  /** Seats still free as this transaction sees them, when it took some already (the room's own count otherwise). */
  freeSeats?: number;
}

/**
 * Why the player may not take a seat in `room` (locked by the caller's transaction), or null when
 * they may. The caller has checked `assertMayJoin` before.
 */
export async function seatRefusal(
  tx: DbOrTx,
  room: RoomRow | undefined,
  facts: SeatFacts,
): Promise<AppError | null> {
  const { messages } = facts;
  const unreachable = await roomRefusal(tx, room, facts.access, messages);
  if (unreachable || !room) return unreachable ?? seatRefusals.notFound(messages);
  const playRefusal = await facts.mayPlay(room);
  if (playRefusal) return playRefusal;
  if (room.status !== 'aberta') return seatRefusals.notOpen(messages);
  const full = (facts.freeSeats ?? freeSeatsOf(room)) <= 0;
  // "Already in" is the answer a seated player gets, even from a full room.
  const held =
    typeof facts.holdsSeat === 'boolean' ? facts.holdsSeat : full && (await facts.holdsSeat());
  if (held) return seatRefusals.alreadyIn(messages);
  if (full) return seatRefusals.full(messages);
  return null;
}
