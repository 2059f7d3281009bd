/**
 * The one guard in front of every seat (issue: a private room entered without its code). A room of
 * type 'privada' backs a private room: its seats are taken only through the private-room flow
 * (by code or invite, or by its creator), which proves it holds the private room's record. Every
 * other path — the public join by PIX or balance, and anything added later — sees such a room as
 * if it did not exist (404), so its record id is worth nothing to a stranger who learns it.
 */
import { and, eq } from 'drizzle-orm';
import { privateRooms } from '../../../db/schema';
import { AppError } from '../../../lib/errors';
import type { DbOrTx } from '../../wallet';

/**
 * How the caller reached the room. `private` is built only by the private-rooms service from a
 * private room row it loaded by code, invite or creator id (see `privateSeatAccess`).
 */
export type SeatAccess =
  { readonly kind: 'public' } | { readonly kind: 'private'; readonly privateRoomId: string };

export const PUBLIC_SEAT: SeatAccess = { kind: 'public' };

export function isPrivateRoomType(tipoSala: string): boolean {
  return tipoSala === 'privada';
}

/**
 * Throws 404 (with the path's own "not found" text) unless `access` may take a seat in `room`.
 * Called inside the join transaction, with the room row already locked.
 */
export async function assertSeatAccess(
  tx: DbOrTx,
  room: { id: string; tipoSala: string },
  access: SeatAccess,
  notFoundMessage: string,
): Promise<void> {
  const notFound = () => new AppError('NOT_FOUND', { message: notFoundMessage });
  if (!isPrivateRoomType(room.tipoSala)) {
    if (access.kind !== 'public') throw notFound();
    return;
  }
  if (access.kind !== 'private') throw notFound();
  const [link] = await tx
    .select({ id: privateRooms.id })
    .from(privateRooms)
    .where(
      and(
        eq(privateRooms.id, access.privateRoomId),
        eq(privateRooms.salaId, room.id),
        eq(privateRooms.isActive, true),
      ),
    );
  if (!link) throw notFound();
}
