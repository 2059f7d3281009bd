import { describe, expect, it } from 'vitest';
import { beaconRoundTimeMs, firstBeaconRoundAfter, runDraw } from './draw-protocol';
import { type DrawProof, verifyProof } from './draw-verify';
import { beaconSigner, randomnessOf, verifyBeaconRound, verifyRoundSignature } from './drand';

// Round 3 of drand's published test chain for bls-unchained-g1-rfc9380 (the scheme's reference
// vectors): a signature made by drand itself, not by this code.
const drandVector = {
  publicKey:
    'a1ee12542360bf75742bcade13d6134e7d5283d9eb782887c47d3d9725f05805d37b0106b7f744395bf82c175dd7434a169e998f188a657a030d588892c0cd2c01f996aaf331c4d8bc5b9734bbe261d09e7d2d39ef88b635077f262bd7bbb30f',
  round: 3,
  randomness: '9e9829dfb34bd8db3e21c28e13aefecd86e007ebd19d6bb8a5cee99c0a34798f',
  signature:
    'b98dae74f6a9d2ec79d75ba273dcfda86a45d589412860eb4c0fd056b00654dbf667c1b6884987c9aee0d43f8ba9db52',
};

describe('drand quicknet rounds (bls-unchained-g1-rfc9380)', () => {
  it("verifies a round signed by drand's reference chain, and derives its randomness", () => {
    const chain = { public_key: drandVector.publicKey };
    expect(
      verifyBeaconRound(chain, 3, {
        round: 3,
        randomness: drandVector.randomness,
        signature: drandVector.signature,
      }),
    ).toEqual({ ok: true });
    expect(randomnessOf(drandVector.signature)).toBe(drandVector.randomness);
  });

  it('rejects a tampered signature, another round and another key', () => {
    const tampered = drandVector.signature.slice(0, -2) + '53';
    expect(
      verifyRoundSignature({
        publicKeyHex: drandVector.publicKey,
        round: 3,
        signatureHex: tampered,
      }),
    ).toBe(false);
    // The same signature presented as round 4.
    expect(
      verifyRoundSignature({
        publicKeyHex: drandVector.publicKey,
        round: 4,
        signatureHex: drandVector.signature,
      }),
    ).toBe(false);
    expect(
      verifyBeaconRound({ public_key: drandVector.publicKey }, 4, {
        round: 3,
        randomness: drandVector.randomness,
        signature: drandVector.signature,
      }),
    ).toEqual({ ok: false, problem: 'round' });
    const other = beaconSigner();
    expect(
      verifyRoundSignature({
        publicKeyHex: other.publicKeyHex,
        round: 3,
        signatureHex: drandVector.signature,
      }),
    ).toBe(false);
    // A randomness that is not sha256(signature).
    expect(
      verifyBeaconRound({ public_key: drandVector.publicKey }, 3, {
        round: 3,
        randomness: '00'.repeat(32),
        signature: drandVector.signature,
      }),
    ).toEqual({ ok: false, problem: 'randomness' });
  });

  it("a local signer's rounds verify under its own key only", () => {
    const signer = beaconSigner();
    const r = signer.sign(42);
    expect(verifyBeaconRound({ public_key: signer.publicKeyHex }, 42, r)).toEqual({ ok: true });
    expect(verifyBeaconRound({ public_key: beaconSigner().publicKeyHex }, 42, r)).toEqual({
      ok: false,
      problem: 'signature',
    });
  });

  it('picks the first round strictly after the freeze time', () => {
    const chain = { genesis_time: 1000, period: 3 };
    expect(beaconRoundTimeMs(chain, 1)).toBe(1_000_000);
    expect(beaconRoundTimeMs(chain, 2)).toBe(1_003_000);
    // Frozen exactly at round 2's time: round 2 is not after it.
    expect(firstBeaconRoundAfter(chain, 1_003_000)).toBe(3);
    expect(firstBeaconRoundAfter(chain, 1_002_999)).toBe(2);
    expect(firstBeaconRoundAfter(chain, 999_000)).toBe(1);
    for (const t of [1_000_001, 1_004_500, 1_500_000]) {
      const r = firstBeaconRoundAfter(chain, t);
      expect(beaconRoundTimeMs(chain, r)).toBeGreaterThan(t);
      expect(beaconRoundTimeMs(chain, r - 1)).toBeLessThanOrEqual(t);
    }
  });
});

describe('protocol v2 proofs', () => {
  const seed = '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f';
  const commitment = '630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd';
  const roomId = '7b0e4f52-9c1d-4a8e-b3f6-2d5c8a1e9f40';
  const signer = beaconSigner();
  const chain = {
    hash: 'ab'.repeat(32),
    public_key: signer.publicKeyHex,
    period: 3,
    genesis_time: 1_700_000_000,
    scheme: 'bls-unchained-g1-rfc9380',
  };
  const frozenAt = '2026-01-10T12:00:00.250Z';
  const round = firstBeaconRoundAfter(chain, Date.parse(frozenAt));

  async function proof(): Promise<DrawProof> {
    const beacon = signer.sign(round);
    const result = await runDraw({
      seedHex: seed,
      commitment,
      roomId,
      luckyNumbers: ['P0001123', 'O1234567', '004217', 'B7730215', '912004'],
      beacon: beacon.randomness,
      binding: { entrantsFrozenAt: frozenAt, round },
    });
    return {
      version: 'v2',
      room_id: roomId,
      commitment,
      commitment_published_at: '2026-01-10T11:00:00.000Z',
      seed,
      entrants: result.entrants,
      entrants_digest: result.entrantsDigest,
      entrants_frozen_at: frozenAt,
      beacon: beacon.randomness,
      beacon_round: round,
      beacon_signature: beacon.signature,
      beacon_chain: chain,
      winner_index: result.winnerIndex,
      winning_number: result.winningNumber,
      hash_prova: result.hashProva,
      drawn_at: '2026-01-10T12:00:04.000Z',
    };
  }

  it('verifies every check, the beacon ones included', async () => {
    const report = await verifyProof(await proof());
    expect(report.checks.map((c) => c.check)).toEqual([
      'commitment',
      'published_before_draw',
      'entrants_sorted',
      'entrants_digest',
      'winner_index',
      'winning_number',
      'hash_prova',
      'beacon_after_freeze',
      'beacon_signature',
      'beacon_randomness',
    ]);
    expect(report.checks.filter((c) => !c.ok)).toEqual([]);
  });

  it('fails when the round is replaced by another signed round', async () => {
    const p = await proof();
    if (p.version !== 'v2') throw new Error('v2 expected');
    const other = signer.sign(round + 1);
    const replaced = {
      ...p,
      beacon_round: round + 1,
      beacon: other.randomness,
      beacon_signature: other.signature,
    };
    const failed = (await verifyProof(replaced)).checks.filter((c) => !c.ok).map((c) => c.check);
    // A later round is not the first after the freeze, and the winner and seal change with it.
    expect(failed).toContain('beacon_after_freeze');
    expect(failed).toContain('hash_prova');
    // Only the signature swapped: the signature check fails.
    const forged = { ...p, beacon_signature: other.signature };
    const forgedFailed = (await verifyProof(forged)).checks
      .filter((c) => !c.ok)
      .map((c) => c.check);
    expect(forgedFailed).toEqual(['beacon_signature', 'beacon_randomness']);
  });

  it('fails when the freeze time is moved after the round', async () => {
    const p = await proof();
    if (p.version !== 'v2') throw new Error('v2 expected');
    const moved = { ...p, entrants_frozen_at: new Date(Date.parse(frozenAt) + 3000).toISOString() };
    const failed = (await verifyProof(moved)).checks.filter((c) => !c.ok).map((c) => c.check);
    expect(failed).toEqual(['hash_prova', 'beacon_after_freeze']);
  });
});
