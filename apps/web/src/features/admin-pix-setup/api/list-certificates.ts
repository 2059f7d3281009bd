import { useQuery } from '@tanstack/react-query';
import { certificateListSchema } from '@sorteio/shared';
import { api } from '@/lib/api-client';
import { pixConfigKeys } from './pix-config-keys';

/** GET /api/admin/pix/certificates: every uploaded certificate and the counters by status. */
export function useCertificates() {
  return useQuery({
    queryKey: pixConfigKeys.certificates,
    queryFn: ({ signal }) =>
      api('/api/admin/pix/certificates', { schema: certificateListSchema, signal }),
  });
}
