import { useMutation, useQueryClient } from '@tanstack/react-query';
import { profileSchema, type Profile, type UpdateProfileInput } from '@sorteio/shared';
import { api } from '@/lib/api-client';
import { profileKeys } from './profile-keys';

/** PUT /api/profile: answers the saved profile. */
export function updateProfile(input: UpdateProfileInput): Promise<Profile> {
  return api('/api/profile', { method: 'PUT', body: input, schema: profileSchema });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (profile) => {
      queryClient.setQueryData(profileKeys.detail(), profile);
      void queryClient.invalidateQueries({ queryKey: profileKeys.securityLogs() });
    },
  });
}
