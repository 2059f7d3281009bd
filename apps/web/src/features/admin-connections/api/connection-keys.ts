export const connectionKeys = {
  all: ['admin', 'connections'] as const,
  list: () => [...connectionKeys.all, 'list'] as const,
  deliveries: (id: string) => [...connectionKeys.all, 'deliveries', id] as const,
};
