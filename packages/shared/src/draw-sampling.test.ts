/** The draw protocol: the winner distribution and rejection sampling (step 4). */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { winnerIndex } from './draw-protocol';
import { TWO_64, oracleSha256Utf8, oracleWinnerIndex } from './draw-protocol-oracle';

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
