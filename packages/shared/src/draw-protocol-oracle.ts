/**
 * The oracle and fixtures of the draw protocol tests (draw-protocol*.test.ts): an independent
 * implementation on node:crypto, the golden vectors, proofs and random rooms.
 */
import fc from 'fast-check';
import { commitmentOf, runDraw } from './draw-protocol';
import {
  type DrawProof,
  drawProofSchema,
  type VerificationCheck,
  type verifyProof,
} from './draw-verify';
import vectorFile from './draw-vectors.json';

/*
 * An independent implementation of DESIGN.md section 5 on node:crypto, the oracle of these tests.
 * It shares no code with draw-protocol.ts (which runs on WebCrypto). This package's tsconfig has no
 * Node types and its lint bans `node:*` imports so that shipped code stays browser-safe; this file
 * only runs in the Node test project (imported by the draw-protocol tests only), so it loads node:crypto at run time with minimal local types
 * instead of pulling Node's global types into the whole package.
 */
interface NodeBuffer extends Uint8Array {
  readBigUInt64BE(offset?: number): bigint;
  toString(encoding?: 'hex'): string;
}
interface NodeHashLike {
  update(data: string | Uint8Array, inputEncoding?: 'utf8'): NodeHashLike;
  digest(): NodeBuffer;
  digest(encoding: 'hex'): string;
}
interface NodeCrypto {
  createHash(algorithm: 'sha256'): NodeHashLike;
  createHmac(algorithm: 'sha256', key: Uint8Array): NodeHashLike;
}
interface NodeBufferModule {
  Buffer: { from(data: string, encoding: 'hex' | 'utf8'): NodeBuffer };
}
const nodeProcess = (
  globalThis as unknown as { process: { getBuiltinModule(id: string): unknown } }
).process;
const nodeCrypto = nodeProcess.getBuiltinModule('node:crypto') as NodeCrypto;
const { Buffer } = nodeProcess.getBuiltinModule('node:buffer') as NodeBufferModule;

export const TWO_64 = 1n << 64n;

export function oracleSha256Utf8(text: string): string {
  return nodeCrypto.createHash('sha256').update(text, 'utf8').digest('hex');
}

/** Ascending by UTF-16 code units, written out instead of relying on Array.prototype.sort. */
function oracleCompare(a: string, b: string): number {
  const len = Math.min(a.length, b.length);
  for (let i = 0; i < len; i += 1) {
    const d = a.charCodeAt(i) - b.charCodeAt(i);
    if (d !== 0) return d;
  }
  return a.length - b.length;
}

interface OracleBlock {
  c: number;
  message: string;
  hmac: string;
  x: string;
  accepted: boolean;
}

export function oracleWinnerIndex(seed: string, message: (c: number) => string, n: bigint) {
  const key = Buffer.from(seed, 'hex');
  const limit = TWO_64 - (TWO_64 % n);
  const blocks: OracleBlock[] = [];
  for (let c = 0; ; c += 1) {
    const block = nodeCrypto.createHmac('sha256', key).update(message(c), 'utf8').digest();
    const x = block.readBigUInt64BE(0);
    const accepted = x < limit;
    blocks.push({ c, message: message(c), hmac: block.toString('hex'), x: x.toString(), accepted });
    if (accepted) return { index: x % n, limit, blocks };
  }
}

export function oracleDraw(input: {
  seed: string;
  roomId: string;
  luckyNumbers: string[];
  beacon: string;
}) {
  const { seed, roomId, beacon } = input;
  const commitment = nodeCrypto.createHash('sha256').update(Buffer.from(seed, 'hex')).digest('hex');
  const entrants = [...input.luckyNumbers].sort(oracleCompare);
  const digest = oracleSha256Utf8(entrants.join('\n'));
  const { index, limit, blocks } = oracleWinnerIndex(
    seed,
    (c) => `v1:${roomId}:${digest}:${beacon}:${c}`,
    BigInt(entrants.length),
  );
  const winner = Number(index);
  const winningNumber = entrants[winner]!;
  const hashProva = oracleSha256Utf8(
    ['v1', roomId, commitment, seed, digest, beacon, String(winner), winningNumber].join('|'),
  );
  return { commitment, entrants, digest, limit, blocks, winner, winningNumber, hashProva };
}

export interface Vector {
  name: string;
  n: number;
  input: { seed: string; room_id: string; lucky_numbers: string[]; beacon: string };
  expected: {
    commitment: string;
    entrants: string[];
    entrants_digest: string;
    limit: string;
    blocks: OracleBlock[];
    winner_index: number;
    winning_number: string;
    hash_prova: string;
  };
}
export const vectors: Vector[] = vectorFile.vectors;

export const PUBLISHED_AT = '2025-03-01T12:00:00.000Z';
export const DRAWN_AT = '2025-03-01T12:30:00.000Z';

export async function proofOf(input: {
  seed: string;
  roomId: string;
  luckyNumbers: readonly string[];
  beacon: string;
}): Promise<DrawProof> {
  const commitment = await commitmentOf(input.seed);
  const result = await runDraw({
    seedHex: input.seed,
    commitment,
    roomId: input.roomId,
    luckyNumbers: input.luckyNumbers,
    beacon: input.beacon,
  });
  return drawProofSchema.parse({
    version: 'v1',
    room_id: input.roomId,
    commitment,
    commitment_published_at: PUBLISHED_AT,
    seed: input.seed,
    entrants: result.entrants,
    entrants_digest: result.entrantsDigest,
    beacon: input.beacon,
    beacon_round: input.beacon === '' ? null : 4_812_345,
    winner_index: result.winnerIndex,
    winning_number: result.winningNumber,
    hash_prova: result.hashProva,
    drawn_at: DRAWN_AT,
  });
}

/** The proof of a test vector's room, drawn with its own beacon unless `beacon` is given. */
export function vectorProof(v: Vector, beacon = v.input.beacon): Promise<DrawProof> {
  return proofOf({
    seed: v.input.seed,
    roomId: v.input.room_id,
    luckyNumbers: v.input.lucky_numbers,
    beacon,
  });
}

export function failedChecks(report: Awaited<ReturnType<typeof verifyProof>>): VerificationCheck[] {
  return report.checks.filter((c) => !c.ok).map((c) => c.check);
}

export const hex64 = fc
  .uint8Array({ minLength: 32, maxLength: 32 })
  .map((bytes) => [...bytes].map((b) => b.toString(16).padStart(2, '0')).join(''));
export const luckyNumber = fc.oneof(
  fc
    .tuple(fc.constantFrom('B', 'O', 'P', 'D', 'V', 'S'), fc.integer({ min: 0, max: 9_999_999 }))
    .map(([letter, digits]) => `${letter}${String(digits).padStart(7, '0')}`),
  fc.integer({ min: 0, max: 999_999 }).map((digits) => String(digits).padStart(6, '0')),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 8 }),
);
export const room = fc.record({
  seed: hex64,
  roomId: fc.uuid(),
  luckyNumbers: fc.uniqueArray(luckyNumber, { minLength: 1, maxLength: 40 }),
  beacon: fc.oneof(fc.constant(''), hex64),
});
