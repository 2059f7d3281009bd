import { formatInteger } from '@sorteio/shared';

/**
 * A count with its noun in agreement, as Brazilian Portuguese reads it: only 1 is singular
 * ('1 participante', '0 participantes', '2 participantes').
 */
export function countOf(count: number, singular: string, plural: string): string {
  return `${formatInteger(count)} ${Math.abs(count) === 1 ? singular : plural}`;
}
