import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  referralAdminSchema,
  type ReferralAdmin,
  type UpdateReferralSettingsInput,
} from '@sorteio/shared';
import { api } from '@/lib/api-client';

const referralAdminKey = ['admin', 'referrals'] as const;

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

/** PUT /api/admin/referrals: the program on or off, the bonus (audited on the server). */
export function useUpdateReferralSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateReferralSettingsInput) =>
      api('/api/admin/referrals', { method: 'PUT', body: input, schema: referralAdminSchema }),
    onSuccess: (data) => queryClient.setQueryData(referralAdminKey, data),
  });
}
