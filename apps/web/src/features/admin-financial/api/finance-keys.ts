import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

export const financeKeys = { all: ['admin', 'finance'] as const };
const key = (name: string) => [...financeKeys.all, name] as const;

/** One read of the 'Financeiro' tab, cached under the finance keys. */
export const useFinanceQuery = <S extends z.ZodType>(name: string, path: string, schema: S) =>
  useQuery({ queryKey: key(name), queryFn: ({ signal }) => api(path, { schema, signal }) });

export function useFinanceMutation<I, O>(fn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    retry: false,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: financeKeys.all }),
  });
}
