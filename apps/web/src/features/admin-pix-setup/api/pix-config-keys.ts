export const pixConfigKeys = {
  all: ['admin', 'pix-config'] as const,
  certificates: ['admin', 'pix-certificates'] as const,
};
