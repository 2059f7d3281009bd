import { queryOptions, useQuery } from '@tanstack/react-query';
import { referralAdminSchema, type ReferralAdmin } from '@sorteio/shared';
import { api } from '@/lib/api-client';
import { referralAdminKey } from './referral-keys';

export function referralAdminQueryOptions() {
  return queryOptions({
    queryKey: referralAdminKey,
    queryFn: ({ signal }): Promise<ReferralAdmin> =>
      api('/api/admin/referrals', { schema: referralAdminSchema, signal }),
  });
}

export function useReferralAdmin() {
  return useQuery(referralAdminQueryOptions());
}
