import { describe, expect, it } from 'vitest';
import { currentMonth, monthLabel, shiftMonth } from './months';

describe('winners months', () => {
  it('moves across years', () => {
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
    expect(shiftMonth('2025-12', 1)).toBe('2026-01');
    expect(shiftMonth('2026-11', 0)).toBe('2026-11');
  });

  it('names the month in Portuguese, sentence case', () => {
    expect(monthLabel('2026-11')).toBe('Novembro de 2026');
    expect(monthLabel('2026-03')).toBe('Março de 2026');
  });

  it('takes the month in Brasília time', () => {
    // 02:00 UTC on the 1st is still the last day of the month before in Brasília (UTC-3).
    expect(currentMonth(new Date('2026-12-01T02:00:00Z'))).toBe('2026-11');
    expect(currentMonth(new Date('2026-12-01T03:00:00Z'))).toBe('2026-12');
  });
});
