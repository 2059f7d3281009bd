/**
 * The draw protocol, versions 1 and 2 (DESIGN.md section 5; v2 binds the draw to a drand beacon
 * round and publishes the time the entrants were frozen). A public contract: third parties verify draws
 * with it, so it changes only by a new version number. Pure code on WebCrypto: it runs unchanged in
 * Node (the server draws) and in the browser (the transparency page verifies, with draw-verify.ts).
 */
import { z } from 'zod';

export const DRAW_PROTOCOL_VERSION = 'v1';
export const DRAW_PROTOCOL_VERSIONS = ['v1', 'v2'] as const;
export type DrawProtocolVersion = (typeof DRAW_PROTOCOL_VERSIONS)[number];

/** The drand chain a v2 draw's beacon round comes from (drand's /info, kept with the draw). */
export interface BeaconChain {
  /** The chain hash, lowercase hex. */
  hash: string;
  /** The chain's BLS public key (G2, compressed), lowercase hex. */
  public_key: string;
  /** Seconds between rounds. */
  period: number;
  /** Unix time (seconds) of round 1. */
  genesis_time: number;
  scheme: string;
}

/** Unix time in milliseconds at which `round` is produced: genesis + (round - 1) * period. */
export function beaconRoundTimeMs(
  chain: Pick<BeaconChain, 'period' | 'genesis_time'>,
  round: number,
): number {
  return (chain.genesis_time + (round - 1) * chain.period) * 1000;
}

/** The first round produced strictly after `afterMs` (the entrants' freeze time). */
export function firstBeaconRoundAfter(
  chain: Pick<BeaconChain, 'period' | 'genesis_time'>,
  afterMs: number,
): number {
  const elapsed = afterMs - chain.genesis_time * 1000;
  if (elapsed < 0) return 1;
  return Math.floor(elapsed / (chain.period * 1000)) + 2;
}

const encoder = new TextEncoder();

function subtle() {
  const c = globalThis.crypto;
  if (!c?.subtle) throw new Error('WebCrypto is not available');
  return c.subtle;
}

export function toHex(bytes: ArrayBuffer | Uint8Array): string {
  const view = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  let out = '';
  for (const b of view) out += b.toString(16).padStart(2, '0');
  return out;
}

export function fromHex(hex: string): Uint8Array<ArrayBuffer> {
  if (!/^(?:[0-9a-f]{2})*$/.test(hex)) throw new Error('not lowercase hex');
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i += 1) out[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

export async function sha256Hex(data: Uint8Array<ArrayBuffer> | string): Promise<string> {
  const bytes = typeof data === 'string' ? encoder.encode(data) : data;
  return toHex(await subtle().digest('SHA-256', bytes));
}

async function hmacSha256(key: Uint8Array<ArrayBuffer>, message: string): Promise<Uint8Array> {
  const k = await subtle().importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);
  return new Uint8Array(await subtle().sign('HMAC', k, encoder.encode(message)));
}

/** Step 1: commitment = hex SHA-256 of the 32 raw seed bytes. */
export function commitmentOf(seedHex: string): Promise<string> {
  return sha256Hex(fromHex(seedHex));
}

/** Step 2: entrants sorted ascending by UTF-16 code units (JavaScript's default sort). */
export function sortEntrants(luckyNumbers: readonly string[]): string[] {
  return [...luckyNumbers].sort();
}

/** Step 2: entrants_digest = hex SHA-256 of the UTF-8 bytes of entrants.join("\n"). */
export function entrantsDigest(entrants: readonly string[]): Promise<string> {
  return sha256Hex(entrants.join('\n'));
}

const TWO_64 = 1n << 64n;

/**
 * Step 4: the winner index by rejection sampling over HMAC-SHA256 blocks, so every index is equally
 * likely (no modulo bias).
 */
export async function winnerIndex(input: {
  seedHex: string;
  roomId: string;
  entrantsDigest: string;
  beacon: string;
  n: number;
  version?: DrawProtocolVersion;
}): Promise<number> {
  const { n } = input;
  if (!Number.isInteger(n) || n < 1) throw new Error('a draw needs at least one entrant');
  const seed = fromHex(input.seedHex);
  const bigN = BigInt(n);
  const limit = TWO_64 - (TWO_64 % bigN);
  for (let c = 0; ; c += 1) {
    const block = await hmacSha256(
      seed,
      `${input.version ?? 'v1'}:${input.roomId}:${input.entrantsDigest}:${input.beacon}:${c}`,
    );
    let x = 0n;
    for (let i = 0; i < 8; i += 1) x = (x << 8n) | BigInt(block[i]!);
    if (x < limit) return Number(x % bigN);
  }
}

/** v2's beacon binding: the freeze time and the round, sealed into hash_prova. */
export interface BeaconBinding {
  /** ISO 8601 (UTC, milliseconds) of the moment the entrant list was frozen. */
  entrantsFrozenAt: string;
  round: number;
}

/**
 * Step 6: hash_prova. v1 seals room, commitment, seed, digest, beacon, index and number; v2 also
 * seals the freeze time and the beacon round, between the digest and the beacon.
 */
export function proofHash(p: {
  roomId: string;
  commitment: string;
  seedHex: string;
  entrantsDigest: string;
  beacon: string;
  winnerIndex: number;
  winningNumber: string;
  binding?: BeaconBinding | undefined;
}): Promise<string> {
  if (p.binding)
    return sha256Hex(
      `v2|${p.roomId}|${p.commitment}|${p.seedHex}|${p.entrantsDigest}|${p.binding.entrantsFrozenAt}|${p.binding.round}|${p.beacon}|${p.winnerIndex}|${p.winningNumber}`,
    );
  return sha256Hex(
    `v1|${p.roomId}|${p.commitment}|${p.seedHex}|${p.entrantsDigest}|${p.beacon}|${p.winnerIndex}|${p.winningNumber}`,
  );
}

export interface DrawResult {
  entrants: string[];
  entrantsDigest: string;
  winnerIndex: number;
  winningNumber: string;
  hashProva: string;
}

/** Runs steps 2 to 6 for a room whose seed and commitment were published at creation. */
export async function runDraw(input: {
  seedHex: string;
  commitment: string;
  roomId: string;
  luckyNumbers: readonly string[];
  beacon?: string;
  /** Protocol v2: the beacon round's randomness is `beacon`, bound to this freeze time and round. */
  binding?: BeaconBinding;
}): Promise<DrawResult> {
  const beacon = input.beacon ?? '';
  const version: DrawProtocolVersion = input.binding ? 'v2' : 'v1';
  if (version === 'v2' && !/^[0-9a-f]{64}$/.test(beacon))
    throw new Error('a v2 draw needs the beacon randomness');
  const entrants = sortEntrants(input.luckyNumbers);
  if (new Set(entrants).size !== entrants.length)
    throw new Error('lucky numbers must be unique in a room');
  const digest = await entrantsDigest(entrants);
  const index = await winnerIndex({
    seedHex: input.seedHex,
    roomId: input.roomId,
    entrantsDigest: digest,
    beacon,
    n: entrants.length,
    version,
  });
  const winningNumber = entrants[index]!;
  const hashProva = await proofHash({
    roomId: input.roomId,
    commitment: input.commitment,
    seedHex: input.seedHex,
    entrantsDigest: digest,
    beacon,
    winnerIndex: index,
    winningNumber,
    binding: input.binding,
  });
  return { entrants, entrantsDigest: digest, winnerIndex: index, winningNumber, hashProva };
}

/** GET /api/draws (public, newest first). */
export const drawSummarySchema = z.object({
  id: z.string(),
  roomId: z.string(),
  tipoSala: z.string(),
  numeroVencedor: z.string(),
  hashProva: z.string(),
  timestampSorteio: z.string(),
  valorPremioLiquido: z.number().int(),
  participantes: z.number().int(),
  vencedorPrimeiroNome: z.string(),
  statusPagamentoPremio: z.enum(['pendente', 'confirmado']),
});
export type DrawSummary = z.infer<typeof drawSummarySchema>;
export const drawListSchema = z.object({
  items: z.array(drawSummarySchema),
  nextCursor: z.string().nullable(),
});
export const drawListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  /** Opaque: the nextCursor of the previous page. */
  cursor: z
    .string()
    .regex(
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,6})?Z_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
      { error: 'Cursor inválido.' },
    )
    .refine((v) => !Number.isNaN(Date.parse(v.slice(0, v.indexOf('_')))), {
      error: 'Cursor inválido.',
    })
    .optional(),
});
