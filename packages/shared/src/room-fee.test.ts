import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  computePrize,
  formatFeePercent,
  percentOf,
  platformFeeLabel,
  roomFeeBp,
  splitPool,
} from './room-fee';

describe('splitPool', () => {
  it('takes the fee half up to the centavo and leaves the rest as the prize', () => {
    expect(splitPool(10000, 1500)).toEqual({
      grossCentavos: 10000,
      feeCentavos: 1500,
      netCentavos: 8500,
    });
    // 3 x R$ 0,05 at 10 %: fee 1,5 centavo -> 2, prize 13
    expect(splitPool(15, 1000)).toEqual({ grossCentavos: 15, feeCentavos: 2, netCentavos: 13 });
    // 0,4 centavo -> 0: the whole pool is the prize
    expect(splitPool(4, 1000)).toEqual({ grossCentavos: 4, feeCentavos: 0, netCentavos: 4 });
    expect(splitPool(0, 2000)).toEqual({ grossCentavos: 0, feeCentavos: 0, netCentavos: 0 });
  });

  it('fee + prize is always the pool, the fee is the rounded exact share, never negative', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000_000 }),
        fc.integer({ min: 0, max: 5000 }),
        (pool, bp) => {
          const { grossCentavos, feeCentavos, netCentavos } = splitPool(pool, bp);
          expect(grossCentavos).toBe(pool);
          expect(feeCentavos + netCentavos).toBe(pool);
          expect(Number.isInteger(feeCentavos)).toBe(true);
          expect(netCentavos).toBeGreaterThanOrEqual(0);
          const diff = BigInt(feeCentavos) * 10000n - BigInt(pool) * BigInt(bp);
          expect(diff > -5000n && diff <= 5000n).toBe(true);
        },
      ),
    );
  });

  it('is what computePrize gives for a full room', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 0, max: 5000 }),
        (entry, max, bp) => {
          expect(
            computePrize({ entryCentavos: entry, maxParticipants: max, feeBasisPoints: bp }),
          ).toEqual(splitPool(entry * max, bp));
          expect(splitPool(entry * max, bp).feeCentavos).toBe(percentOf(entry * max, bp));
        },
      ),
    );
  });
});

describe('roomFeeBp', () => {
  it("uses the room's own fee, else the setting", () => {
    expect(roomFeeBp(1000, 1500)).toBe(1000);
    expect(roomFeeBp(0, 1500)).toBe(0);
    expect(roomFeeBp(null, 1500)).toBe(1500);
    expect(roomFeeBp(undefined, 1500)).toBe(1500);
  });
});

describe('platformFeeLabel', () => {
  it("keeps the specification's label and writes the percentage the Brazilian way", () => {
    expect(platformFeeLabel(1000)).toBe('Taxa da Plataforma (10%)');
    expect(formatFeePercent(1250)).toBe('12,5%');
    expect(formatFeePercent(1234)).toBe('12,34%');
    expect(formatFeePercent(0)).toBe('0%');
  });
});
