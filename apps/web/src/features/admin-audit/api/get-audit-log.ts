import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { auditListSchema } from '@sorteio/shared';
import { api } from '@/lib/api-client';

/** The filters of GET /api/admin/audit (auditListQuerySchema); an empty one is left out. */
export interface AuditFilters {
  /** Staff member: id, or part of the e-mail. */
  actor?: string | undefined;
  /** Action code or its prefix ("room." for every room action). */
  action?: string | undefined;
  /** Target type ("room", "user"...) or the exact id of the target. */
  target?: string | undefined;
  /** yyyy-mm-dd, Brasília days, both ends included. */
  from?: string | undefined;
  to?: string | undefined;
}

export interface AuditQuery extends AuditFilters {
  page: number;
}

export const auditKeys = {
  all: ['admin', 'audit'] as const,
  list: (query: AuditQuery) => [...auditKeys.all, 'list', query] as const,
};

/** The query string the server accepts: only the filters in use, page when not the first. */
export function auditSearchParams(query: AuditQuery): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of ['actor', 'action', 'target', 'from', 'to'] as const) {
    const value = query[key]?.trim();
    if (value) params.set(key, value);
  }
  if (query.page !== 1) params.set('page', String(query.page));
  return params;
}

/** GET /api/admin/audit: newest first, 50 per page. */
export function auditQueryOptions(query: AuditQuery) {
  const qs = auditSearchParams(query).toString();
  return queryOptions({
    queryKey: auditKeys.list(query),
    queryFn: ({ signal }) =>
      api(`/api/admin/audit${qs ? `?${qs}` : ''}`, { schema: auditListSchema, signal }),
    placeholderData: keepPreviousData,
  });
}
export const useAuditLog = (query: AuditQuery) => useQuery(auditQueryOptions(query));
