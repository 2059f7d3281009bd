/** The identity module's public face for other modules: attestations, analysis, image cleaning. */
export { assertMayAttest, findAttestation, recordAttestation } from './attestation';
export { queuedAnalysis } from './analysis';
export type { IdentityQueue } from './identity-queue';
export { sanitizeImage } from './sanitize';
