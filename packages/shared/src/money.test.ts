import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MAX_CENTAVOS,
  computePrize,
  formatBRL,
  formatDecimalBRL,
  parseBRL,
  percentOf,
} from './money';

const nbsp = (s: string) => s.replace(/\u00a0/g, ' ');

describe('formatBRL', () => {
  it('formats centavos as Brazilian reais', () => {
    expect(nbsp(formatBRL(123456))).toBe('R$ 1.234,56');
    expect(nbsp(formatBRL(0))).toBe('R$ 0,00');
    expect(nbsp(formatBRL(5))).toBe('R$ 0,05');
    expect(nbsp(formatBRL(100000000))).toBe('R$ 1.000.000,00');
    expect(formatDecimalBRL(1050)).toBe('10,50');
  });

  it('refuses amounts that are not whole centavos', () => {
    expect(() => formatBRL(10.5)).toThrow(RangeError);
    expect(() => formatBRL(Number.NaN)).toThrow(RangeError);
  });
});

describe('parseBRL', () => {
  it.each([
    ['10', 1000],
    ['10,5', 1050],
    ['10,50', 1050],
    ['1.234,56', 123456],
    ['R$ 7,00', 700],
    ['10.50', 1050],
    ['1.234', 123400],
    ['0,01', 1],
  ])('%s -> %d', (text, expected) => {
    expect(parseBRL(text)).toBe(expected);
  });

  it.each(['', 'abc', '10,555', '1,234.56', '-5', '10,', '1e3'])('rejects %s', (text) => {
    expect(parseBRL(text)).toBeNull();
  });

  it('round-trips every amount through its formatted text', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_CENTAVOS }), (centavos) => {
        expect(parseBRL(formatBRL(centavos))).toBe(centavos);
      }),
    );
  });
});

describe('percentOf', () => {
  it('rounds half up to the centavo', () => {
    expect(percentOf(1000, 1500)).toBe(150);
    expect(percentOf(5, 1000)).toBe(1); // 0.5 -> 1
    expect(percentOf(4, 1000)).toBe(0); // 0.4 -> 0
    expect(percentOf(15, 1000)).toBe(2); // 1.5 -> 2
    expect(percentOf(333, 3333)).toBe(111); // 110.9889 -> 111
  });

  it('rounds a tie up (R$ 0,01 at 50 %)', () => {
    expect(percentOf(1, 5000)).toBe(1);
    expect(percentOf(3, 5000)).toBe(2);
  });

  it('matches exact rational rounding for any amount and rate', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: MAX_CENTAVOS }),
        fc.integer({ min: 0, max: 10_000 }),
        (amount, bp) => {
          const exact = BigInt(amount) * BigInt(bp);
          const result = BigInt(percentOf(amount, bp));
          // result is the integer nearest to exact/10000, ties up: -5000 < result*10000 - exact <= 5000
          const diff = result * 10000n - exact;
          expect(diff > -5000n && diff <= 5000n).toBe(true);
          expect(percentOf(amount, bp)).toBeLessThanOrEqual(amount);
        },
      ),
    );
  });
});

describe('computePrize', () => {
  it('follows the specification example of the admin form', () => {
    // entry R$ 10,00 x 10 participants, 20 % fee
    expect(
      computePrize({ entryCentavos: 1000, maxParticipants: 10, feeBasisPoints: 2000 }),
    ).toEqual({
      grossCentavos: 10000,
      feeCentavos: 2000,
      netCentavos: 8000,
    });
  });

  it('never loses a centavo: fee + net = gross, fee within the rate', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: 1_000_000 }),
        fc.integer({ min: 2, max: 1000 }),
        fc.integer({ min: 0, max: 5000 }),
        (entry, max, bp) => {
          const p = computePrize({
            entryCentavos: entry,
            maxParticipants: max,
            feeBasisPoints: bp,
          });
          expect(p.grossCentavos).toBe(entry * max);
          expect(p.feeCentavos + p.netCentavos).toBe(p.grossCentavos);
          expect(p.feeCentavos).toBeGreaterThanOrEqual(0);
          expect(p.netCentavos).toBeGreaterThanOrEqual(0);
          expect(Math.abs(p.feeCentavos * 10000 - p.grossCentavos * bp)).toBeLessThanOrEqual(5000);
        },
      ),
    );
  });
});
