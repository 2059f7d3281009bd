/** The draw protocol: verifyProof, the checks a visitor runs on a published proof. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sortEntrants } from './draw-protocol';
import {
  type DrawProof,
  type VerificationCheck,
  verificationCheckLabels,
  verifyProof,
} from './draw-verify';
import { vectors, proofOf, vectorProof, failedChecks, room } from './draw-protocol-oracle';

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
    const proof = await vectorProof(vectors.find((x) => x.name === 'n10-prefixes')!);
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
    const proof = await vectorProof(
      vectors.find((x) => x.name === 'worked-example')!,
      '',
    );
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
    const proof = await vectorProof(
      vectors.find((x) => x.name === 'worked-example')!,
      '',
    );
    const report = await verifyProof({ ...proof, entrants: [] });
    expect(report.ok).toBe(false);
    expect(failedChecks(report)).toContain('entrants_digest');
  });
});
