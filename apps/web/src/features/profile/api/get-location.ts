import { queryOptions, useQuery } from '@tanstack/react-query';
import { locationSchema, type Location } from '@sorteio/shared';
import { api } from '@/lib/api-client';
import { profileKeys } from './profile-keys';

/** GET /api/profile/location: where the current request comes from (offline GeoIP). */
export function getLocation(options: { signal?: AbortSignal } = {}): Promise<Location> {
  return api('/api/profile/location', { schema: locationSchema, ...options });
}

export function locationQueryOptions() {
  return queryOptions({
    queryKey: profileKeys.location(),
    queryFn: ({ signal }) => getLocation({ signal }),
  });
}

export function useLocationInfo() {
  return useQuery(locationQueryOptions());
}
