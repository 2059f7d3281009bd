/**
 * Query keys of private rooms. Every key starts with 'private-rooms': a live {type:'chat'} message
 * invalidates that whole family (src/lib/realtime/live-updates.ts).
 */
export const privateRoomKeys = {
  all: ['private-rooms'] as const,
  mine: () => [...privateRoomKeys.all, 'mine'] as const,
  detail: (id: string) => [...privateRoomKeys.all, 'detail', id] as const,
  messages: (id: string) => [...privateRoomKeys.all, 'messages', id] as const,
  byCode: (code: string, userId: string | null) =>
    [...privateRoomKeys.all, 'by-code', code, userId] as const,
  invite: (inviteCode: string) => [...privateRoomKeys.all, 'invite', inviteCode] as const,
  charge: (txid: string) => [...privateRoomKeys.all, 'charge', txid] as const,
};
