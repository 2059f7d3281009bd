import { useMutation, useQueryClient } from '@tanstack/react-query';
import { referralAdminSchema, type UpdateReferralSettingsInput } from '@sorteio/shared';
import { api } from '@/lib/api-client';
import { referralAdminKey } from './referral-keys';

/** PUT /api/admin/referrals: the program on or off, the bonus (audited on the server). */
export function useUpdateReferralSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateReferralSettingsInput) =>
      api('/api/admin/referrals', { method: 'PUT', body: input, schema: referralAdminSchema }),
    onSuccess: (data) => queryClient.setQueryData(referralAdminKey, data),
  });
}
