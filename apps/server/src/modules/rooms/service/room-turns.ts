/** What this process keeps in memory about rooms being joined: each room's turn, rooms closed for good. */
import { isPrivateRoomType } from './seat-access';

/**
 * Joins of one room in this process wait their turn here, in memory, rather than on pooled
 * connections blocked on the room's row lock (a hot room's crowd would hold every connection and
 * starve every other request). The row lock still orders joins across server copies.
 */
const roomQueues = new Map<string, Promise<unknown>>();

export function inRoomQueue<T>(roomId: string, work: () => Promise<T>): Promise<T> {
  const previous = roomQueues.get(roomId) ?? Promise.resolve();
  const run = previous.then(work, work);
  const tail = run.then(
    () => undefined,
    () => undefined,
  );
  roomQueues.set(roomId, tail);
  void tail.then(() => {
    if (roomQueues.get(roomId) === tail) roomQueues.delete(roomId);
  });
  return run;
}

/**
 * Public rooms this process has seen past their open life (drawing, drawn, finished, cancelled):
 * no path ever opens such a room again (an administrator opens or closes only 'aberta' and
 * 'fechada' rooms), so a join of one is refused without the database.
 */
const closedForGood = new Set<string>();
const FINAL_STATUSES = new Set(['sorteando', 'sorteada', 'finalizada', 'cancelada']);

export function rememberStatus(roomId: string, tipoSala: string | null, status: string | null) {
  if (!status || !FINAL_STATUSES.has(status) || (tipoSala && isPrivateRoomType(tipoSala))) return;
  if (closedForGood.size >= 10_000) closedForGood.clear();
  closedForGood.add(roomId);
}

export const isClosedForGood = (roomId: string) => closedForGood.has(roomId);
