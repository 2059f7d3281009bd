import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type CertificateList, certificateRefreshResultSchema } from '@sorteio/shared';
import { api } from '@/lib/api-client';
import { pixConfigKeys } from './pix-config-keys';

/** 'Atualizar status': the server re-opens each certificate and re-reads its validity. */
export function useRefreshCertificates() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api('/api/admin/pix/certificates/refresh', {
        method: 'POST',
        schema: certificateRefreshResultSchema,
      }),
    onSuccess: (result) => {
      queryClient.setQueryData<CertificateList>(pixConfigKeys.certificates, {
        items: result.items,
        counts: result.counts,
      });
      void queryClient.invalidateQueries({ queryKey: pixConfigKeys.all });
    },
  });
}
