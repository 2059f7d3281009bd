export const staffSessionKeys = {
  all: ['admin', 'staff-sessions'] as const,
  list: () => [...staffSessionKeys.all, 'list'] as const,
};
