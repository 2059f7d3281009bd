/** Query keys of public rooms and the caller's seats (TkDodo's key factories). */
export const roomKeys = {
  all: ['rooms'] as const,
  open: () => [...roomKeys.all, 'open'] as const,
  detail: (id: string) => [...roomKeys.all, 'detail', id] as const,
  publicList: () => [...roomKeys.all, 'public'] as const,
  publicDetail: (id: string) => [...roomKeys.all, 'public', id] as const,
  myParticipation: (id: string) => [...roomKeys.all, 'my-participation', id] as const,
};
