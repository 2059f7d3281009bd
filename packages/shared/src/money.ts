/**
 * Money helpers. Every amount in the product is an integer number of centavos
 * (docs/decisions/002-money-in-centavos.md). Formatting to "R$ 1.234,56" happens only at the edge.
 */
import { z } from 'zod';

/** Largest amount the product accepts anywhere: R$ 10.000.000,00. Keeps sums far below 2^53. */
export const MAX_CENTAVOS = 1_000_000_000;

export const centavosSchema = z
  .number({ error: 'Informe um valor.' })
  .int({ error: 'O valor deve estar em centavos inteiros.' })
  .min(0, { error: 'O valor não pode ser negativo.' })
  .max(MAX_CENTAVOS, { error: 'Valor acima do permitido.' });

export const positiveCentavosSchema = centavosSchema.min(1, {
  error: 'O valor deve ser maior que zero.',
});

export { assertCentavos, formatBRL, formatDecimalBRL } from './money-format';

/**
 * Parses what a person types as an amount in reais ("10", "10,5", "1.234,56", "R$ 7,00",
 * "10.50") into centavos. Returns null when the text is not an amount with at most 2 decimals.
 */
export function parseBRL(text: string): number | null {
  let s = text.replace(/R\$/i, '').replace(/\s/g, '');
  if (s === '') return null;
  const lastComma = s.lastIndexOf(',');
  const lastDot = s.lastIndexOf('.');
  if (lastComma >= 0) {
    // Brazilian style: dots group thousands, the comma is the decimal mark.
    if (lastDot > lastComma) return null;
    s = s.replace(/\./g, '').replace(',', '.');
  } else if (lastDot >= 0) {
    // "1.234" is a thousands group, "10.5" or "10.50" a decimal point.
    const decimals = s.length - lastDot - 1;
    const dots = s.split('.').length - 1;
    if (dots > 1 || decimals === 3) s = s.replace(/\./g, '');
  }
  if (!/^\d+(\.\d{1,2})?$/.test(s)) return null;
  const [whole = '0', frac = ''] = s.split('.');
  const value = Number(whole) * 100 + Number(frac.padEnd(2, '0'));
  if (!Number.isSafeInteger(value) || value > MAX_CENTAVOS) return null;
  return value;
}

/** A percentage kept in basis points (1 bp = 0.01 %): 1500 = 15 %. */
export const basisPointsSchema = z.number().int().min(0).max(10_000);

export {
  DEFAULT_PRIVATE_ROOM_FEE_BP,
  DEFAULT_PUBLIC_ROOM_FEE_BP,
  type Prize,
  computePrize,
  formatFeePercent,
  percentOf,
  platformFeeLabel,
  roomFeeBp,
  splitPool,
} from './room-fee';
