import { useMutation } from '@tanstack/react-query';
import { diagnosticsReportSchema } from '@sorteio/shared';
import { api } from '@/lib/api-client';

/** POST /api/admin/diagnostics: the self-test behind 'Diagnóstico'. */
export function useRunDiagnostics() {
  return useMutation({
    mutationFn: () =>
      api('/api/admin/diagnostics', { method: 'POST', schema: diagnosticsReportSchema }),
    retry: false,
  });
}
