/**
 * Verifying a draw of the protocol in draw-protocol.ts (DESIGN.md section 5): the published proof
 * (GET /api/draws/:id/proof) and verifyProof, which re-runs every step over it. A public contract
 * like the protocol itself, on WebCrypto: the transparency page runs it in the browser.
 */
import { z } from 'zod';
import {
  commitmentOf,
  entrantsDigest,
  firstBeaconRoundAfter,
  proofHash,
  sortEntrants,
  winnerIndex,
} from './draw-protocol';

const proofFieldsV1 = {
  room_id: z.string(),
  commitment: z.string(),
  commitment_published_at: z.string(),
  seed: z.string(),
  entrants: z.array(z.string()),
  entrants_digest: z.string(),
  beacon: z.string(),
  beacon_round: z.number().int().nullable(),
  winner_index: z.number().int(),
  winning_number: z.string(),
  hash_prova: z.string(),
  drawn_at: z.string(),
};

export const beaconChainSchema = z.object({
  hash: z.string(),
  public_key: z.string(),
  period: z.number().int().positive(),
  genesis_time: z.number().int(),
  scheme: z.string(),
});

export const drawProofV1Schema = z.object({ version: z.literal('v1'), ...proofFieldsV1 });
export const drawProofV2Schema = z.object({
  version: z.literal('v2'),
  ...proofFieldsV1,
  beacon_round: z.number().int(),
  /** When the entrant list was frozen: the beacon round must be the first one after it. */
  entrants_frozen_at: z.string(),
  /** The round's BLS signature (G1, compressed), lowercase hex. */
  beacon_signature: z.string(),
  beacon_chain: beaconChainSchema,
});
/** GET /api/draws/:id/proof (public). */
export const drawProofSchema = z.discriminatedUnion('version', [
  drawProofV1Schema,
  drawProofV2Schema,
]);
export type DrawProof = z.infer<typeof drawProofSchema>;
export type DrawProofV2 = z.infer<typeof drawProofV2Schema>;

export type VerificationCheck =
  | 'commitment'
  | 'published_before_draw'
  | 'entrants_sorted'
  | 'entrants_digest'
  | 'winner_index'
  | 'winning_number'
  | 'hash_prova'
  | 'beacon_after_freeze'
  | 'beacon_signature'
  | 'beacon_randomness';

export interface VerificationReport {
  ok: boolean;
  checks: { check: VerificationCheck; ok: boolean; expected: string; actual: string }[];
}

/** Re-runs every step of the protocol over a published proof; each check passes or fails. */
export async function verifyProof(proof: DrawProof): Promise<VerificationReport> {
  const checks: VerificationReport['checks'] = [];
  const add = (check: VerificationCheck, expected: string, actual: string) =>
    checks.push({ check, ok: expected === actual, expected, actual });
  const lowerHex64 = /^[0-9a-f]{64}$/;
  const seedOk = lowerHex64.test(proof.seed);
  add('commitment', proof.commitment, seedOk ? await commitmentOf(proof.seed) : 'semente inválida');
  add(
    'published_before_draw',
    'true',
    String(Date.parse(proof.commitment_published_at) <= Date.parse(proof.drawn_at)),
  );
  const sorted = sortEntrants(proof.entrants);
  add('entrants_sorted', sorted.join('\n'), proof.entrants.join('\n'));
  const digest = await entrantsDigest(proof.entrants);
  add('entrants_digest', proof.entrants_digest, digest);
  const index =
    seedOk && proof.entrants.length > 0
      ? await winnerIndex({
          seedHex: proof.seed,
          roomId: proof.room_id,
          entrantsDigest: digest,
          beacon: proof.beacon,
          n: proof.entrants.length,
          version: proof.version,
        })
      : -1;
  add('winner_index', String(proof.winner_index), String(index));
  add('winning_number', proof.winning_number, proof.entrants[index] ?? '');
  add(
    'hash_prova',
    proof.hash_prova,
    await proofHash({
      roomId: proof.room_id,
      commitment: proof.commitment,
      seedHex: proof.seed,
      entrantsDigest: digest,
      beacon: proof.beacon,
      winnerIndex: index,
      winningNumber: proof.entrants[index] ?? '',
      binding:
        proof.version === 'v2'
          ? { entrantsFrozenAt: proof.entrants_frozen_at, round: proof.beacon_round }
          : undefined,
    }),
  );
  if (proof.version === 'v2') await addBeaconChecks(proof, add);
  return { ok: checks.every((c) => c.ok), checks };
}

/**
 * v2: the round is the first one produced strictly after the freeze (which is not after the draw),
 * its BLS signature is the chain's, and the beacon is sha256 of that signature. The BLS code is
 * loaded only here (a dynamic import: the browser fetches it for v2 proofs only).
 */
async function addBeaconChecks(
  proof: DrawProofV2,
  add: (check: VerificationCheck, expected: string, actual: string) => void,
) {
  const frozenAt = Date.parse(proof.entrants_frozen_at);
  const chain = proof.beacon_chain;
  const expectedRound = Number.isNaN(frozenAt) ? -1 : firstBeaconRoundAfter(chain, frozenAt);
  const frozenBeforeDraw = !Number.isNaN(frozenAt) && frozenAt <= Date.parse(proof.drawn_at);
  add(
    'beacon_after_freeze',
    `rodada ${expectedRound}`,
    frozenBeforeDraw ? `rodada ${proof.beacon_round}` : 'congelamento depois do sorteio',
  );
  const drand = await import('./drand');
  add(
    'beacon_signature',
    'assinatura válida',
    drand.verifyRoundSignature({
      publicKeyHex: chain.public_key,
      round: proof.beacon_round,
      signatureHex: proof.beacon_signature,
    })
      ? 'assinatura válida'
      : 'assinatura inválida',
  );
  let randomness = 'assinatura inválida';
  try {
    randomness = drand.randomnessOf(proof.beacon_signature);
  } catch {
    // not hex: the check fails with the text above
  }
  add('beacon_randomness', proof.beacon, randomness);
}

/** Portuguese labels of each check for the verification page. */
export const verificationCheckLabels: Record<VerificationCheck, string> = {
  commitment: 'A semente revelada corresponde ao compromisso publicado',
  published_before_draw: 'O compromisso foi publicado antes do sorteio',
  entrants_sorted: 'A lista de participantes está em ordem',
  entrants_digest: 'A lista de participantes corresponde ao resumo (digest)',
  winner_index: 'A posição do vencedor foi calculada corretamente',
  winning_number: 'O número vencedor é o da posição sorteada',
  hash_prova: 'O hash de prova confere',
  beacon_after_freeze: 'A rodada do beacon é a primeira depois do congelamento da lista',
  beacon_signature: 'A assinatura da rodada do beacon (drand) é válida',
  beacon_randomness: 'O número do beacon vem dessa assinatura',
};
