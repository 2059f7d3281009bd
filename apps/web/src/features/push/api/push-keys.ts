/** Query keys of this device's web push (TkDodo's key factories). */
export const pushKeys = {
  all: ['push'] as const,
  publicKey: () => [...pushKeys.all, 'public-key'] as const,
  device: () => [...pushKeys.all, 'device'] as const,
};
