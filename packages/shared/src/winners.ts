/**
 * The public winners page (/ganhadores): recent winners and monthly rankings. A player appears by
 * first name and the initial of the last name, or as 'Anônimo' by their choice in the profile.
 * Months are calendar months in Brasília time (UTC-3 all year since 2019).
 */
import { z } from 'zod';

export const ANONYMOUS_NAME = 'Anônimo';

/** "Maria da Silva Souza" -> "Maria S."; one name -> "Maria"; anonymous or no name -> "Anônimo". */
export function publicWinnerName(fullName: string | null | undefined, anonymous: boolean): string {
  if (anonymous) return ANONYMOUS_NAME;
  const parts = (fullName ?? '').trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return ANONYMOUS_NAME;
  const first = parts[0]!;
  const last = parts.length > 1 ? parts[parts.length - 1]! : '';
  const initial = last ? Array.from(last)[0]!.toLocaleUpperCase('pt-BR') : '';
  return initial ? `${first} ${initial}.` : first;
}

const BRASILIA_OFFSET_MS = 3 * 60 * 60 * 1000;

/** The month (YYYY-MM) of an instant, in Brasília time. */
export function brasiliaMonthOf(date: Date): string {
  return new Date(date.getTime() - BRASILIA_OFFSET_MS).toISOString().slice(0, 7);
}

/** [start, end) of a YYYY-MM month in Brasília time, as instants. */
export function brasiliaMonthRange(month: string): { start: Date; end: Date } {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return {
    start: new Date(Date.UTC(y, m - 1, 1) + BRASILIA_OFFSET_MS),
    end: new Date(Date.UTC(y, m, 1) + BRASILIA_OFFSET_MS),
  };
}

export const publicWinnerSchema = z.object({
  sorteioId: z.string(),
  nome: z.string(),
  /** Net prize, centavos. */
  premio: z.number().int(),
  tipoSala: z.string(),
  data: z.string(),
});
export type PublicWinner = z.infer<typeof publicWinnerSchema>;

/** GET /api/winners (public). */
export const winnersListSchema = z.object({ items: z.array(publicWinnerSchema) });

export const monthSchema = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'Mês inválido. Use o formato AAAA-MM.' });

/** GET /api/winners/rankings?mes=AAAA-MM (public; the current month by default). */
export const rankingsQuerySchema = z.object({ mes: monthSchema.optional() });

export const rankingsSchema = z.object({
  mes: z.string(),
  maioresPremios: z.array(publicWinnerSchema.extend({ posicao: z.number().int() })),
  maisParticipacoes: z.array(
    z.object({ posicao: z.number().int(), nome: z.string(), participacoes: z.number().int() }),
  ),
});
export type Rankings = z.infer<typeof rankingsSchema>;
