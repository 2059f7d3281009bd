/**
 * Words players read, the same on every screen, the statement and the e-mails: the names of the
 * money pots, counts in agreement and room names.
 */
import { formatInteger } from './format';

/**
 * One name for each pot. The Saldo is what can be withdrawn (added by PIX and by prizes); the
 * Cashback is a platform credit used first on entries and never withdrawn; 'Em jogo' is what was
 * paid for seats in rooms not drawn yet (it left the pots and comes back only as a prize or a
 * refund). 'Pontos Atuais' (spec 000 section 2) is the Saldo plus the Cashback.
 */
export const moneyTerms = {
  saldo: 'Saldo',
  saldoMeaning: 'pode ser sacado',
  saldoDescription:
    'Adicionado por PIX e pelos prêmios. Pode ser usado nas entradas e sacado por PIX.',
  cashback: 'Cashback',
  cashbackMeaning: 'só para entradas',
  cashbackDescription: 'Crédito da plataforma, usado primeiro nas entradas. Não pode ser sacado.',
  emJogo: 'Em jogo',
  emJogoMeaning: 'entradas em salas ainda não sorteadas',
  total: 'Pontos Atuais',
  withdrawable: 'Disponível para saque',
} as const;

/** The noun that agrees with a count, as Brazilian Portuguese reads it: only 1 (and −1) is singular. */
export function plural(count: number, singular: string, pluralForm: string): string {
  return Math.abs(count) === 1 ? singular : pluralForm;
}

/** A count with its noun: '1 vitória', '0 vitórias', '1.234 vitórias'. */
export function countOf(count: number, singular: string, pluralForm: string): string {
  return `${formatInteger(count)} ${plural(count, singular, pluralForm)}`;
}

/** The first letter in upper case, the rest unchanged ('pode ser sacado' -> 'Pode ser sacado'). */
export function capitalize(text: string): string {
  return text.charAt(0).toLocaleUpperCase('pt-BR') + text.slice(1);
}

/**
 * A room name as shown: its first letter in upper case, the rest as the creator typed it
 * ('sala da família' -> 'Sala da família'). Empty names stay empty.
 */
export function roomNameLabel(name: string): string {
  return capitalize(name.trim());
}
