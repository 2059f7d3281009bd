import type { TicketStatus } from '@sorteio/shared';

export const adminSupportKeys = {
  all: ['admin-support'] as const,
  list: (status: TicketStatus | 'todos') => [...adminSupportKeys.all, 'list', status] as const,
  detail: (id: string) => [...adminSupportKeys.all, 'detail', id] as const,
};

export const ticketPath = (id: string) => `/api/admin/support/tickets/${encodeURIComponent(id)}`;
