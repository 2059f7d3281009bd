export const settingsKeys = {
  all: ['admin', 'settings'] as const,
  channels: ['admin', 'settings', 'channels'] as const,
};
