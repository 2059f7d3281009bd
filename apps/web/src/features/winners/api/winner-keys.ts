/**
 * Query keys of the public winners page. Under 'draws' so a live 'draw' message (a new winner)
 * refetches them like the other draw pages.
 */
export const winnerKeys = {
  all: ['draws', 'winners'] as const,
  recent: () => [...winnerKeys.all, 'recent'] as const,
  rankings: (month: string | undefined) =>
    [...winnerKeys.all, 'rankings', month ?? 'current'] as const,
};
