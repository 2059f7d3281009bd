import { readStored, writeStored } from '@/lib/storage';

/**
 * The room a player tried to join before their identity was verified. Joining is refused until
 * the verification is approved; after that the player is offered the way back to that room.
 * Kept for the browser session only (sessionStorage): a convenience, never a permission.
 */
export const RETURN_TO_ROOM_KEY = 'sorteio:return-to-room';

export interface RoomToReturn {
  /** A path on this site, e.g. '/participate?sala_id=...'. */
  path: string;
  /** How the room is named to the player, e.g. 'Sala ouro'. */
  name: string;
}

/** One '/' then printable ASCII without a backslash: never '//host' nor control characters. */
const SAME_SITE_PATH = /^\/(?![/\\])[\x21-\x5b\x5d-\x7e]*$/;

function isLocalPath(path: unknown): path is string {
  return typeof path === 'string' && path.length <= 300 && SAME_SITE_PATH.test(path);
}

export function rememberRoomToReturn(room: RoomToReturn): void {
  if (!isLocalPath(room.path)) return;
  writeStored('session', RETURN_TO_ROOM_KEY, JSON.stringify(room));
}

export function roomToReturn(): RoomToReturn | null {
  const raw = readStored('session', RETURN_TO_ROOM_KEY);
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return null;
    const { path, name } = value as Record<string, unknown>;
    if (!isLocalPath(path)) return null;
    return { path, name: typeof name === 'string' && name ? name : 'Sala' };
  } catch {
    return null;
  }
}

export function forgetRoomToReturn(): void {
  writeStored('session', RETURN_TO_ROOM_KEY, null);
}
