import { queryOptions, useQuery } from '@tanstack/react-query';
import { verificationSchema, type Verification } from '@sorteio/shared/account';
import { api } from '@/lib/api-client';
import { profileKeys } from './profile-keys';

/** GET /api/profile/verification */
export function getVerification(options: { signal?: AbortSignal } = {}): Promise<Verification> {
  return api('/api/profile/verification', { schema: verificationSchema, ...options });
}

export function verificationQueryOptions() {
  return queryOptions({
    queryKey: profileKeys.verification(),
    queryFn: ({ signal }) => getVerification({ signal }),
    // A reviewer may decide while the page is open.
    staleTime: 30_000,
    // While the automated checks run, follow their progress.
    refetchInterval: (query) => {
      const state = query.state.data?.analise?.state;
      return state === 'na_fila' || state === 'em_andamento' ? 1500 : false;
    },
  });
}

export function useVerification() {
  return useQuery(verificationQueryOptions());
}

/** The image the owner sent (GET /api/profile/verification/files/:kind); `version` busts caches. */
export function verificationFileUrl(kind: 'documento' | 'selfie', version: string | null): string {
  const base = `/api/profile/verification/files/${kind}`;
  return version ? `${base}?v=${encodeURIComponent(version)}` : base;
}
