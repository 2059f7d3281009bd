/**
 * The drand client: fetches one round from the documented HTTP API
 * (GET {DRAND_URL}/{chain hash}/public/{round}) and verifies it against the pinned chain before
 * any draw uses it (docs/decisions/024-drand-beacon.md).
 */
import type { BeaconChain } from '@sorteio/shared';
import { type BeaconRound, verifyBeaconRound } from '@sorteio/shared/drand';
import { z } from 'zod';
import type { Config } from '../../config';

export type BeaconConfig = NonNullable<Config['beacon']>;

/** Why a round could not be used; `notYet` = the network has not produced it (retry at once). */
export class BeaconError extends Error {
  constructor(
    message: string,
    readonly notYet = false,
  ) {
    super(message);
    this.name = 'BeaconError';
  }
}

const roundSchema = z.object({
  round: z.number().int(),
  randomness: z.string().regex(/^[0-9a-f]{64}$/),
  signature: z.string().regex(/^[0-9a-f]+$/),
});

/** Fetches `round` and returns it only when its signature verifies under `chain`'s public key. */
export async function fetchBeaconRound(
  beacon: Pick<BeaconConfig, 'url' | 'timeoutMs'>,
  chain: BeaconChain,
  round: number,
): Promise<BeaconRound> {
  const url = `${beacon.url}/${chain.hash}/public/${round}`;
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(beacon.timeoutMs),
    });
  } catch (error) {
    const reason = error instanceof Error && error.name === 'TimeoutError' ? 'tempo esgotado' : '';
    throw new BeaconError(
      `Beacon público inacessível${reason ? ` (${reason})` : ''}: ${beacon.url}`,
    );
  }
  // drand answers 404 (or 425 on newer nodes) for a round it has not produced yet.
  if (response.status === 404 || response.status === 425)
    throw new BeaconError(`A rodada ${round} do beacon ainda não foi publicada.`, true);
  if (!response.ok) throw new BeaconError(`Beacon público respondeu HTTP ${response.status}.`);
  const parsed = roundSchema.safeParse(await response.json().catch(() => null));
  if (!parsed.success) throw new BeaconError('Resposta do beacon público em formato inválido.');
  const check = verifyBeaconRound(chain, round, parsed.data);
  if (!check.ok)
    throw new BeaconError(
      {
        round: `O beacon devolveu outra rodada (${parsed.data.round}) em vez da ${round}.`,
        signature: `A assinatura da rodada ${round} do beacon não confere com a chave pública configurada.`,
        randomness: `O número da rodada ${round} do beacon não corresponde à assinatura.`,
      }[check.problem],
    );
  return parsed.data;
}
