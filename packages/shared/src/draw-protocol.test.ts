/** The draw protocol (DESIGN.md section 5): golden vectors and an independent implementation. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { commitmentOf, entrantsDigest, proofHash, runDraw, sortEntrants } from './draw-protocol';
import { verifyProof } from './draw-verify';
import vectorFile from './draw-vectors.json';
import { oracleDraw, vectors, vectorProof, failedChecks, room } from './draw-protocol-oracle';

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
      const report = await verifyProof(await vectorProof(v));
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
