/** 'Sessões ativas' of the profile: where the account is signed in, and ending those sessions. */
import { z } from 'zod';

export const activeSessionSchema = z.object({
  id: z.string(),
  userAgent: z.string().nullable(),
  ipAddress: z.string().nullable(),
  /** City, region and country from the offline GeoIP lookup (null when unknown). */
  place: z.string().nullable(),
  createdAt: z.string(),
  lastUsedAt: z.string(),
  current: z.boolean(),
});
export type ActiveSession = z.infer<typeof activeSessionSchema>;

export const sessionIdParamsSchema = z.object({
  id: z.string({ error: 'Sessão inválida.' }).min(1, { error: 'Sessão inválida.' }).max(100, {
    error: 'Sessão inválida.',
  }),
});

export const revokeSessionsResultSchema = z.object({ ended: z.number().int() });

export const sessionMessages = {
  notFound: 'Sessão não encontrada.',
  current: 'Esta é a sessão atual: use Sair para encerrá-la.',
  ended: 'Sessão encerrada.',
  othersEnded: (n: number) =>
    n === 1 ? '1 outra sessão foi encerrada.' : `${n} outras sessões foram encerradas.`,
} as const;
