import { useMutation, useQueryClient } from '@tanstack/react-query';
import { certificateListSchema } from '@sorteio/shared';
import { api } from '@/lib/api-client';
import { pixConfigKeys } from './pix-config-keys';

export function useDeleteCertificate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api(`/api/admin/pix/certificates/${id}`, { method: 'DELETE', schema: certificateListSchema }),
    onSuccess: (list) => queryClient.setQueryData(pixConfigKeys.certificates, list),
  });
}
