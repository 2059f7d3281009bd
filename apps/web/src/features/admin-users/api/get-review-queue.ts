import { useQuery } from '@tanstack/react-query';
import { reviewQueueSchema } from '@sorteio/shared';
import { api } from '@/lib/api-client';
import { adminUserKeys, type ReviewStatus } from './admin-user-keys';

/** GET /api/admin/verifications?status=: the identity review queue (oldest first). */
export function useReviewQueue(status: ReviewStatus, enabled = true) {
  return useQuery({
    queryKey: adminUserKeys.reviews(status),
    queryFn: ({ signal }) =>
      api(`/api/admin/verifications?status=${status}`, { schema: reviewQueueSchema, signal }),
    enabled,
  });
}
