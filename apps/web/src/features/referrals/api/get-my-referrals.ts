import { queryOptions, useQuery } from '@tanstack/react-query';
import { myReferralsSchema, type MyReferrals } from '@sorteio/shared';
import { api } from '@/lib/api-client';

export const referralKeys = {
  all: ['referrals'] as const,
  mine: () => [...referralKeys.all, 'me'] as const,
  admin: () => [...referralKeys.all, 'admin'] as const,
};

/** GET /api/referrals/me: the invite link, how many joined and what it earned. */
export function getMyReferrals(options: { signal?: AbortSignal } = {}): Promise<MyReferrals> {
  return api('/api/referrals/me', { schema: myReferralsSchema, ...options });
}

export function myReferralsQueryOptions() {
  return queryOptions({
    queryKey: referralKeys.mine(),
    queryFn: ({ signal }) => getMyReferrals({ signal }),
  });
}

export function useMyReferrals() {
  return useQuery(myReferralsQueryOptions());
}
