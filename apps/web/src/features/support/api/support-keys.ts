/** Query keys of the support centre. */
export const supportKeys = {
  all: ['support'] as const,
  tickets: (userId: string) => [...supportKeys.all, 'tickets', userId] as const,
};
