/**
 * Formatting of centavos to reais, without the schemas of money.ts: screens that only show amounts
 * (the light landing page) import this alone, so they do not load zod.
 */
import { onFirstUse } from './format';

export function assertCentavos(value: number): void {
  if (!Number.isSafeInteger(value)) {
    throw new RangeError(`Not an integer amount of centavos: ${value}`);
  }
}

const brl = onFirstUse(
  () =>
    new Intl.NumberFormat('pt-BR', {
      style: 'currency',
      currency: 'BRL',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    }),
);

const decimal = onFirstUse(
  () => new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
);

/** 123456 -> "R$ 1.234,56" (with the no-break space Intl puts after the symbol). */
export function formatBRL(centavos: number): string {
  assertCentavos(centavos);
  return brl().format(centavos / 100);
}

/** 123456 -> "1.234,56" (no symbol, for texts like 'Saldo disponível: R$'). */
export function formatDecimalBRL(centavos: number): string {
  assertCentavos(centavos);
  return decimal().format(centavos / 100);
}
