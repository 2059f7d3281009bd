import { queryOptions, useQuery } from '@tanstack/react-query';
import { statementEntrySchema, type StatementEntry } from '@sorteio/shared';
import { api } from '@/lib/api-client';
import { walletKeys } from './wallet-keys';

const statementSchema = statementEntrySchema.array();

/** GET /api/wallet/statement: every movement of both balances, newest first. */
export function listStatement(options: { signal?: AbortSignal } = {}): Promise<StatementEntry[]> {
  return api('/api/wallet/statement', { schema: statementSchema, ...options });
}

export function statementQueryOptions() {
  return queryOptions({
    queryKey: walletKeys.statement(),
    queryFn: ({ signal }) => listStatement({ signal }),
  });
}

export function useStatement() {
  return useQuery(statementQueryOptions());
}
