import { roomTypeLabel, type Room } from '@sorteio/shared';
import { rememberRoomToReturn } from '@/lib/return-to-room';

/** Where the room is, so the player can be brought back to it after the verification. */
export function rememberRoom(room: Room) {
  rememberRoomToReturn({
    path: `/participate?sala_id=${encodeURIComponent(room.id)}`,
    name: `Sala ${roomTypeLabel(room.tipoSala)}`,
  });
}
