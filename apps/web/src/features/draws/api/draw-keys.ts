/** Query keys of the public draw pages (DESIGN.md section 5). */
export const drawKeys = {
  all: ['draws'] as const,
  lists: () => [...drawKeys.all, 'list'] as const,
  list: (limit: number) => [...drawKeys.lists(), { limit }] as const,
  proofs: () => [...drawKeys.all, 'proof'] as const,
  proof: (id: string) => [...drawKeys.proofs(), id] as const,
  /** A room's draw: under 'draws' so both 'draw' and 'payout' live messages refetch it. */
  room: (roomId: string) => [...drawKeys.all, 'room', roomId] as const,
  /** The signed-in player's seat in a drawn room (the proof's link to the room). */
  mySeat: (roomId: string, userId: string) => [...drawKeys.all, 'my-seat', roomId, userId] as const,
};
