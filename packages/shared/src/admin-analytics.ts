/**
 * Contracts of the administrator analytics (spec 001): the period and the daily series of
 * revenue, sign-ups, room types and the funnel. Amounts in centavos.
 */
import { z } from 'zod';
import { roomTypeSchema } from './rooms';

export const analyticsPeriods = [7, 30, 90] as const;
export const analyticsQuerySchema = z.object({
  days: z.coerce
    .number()
    .int()
    .refine((d) => (analyticsPeriods as readonly number[]).includes(d), {
      error: 'Período inválido: escolha 7, 30 ou 90 dias.',
    })
    .default(30),
});
export const revenueSeriesSchema = z.array(
  z.object({ date: z.string(), revenue: z.number().int(), fees: z.number().int() }),
);
export const signupSeriesSchema = z.array(
  z.object({ date: z.string(), signups: z.number().int(), verified: z.number().int() }),
);
export const roomTypeSeriesSchema = z.array(
  z.object({
    tipoSala: roomTypeSchema,
    participations: z.number().int(),
    amount: z.number().int(),
  }),
);
export const funnelSchema = z.array(z.object({ step: z.string(), count: z.number().int() }));
