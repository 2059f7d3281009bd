import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  commitmentOf,
  type DrawProof,
  drawProofSchema,
  entrantsDigest,
  proofHash,
  runDraw,
  sortEntrants,
  type VerificationCheck,
  verificationCheckLabels,
  verifyProof,
  winnerIndex,
} from './draw-protocol';
import vectorFile from './draw-vectors.json';

/*
 * An independent implementation of DESIGN.md section 5 on node:crypto, the oracle of these tests.
 * It shares no code with draw-protocol.ts (which runs on WebCrypto). This package's tsconfig has no
 * Node types and its lint bans `node:*` imports so that shipped code stays browser-safe; this file
 * only runs in the Node test project, so it loads node:crypto at run time with minimal local types
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

const TWO_64 = 1n << 64n;

function oracleSha256Utf8(text: string): string {
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

function oracleWinnerIndex(seed: string, message: (c: number) => string, n: bigint) {
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

function oracleDraw(input: {
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

interface Vector {
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
const vectors: Vector[] = vectorFile.vectors;

const PUBLISHED_AT = '2025-03-01T12:00:00.000Z';
const DRAWN_AT = '2025-03-01T12:30:00.000Z';

async function proofOf(input: {
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

function failedChecks(report: Awaited<ReturnType<typeof verifyProof>>): VerificationCheck[] {
  return report.checks.filter((c) => !c.ok).map((c) => c.check);
}

const hex64 = fc
  .uint8Array({ minLength: 32, maxLength: 32 })
  .map((bytes) => [...bytes].map((b) => b.toString(16).padStart(2, '0')).join(''));
const luckyNumber = fc.oneof(
  fc
    .tuple(fc.constantFrom('B', 'O', 'P', 'D', 'V', 'S'), fc.integer({ min: 0, max: 9_999_999 }))
    .map(([letter, digits]) => `${letter}${String(digits).padStart(7, '0')}`),
  fc.integer({ min: 0, max: 999_999 }).map((digits) => String(digits).padStart(6, '0')),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 8 }),
);
const room = fc.record({
  seed: hex64,
  roomId: fc.uuid(),
  luckyNumbers: fc.uniqueArray(luckyNumber, { minLength: 1, maxLength: 40 }),
  beacon: fc.oneof(fc.constant(''), hex64),
});

describe('golden vectors (draw-vectors.json)', () => {
  it('cover the sizes the protocol documentation promises', () => {
    expect(vectorFile.protocol).toBe('v1');
    expect(vectors.length).toBeGreaterThanOrEqual(8);
    const sizes = new Set(vectors.map((v) => v.n));
    for (const n of [1, 2, 3, 5, 7, 10, 100, 1000]) expect(sizes).toContain(n);
    expect(vectors.some((v) => v.input.beacon !== '')).toBe(true);
    for (const v of vectors) {
      expect(v.input.lucky_numbers).toHaveLength(v.n);
      expect(v.input.seed).toMatch(/^[0-9a-f]{64}$/);
      expect(v.input.room_id).toMatch(
        /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
      );
      expect(v.input.beacon).toMatch(/^(?:[0-9a-f]{64})?$/);
      // Inputs are given unsorted so that an implementation that skips the sort fails.
      if (v.n > 1) expect(v.input.lucky_numbers).not.toEqual(v.expected.entrants);
    }
  });

  it.each(vectors.map((v) => [v.name, v] as const))(
    '%s: runDraw reproduces every value',
    async (_, v) => {
      const { input, expected } = v;
      expect(await commitmentOf(input.seed)).toBe(expected.commitment);
      expect(sortEntrants(input.lucky_numbers)).toEqual(expected.entrants);
      expect(await entrantsDigest(expected.entrants)).toBe(expected.entrants_digest);
      const result = await runDraw({
        seedHex: input.seed,
        commitment: expected.commitment,
        roomId: input.room_id,
        luckyNumbers: input.lucky_numbers,
        beacon: input.beacon,
      });
      expect(result).toEqual({
        entrants: expected.entrants,
        entrantsDigest: expected.entrants_digest,
        winnerIndex: expected.winner_index,
        winningNumber: expected.winning_number,
        hashProva: expected.hash_prova,
      });
      const report = await verifyProof(
        await proofOf({
          seed: input.seed,
          roomId: input.room_id,
          luckyNumbers: input.lucky_numbers,
          beacon: input.beacon,
        }),
      );
      expect(failedChecks(report)).toEqual([]);
    },
  );

  it.each(vectors.map((v) => [v.name, v] as const))(
    '%s: the node:crypto oracle agrees, block by block',
    (_, v) => {
      const { input, expected } = v;
      const oracle = oracleDraw({
        seed: input.seed,
        roomId: input.room_id,
        luckyNumbers: input.lucky_numbers,
        beacon: input.beacon,
      });
      expect(oracle.commitment).toBe(expected.commitment);
      expect(oracle.entrants).toEqual(expected.entrants);
      expect(oracle.digest).toBe(expected.entrants_digest);
      expect(oracle.limit.toString()).toBe(expected.limit);
      expect(oracle.blocks).toEqual(expected.blocks);
      expect(oracle.winner).toBe(expected.winner_index);
      expect(oracle.winningNumber).toBe(expected.winning_number);
      expect(oracle.hashProva).toBe(expected.hash_prova);
    },
  );

  it('pins the worked example of docs/draw-protocol.md', async () => {
    const v = vectors.find((x) => x.name === 'worked-example')!;
    expect(v.input).toEqual({
      seed: '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f',
      room_id: '7b0e4f52-9c1d-4a8e-b3f6-2d5c8a1e9f40',
      lucky_numbers: ['P0001123', 'O1234567', '004217', 'B7730215', '912004'],
      beacon: '',
    });
    const digest = 'ae62b39d68b00c5a34cebec8837e452695069b5eb879510ac62872734d91e651';
    const commitment = '630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd';
    expect(v.expected.commitment).toBe(commitment);
    expect(v.expected.entrants).toEqual(['004217', '912004', 'B7730215', 'O1234567', 'P0001123']);
    expect(v.expected.entrants_digest).toBe(digest);
    expect(v.expected.limit).toBe('18446744073709551615');
    expect(v.expected.blocks).toEqual([
      {
        c: 0,
        message: `v1:7b0e4f52-9c1d-4a8e-b3f6-2d5c8a1e9f40:${digest}::0`,
        hmac: '412f041f03ea40c89e155ad19fe0307630ff2c4d2568c40b44d14eb17f45690d',
        x: '4696977467626897608',
        accepted: true,
      },
    ]);
    expect(4696977467626897608n % 5n).toBe(3n);
    expect(v.expected.winner_index).toBe(3);
    expect(v.expected.winning_number).toBe('O1234567');
    const hashProva = 'c2fdcc69ddd7a6ac823c2b334566022318339ab84b2c6d200085708143d36a13';
    expect(v.expected.hash_prova).toBe(hashProva);
    expect(
      await proofHash({
        roomId: v.input.room_id,
        commitment,
        seedHex: v.input.seed,
        entrantsDigest: digest,
        beacon: '',
        winnerIndex: 3,
        winningNumber: 'O1234567',
      }),
    ).toBe(hashProva);
  });
});

describe('runDraw against an independent implementation', () => {
  it('agrees with the node:crypto oracle on random rooms', async () => {
    await fc.assert(
      fc.asyncProperty(room, async (r) => {
        const oracle = oracleDraw(r);
        expect(await commitmentOf(r.seed)).toBe(oracle.commitment);
        const result = await runDraw({
          seedHex: r.seed,
          commitment: oracle.commitment,
          roomId: r.roomId,
          luckyNumbers: r.luckyNumbers,
          beacon: r.beacon,
        });
        expect(result).toEqual({
          entrants: oracle.entrants,
          entrantsDigest: oracle.digest,
          winnerIndex: oracle.winner,
          winningNumber: oracle.winningNumber,
          hashProva: oracle.hashProva,
        });
      }),
      { numRuns: 150 },
    );
  });

  it('refuses repeated lucky numbers and empty rooms', async () => {
    const seed = '11'.repeat(32);
    const base = {
      seedHex: seed,
      commitment: await commitmentOf(seed),
      roomId: '0d6f6a1e-3b0c-4c1e-9a55-0b2f1c3d4e01',
    };
    await expect(runDraw({ ...base, luckyNumbers: ['B1', 'B1'] })).rejects.toThrow();
    await expect(runDraw({ ...base, luckyNumbers: [] })).rejects.toThrow();
  });
});

describe('verifyProof', () => {
  it('passes every check for proofs produced by runDraw', async () => {
    await fc.assert(
      fc.asyncProperty(room, async (r) => {
        const report = await verifyProof(await proofOf(r));
        // v1 proofs: the seven checks of protocol v1 (the beacon checks are v2's).
        expect(report.checks.map((c) => c.check)).toEqual(
          Object.keys(verificationCheckLabels).slice(0, 7),
        );
        expect(failedChecks(report)).toEqual([]);
        expect(report.ok).toBe(true);
      }),
      { numRuns: 100 },
    );
  });

  /*
   * Tampering with one field. `must` checks fail every time; `may` checks fail only when the
   * tampered value happens to move the winner (or, for an entrant, changes the winner's number);
   * everything else must still pass, so the page points at the field that was changed.
   */
  type Tamper = {
    field: string;
    apply: (p: DrawProof, pick: number) => DrawProof | null;
    must: VerificationCheck[];
    may: VerificationCheck[];
  };
  const moved: VerificationCheck[] = ['winner_index', 'winning_number'];
  const otherHex = (hex: string) =>
    hex.startsWith('00') ? `01${hex.slice(2)}` : `00${hex.slice(2)}`;
  const tampers: Tamper[] = [
    {
      field: 'seed',
      apply: (p) => ({ ...p, seed: otherHex(p.seed) }),
      must: ['commitment', 'hash_prova'],
      may: moved,
    },
    {
      field: 'one entrant',
      apply: (p, pick) => {
        const i = pick % p.entrants.length;
        const entrants = [...p.entrants];
        entrants[i] = `${entrants[i]}\u0000`; // sorts right after the original: the order holds
        if (sortEntrants(entrants).join('\n') !== entrants.join('\n')) return null;
        return { ...p, entrants };
      },
      must: ['entrants_digest', 'hash_prova'],
      may: moved,
    },
    {
      field: 'entrant order',
      apply: (p, pick) => {
        if (p.entrants.length < 2) return null;
        const i = pick % (p.entrants.length - 1);
        const entrants = [...p.entrants];
        [entrants[i], entrants[i + 1]] = [entrants[i + 1]!, entrants[i]!];
        return { ...p, entrants };
      },
      must: ['entrants_sorted', 'entrants_digest', 'hash_prova'],
      may: moved,
    },
    {
      field: 'beacon',
      apply: (p) => ({ ...p, beacon: p.beacon === '' ? 'ab'.repeat(32) : '' }),
      must: ['hash_prova'],
      may: moved,
    },
    {
      field: 'room_id',
      apply: (p) => ({ ...p, room_id: '00000000-0000-4000-8000-000000000000' }),
      must: ['hash_prova'],
      may: moved,
    },
    {
      field: 'winner_index',
      apply: (p) =>
        p.entrants.length < 2
          ? null
          : { ...p, winner_index: (p.winner_index + 1) % p.entrants.length },
      must: ['winner_index'],
      may: [],
    },
    {
      field: 'winning_number',
      apply: (p) =>
        p.entrants.length < 2
          ? null
          : { ...p, winning_number: p.entrants[(p.winner_index + 1) % p.entrants.length]! },
      must: ['winning_number'],
      may: [],
    },
    {
      field: 'hash_prova',
      apply: (p) => ({ ...p, hash_prova: otherHex(p.hash_prova) }),
      must: ['hash_prova'],
      may: [],
    },
    {
      field: 'commitment',
      apply: (p) => ({ ...p, commitment: otherHex(p.commitment) }),
      must: ['commitment', 'hash_prova'],
      may: [],
    },
    {
      field: 'entrants_digest',
      apply: (p) => ({ ...p, entrants_digest: otherHex(p.entrants_digest) }),
      must: ['entrants_digest'],
      may: [],
    },
    {
      field: 'commitment_published_at',
      apply: (p) => ({ ...p, commitment_published_at: '2025-03-01T12:31:00.000Z' }),
      must: ['published_before_draw'],
      may: [],
    },
  ];

  it('fails exactly the right checks when one field of a fixed proof changes', async () => {
    const v = vectors.find((x) => x.name === 'n10-prefixes')!;
    const proof = await proofOf({
      seed: v.input.seed,
      roomId: v.input.room_id,
      luckyNumbers: v.input.lucky_numbers,
      beacon: v.input.beacon,
    });
    // For this room every winner-moving change does move the winner, so the sets are exact.
    const expected: Record<string, VerificationCheck[]> = {
      seed: ['commitment', 'winner_index', 'winning_number', 'hash_prova'],
      'one entrant': ['entrants_digest', 'winner_index', 'winning_number', 'hash_prova'],
      'entrant order': [
        'entrants_sorted',
        'entrants_digest',
        'winner_index',
        'winning_number',
        'hash_prova',
      ],
      beacon: ['winner_index', 'winning_number', 'hash_prova'],
      room_id: ['winner_index', 'winning_number', 'hash_prova'],
      winner_index: ['winner_index'],
      winning_number: ['winning_number'],
      hash_prova: ['hash_prova'],
      commitment: ['commitment', 'hash_prova'],
      entrants_digest: ['entrants_digest'],
      commitment_published_at: ['published_before_draw'],
    };
    for (const t of tampers) {
      const tampered = t.apply(proof, 3);
      if (tampered === null) throw new Error(`${t.field} does not apply to this proof`);
      const report = await verifyProof(tampered);
      expect(report.ok, t.field).toBe(false);
      expect(failedChecks(report), t.field).toEqual(expected[t.field]);
    }
  });

  it('fails the right checks for any tampered field of a random proof', async () => {
    await fc.assert(
      fc.asyncProperty(room, fc.constantFrom(...tampers), fc.nat(), async (r, t, pick) => {
        const proof = await proofOf(r);
        const tampered = t.apply(proof, pick);
        fc.pre(tampered !== null);
        const report = await verifyProof(tampered);
        const failed = failedChecks(report);
        expect(report.ok).toBe(false);
        for (const check of t.must) expect(failed, t.field).toContain(check);
        for (const check of failed) expect([...t.must, ...t.may], t.field).toContain(check);
        // Over the same entrants a moved winner fails its number too (the entrants are unique).
        const winnerMoved = t.may.length > 0 && failed.includes('winner_index');
        if (winnerMoved && tampered.entrants === proof.entrants)
          expect(failed).toContain('winning_number');
      }),
      { numRuns: 150 },
    );
  });

  it('reports a seed that is not 64 lowercase hex digits without throwing', async () => {
    const v = vectors.find((x) => x.name === 'worked-example')!;
    const proof = await proofOf({
      seed: v.input.seed,
      roomId: v.input.room_id,
      luckyNumbers: v.input.lucky_numbers,
      beacon: '',
    });
    for (const seed of [
      proof.seed.toUpperCase().replace(/^00/, 'AA'),
      proof.seed.slice(2),
      'zz'.repeat(32),
    ]) {
      const report = await verifyProof({ ...proof, seed });
      expect(failedChecks(report)).toEqual([
        'commitment',
        'winner_index',
        'winning_number',
        'hash_prova',
      ]);
      expect(report.checks[0]!.actual).toBe('semente inválida');
    }
  });

  it('fails instead of throwing on a proof with no entrants', async () => {
    const v = vectors.find((x) => x.name === 'worked-example')!;
    const proof = await proofOf({
      seed: v.input.seed,
      roomId: v.input.room_id,
      luckyNumbers: v.input.lucky_numbers,
      beacon: '',
    });
    const report = await verifyProof({ ...proof, entrants: [] });
    expect(report.ok).toBe(false);
    expect(failedChecks(report)).toContain('entrants_digest');
  });
});

describe('winner distribution', () => {
  it('shows no bias over 7000 draws of 7 entrants (chi-square, 6 degrees of freedom)', async () => {
    const n = 7;
    const draws = 7000;
    const counts = new Array<number>(n).fill(0);
    const roomId = '9a3c5e7f-1b2d-4f6a-8c0e-2d4f6a8c0e13';
    const digest = oracleSha256Utf8(['A', 'B', 'C', 'D', 'E', 'F', 'G'].join('\n'));
    for (let i = 0; i < draws; i += 1) {
      // Seeds derived deterministically, so the statistic is the same on every run.
      const seedHex = oracleSha256Utf8(`sorteio-certo/chi-square/${i}`);
      counts[await winnerIndex({ seedHex, roomId, entrantsDigest: digest, beacon: '', n })]! += 1;
    }
    const expected = draws / n;
    const chiSquare = counts.reduce(
      (sum, observed) => sum + (observed - expected) ** 2 / expected,
      0,
    );
    // 22.458 is the 0.999 quantile of the chi-square distribution with 6 degrees of freedom.
    expect(chiSquare).toBeLessThan(22.458);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(draws);
  });
});

describe('rejection sampling (step 4)', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const roomId = '5e1f3c2a-7d4b-4e8f-a1c9-3b6d0f2e8a71';
  const emptyDigest = oracleSha256Utf8('');

  it('rejects a real first block when n makes rejection likely', async () => {
    /*
     * For array-sized n the rejection probability (2^64 mod n) / 2^64 is below 2^-32, so no seed
     * with a rejected first block can be found for n = 3 or 7. winnerIndex takes n as a number, so
     * this uses n = floor(2^64 / 2049) + 1 (a safe integer), whose rejection probability is about
     * 1/2049. The seed is SHA-256("sorteio-certo/rejection/3117"), the first such label whose first
     * block is rejected, found with the node:crypto oracle.
     */
    const n = TWO_64 / 2049n + 1n;
    expect(n <= BigInt(Number.MAX_SAFE_INTEGER)).toBe(true);
    const seedHex = oracleSha256Utf8('sorteio-certo/rejection/3117');
    expect(seedHex).toBe('432567c9b555ea7e87f63af1d5c18d2b2055ffe5ca1ec12a04a72450eac61ebe');
    const oracle = oracleWinnerIndex(seedHex, (c) => `v1:${roomId}:${emptyDigest}::${c}`, n);
    expect(oracle.limit).toBe(TWO_64 - (TWO_64 % n));
    expect(oracle.blocks.map((b) => [b.x, b.accepted])).toEqual([
      ['18443459242272931198', false],
      ['5146612676452756037', true],
    ]);
    const sign = vi.spyOn(globalThis.crypto.subtle, 'sign');
    const index = await winnerIndex({
      seedHex,
      roomId,
      entrantsDigest: emptyDigest,
      beacon: '',
      n: Number(n),
    });
    expect(index).toBe(Number(oracle.index));
    expect(index).toBe(6011960938771525);
    expect(sign).toHaveBeenCalledTimes(2);
    // Taking the rejected block modulo n would have given another index: that is the bias avoided.
    expect(Number(18443459242272931198n % n)).not.toBe(index);
  });

  /** Replaces the HMAC with given blocks (first 8 bytes = x) and records the messages signed. */
  function mockBlocks(xs: bigint[]) {
    const messages: string[] = [];
    vi.spyOn(globalThis.crypto.subtle, 'sign').mockImplementation(async (_alg, _key, data) => {
      const text = new TextDecoder().decode(data);
      messages.push(text);
      const x = xs[messages.length - 1];
      if (x === undefined) throw new Error('more blocks asked than given');
      const block = new Uint8Array(32).fill(0xee); // bytes 8..31 must be ignored
      new DataView(block.buffer).setBigUint64(0, x, false);
      return block.buffer;
    });
    return messages;
  }

  const draw = (n: number) =>
    winnerIndex({
      seedHex: '22'.repeat(32),
      roomId,
      entrantsDigest: emptyDigest,
      beacon: 'beef',
      n,
    });

  it('n = 3: limit is 2^64 - 1; x = 2^64 - 1 is rejected and the next block decides', async () => {
    const messages = mockBlocks([TWO_64 - 1n, TWO_64 - 2n]);
    expect(await draw(3)).toBe(Number((TWO_64 - 2n) % 3n));
    expect(messages).toEqual([
      `v1:${roomId}:${emptyDigest}:beef:0`,
      `v1:${roomId}:${emptyDigest}:beef:1`,
    ]);
  });

  it('n = 7: limit is 2^64 - 2; both top values are rejected, c counts up in decimal', async () => {
    const messages = mockBlocks([TWO_64 - 1n, TWO_64 - 2n, TWO_64 - 3n]);
    expect(await draw(7)).toBe(6);
    expect(messages.map((m) => m.split(':').at(-1))).toEqual(['0', '1', '2']);
  });

  it('accepts x = limit - 1 and rejects x = limit, for several n', async () => {
    for (const n of [3, 5, 6, 7, 10, 100, 1000, 1_000_003]) {
      const limit = TWO_64 - (TWO_64 % BigInt(n));
      vi.restoreAllMocks();
      const messages = mockBlocks([limit, limit - 1n]);
      expect(await draw(n), `n = ${n}`).toBe(Number((limit - 1n) % BigInt(n)));
      expect(messages, `n = ${n}`).toHaveLength(2);
    }
  });

  it('never rejects when n divides 2^64 (n = 1, 2, 4, 1024)', async () => {
    for (const n of [1, 2, 4, 1024]) {
      vi.restoreAllMocks();
      const messages = mockBlocks([TWO_64 - 1n]);
      expect(await draw(n)).toBe(Number((TWO_64 - 1n) % BigInt(n)));
      expect(messages).toHaveLength(1);
    }
  });

  it('reads x as the first 8 bytes, big-endian', async () => {
    mockBlocks([10n]);
    expect(await draw(7)).toBe(3);
    vi.restoreAllMocks();
    mockBlocks([10n << 56n]);
    expect(await draw(7)).toBe(Number((10n << 56n) % 7n));
    expect(Number((10n << 56n) % 7n)).not.toBe(3);
  });
});
