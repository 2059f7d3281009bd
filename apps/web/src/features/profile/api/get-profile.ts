import { queryOptions, useQuery } from '@tanstack/react-query';
import { profileSchema, type Profile } from '@sorteio/shared/account';
import { api } from '@/lib/api-client';
import { profileKeys } from './profile-keys';

/** GET /api/profile */
export function getProfile(options: { signal?: AbortSignal } = {}): Promise<Profile> {
  return api('/api/profile', { schema: profileSchema, ...options });
}

export function profileQueryOptions() {
  return queryOptions({
    queryKey: profileKeys.detail(),
    queryFn: ({ signal }) => getProfile({ signal }),
  });
}

export function useProfile() {
  return useQuery(profileQueryOptions());
}
