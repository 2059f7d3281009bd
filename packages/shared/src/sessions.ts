/** 'Sessões ativas' of the profile: where the account is signed in, and ending those sessions. */
import { z } from 'zod';
import { countOf } from './wording';

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
    `${countOf(n, 'outra sessão foi encerrada', 'outras sessões foram encerradas')}.`,
} as const;

/**
 * 'Sessões da equipe' (administrators): every live session of a staff account, to end one that
 * should not be open (a lost laptop, someone who left). Ending one is audited.
 */
export const staffSessionSchema = z.object({
  id: z.string(),
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.string(),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
  createdAt: z.string(),
  lastActiveAt: z.string(),
  /** The administrator's own session (ended with Sair, not here). */
  current: z.boolean(),
});
export type StaffSession = z.infer<typeof staffSessionSchema>;
export const staffSessionListSchema = z.object({
  items: z.array(staffSessionSchema),
  /** STAFF_IDLE_TIMEOUT_MINUTES: shown on the screen. */
  idleTimeoutMinutes: z.number().int(),
});
export type StaffSessionList = z.infer<typeof staffSessionListSchema>;

export const staffSessionMessages = {
  ended: 'Sessão encerrada.',
  endedDetail: (name: string) =>
    `A sessão de ${name} foi encerrada. A pessoa precisa entrar de novo.`,
  notFound: 'Sessão da equipe não encontrada (talvez já tenha sido encerrada).',
  current: 'Esta é a sua sessão atual: use Sair para encerrá-la.',
} as const;
