import { queryOptions, useQuery } from '@tanstack/react-query';
import { securityLogSchema, type SecurityLog } from '@sorteio/shared';
import { api } from '@/lib/api-client';
import { profileKeys } from './profile-keys';

/** Spec 000 section 9: the last 20 events. */
export const SECURITY_LOG_LIMIT = 20;

const listSchema = securityLogSchema.array();

/** Events without a (valid) date sort last; equal times keep the server's order. */
function timeOf(log: SecurityLog): number {
  const time = log.timestamp ? Date.parse(log.timestamp) : Number.NaN;
  return Number.isNaN(time) ? 0 : time;
}

/** GET /api/profile/security-logs, newest first (events without a date last). */
export async function listSecurityLogs(
  options: { signal?: AbortSignal } = {},
): Promise<SecurityLog[]> {
  const logs = await api('/api/profile/security-logs', { schema: listSchema, ...options });
  return [...logs].sort((a, b) => timeOf(b) - timeOf(a)).slice(0, SECURITY_LOG_LIMIT);
}

export function securityLogsQueryOptions() {
  return queryOptions({
    queryKey: profileKeys.securityLogs(),
    queryFn: ({ signal }) => listSecurityLogs({ signal }),
    staleTime: 0,
  });
}

export function useSecurityLogs() {
  return useQuery(securityLogsQueryOptions());
}
