import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ProfilePrivacyInput, profileSchema } from '@sorteio/shared/account';
import { api } from '@/lib/api-client';
import { profileKeys } from './profile-keys';

/** PUT /api/profile/privacy: how the player appears on /ganhadores. */
export function useUpdatePrivacy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProfilePrivacyInput) =>
      api('/api/profile/privacy', { method: 'PUT', body: input, schema: profileSchema }),
    onSuccess: (data) => queryClient.setQueryData(profileKeys.detail(), data),
  });
}
