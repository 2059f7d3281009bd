import { skipToken, useQuery } from '@tanstack/react-query';
import { verifyProof, type DrawProof } from '@sorteio/shared';
import { drawKeys } from '../api/draw-keys';

/**
 * Re-runs every check of the protocol in this browser with the shared verifier, on the proof as
 * received: the page never takes the server's word for the result. The key holds the whole proof,
 * so any change to it is verified anew.
 */
export function useProofVerification(proof: DrawProof | undefined) {
  return useQuery({
    queryKey: [...drawKeys.all, 'verification', proof ?? null] as const,
    queryFn: proof ? () => verifyProof(proof) : skipToken,
    staleTime: Infinity,
    // A failure here is local (no WebCrypto on a page served without HTTPS): retrying cannot help.
    retry: false,
  });
}
