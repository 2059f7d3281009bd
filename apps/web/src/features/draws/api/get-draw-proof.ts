import { queryOptions, useQuery } from '@tanstack/react-query';
import { drawProofSchema, type DrawProof } from '@sorteio/shared';
import { api } from '@/lib/api-client';
import { drawKeys } from './draw-keys';

/** The address of a draw's proof; also what the page's download button saves. */
export function drawProofUrl(id: string): string {
  return `/api/draws/${encodeURIComponent(id)}/proof`;
}

/** GET /api/draws/:id/proof (public): everything needed to re-run the draw (404 when unknown). */
export function getDrawProof(
  id: string,
  options: { signal?: AbortSignal } = {},
): Promise<DrawProof> {
  return api(drawProofUrl(id), { schema: drawProofSchema, ...options });
}

export function drawProofQueryOptions(id: string) {
  return queryOptions({
    queryKey: drawKeys.proof(id),
    queryFn: ({ signal }) => getDrawProof(id, { signal }),
    // A published proof never changes.
    staleTime: Infinity,
  });
}

export function useDrawProof(id: string) {
  return useQuery(drawProofQueryOptions(id));
}
