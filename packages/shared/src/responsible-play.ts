/**
 * Responsible play (Lei 14.790/2023 and the SPA/MF portarias on responsible gaming): deposit and
 * spending limits per day, week and month, time-on-site reminders and self-exclusion.
 */
import { z } from 'zod';
import { formatBRL } from './money-format';
import { countOf } from './wording';

export const limitKinds = ['deposit', 'spending'] as const;
export type LimitKind = (typeof limitKinds)[number];
export const limitPeriods = ['day', 'week', 'month'] as const;
export type LimitPeriod = (typeof limitPeriods)[number];

export const limitKindLabels: Record<LimitKind, string> = {
  deposit: 'Depósitos',
  spending: 'Gastos com entradas',
};
export const limitPeriodLabels: Record<LimitPeriod, string> = {
  day: 'Por dia (últimas 24 horas)',
  week: 'Por semana (últimos 7 dias)',
  month: 'Por mês (últimos 30 dias)',
};
/** Rolling windows: a limit counts what happened in the last 24 hours, 7 days or 30 days. */
export const limitPeriodMs: Record<LimitPeriod, number> = {
  day: 24 * 60 * 60 * 1000,
  week: 7 * 24 * 60 * 60 * 1000,
  month: 30 * 24 * 60 * 60 * 1000,
};
/** A raised (or removed) limit applies only after this delay; a lowered one at once. */
export const LIMIT_INCREASE_DELAY_MS = 24 * 60 * 60 * 1000;
export const MAX_LIMIT_CENTAVOS = 100_000_000;

export const selfExclusionPeriods = ['1m', '3m', '6m', 'forever'] as const;
export type SelfExclusionPeriod = (typeof selfExclusionPeriods)[number];
export const selfExclusionLabels: Record<SelfExclusionPeriod, string> = {
  '1m': '1 mês',
  '3m': '3 meses',
  '6m': '6 meses',
  forever: 'Por tempo indeterminado',
};
export const selfExclusionMonths: Record<Exclude<SelfExclusionPeriod, 'forever'>, number> = {
  '1m': 1,
  '3m': 3,
  '6m': 6,
};

export const reminderMinutesOptions = [0, 15, 30, 60, 120] as const;

export const playLimitSchema = z.object({
  kind: z.enum(limitKinds),
  period: z.enum(limitPeriods),
  /** The limit in force (null: none). */
  amountCentavos: z.number().int().nullable(),
  /** A raise waiting for its 24 hours (null amount: the limit is being removed). */
  pending: z
    .object({ amountCentavos: z.number().int().nullable(), effectiveAt: z.string() })
    .nullable(),
  /** What already counts against it in the current window. */
  usedCentavos: z.number().int(),
});
export type PlayLimit = z.infer<typeof playLimitSchema>;

export const responsiblePlaySchema = z.object({
  limits: z.array(playLimitSchema),
  selfExclusion: z
    .object({ since: z.string(), until: z.string().nullable(), forever: z.boolean() })
    .nullable(),
  reminderMinutes: z.number().int(),
  figures: z.object({
    depositsLast30DaysCentavos: z.number().int(),
    spentLast30DaysCentavos: z.number().int(),
    prizesLast30DaysCentavos: z.number().int(),
    entriesLast30Days: z.number().int(),
  }),
});
export type ResponsiblePlay = z.infer<typeof responsiblePlaySchema>;

export const setPlayLimitInputSchema = z.strictObject({
  kind: z.enum(limitKinds, { error: 'Tipo de limite inválido.' }),
  period: z.enum(limitPeriods, { error: 'Período inválido.' }),
  /** null removes the limit (after 24 hours, like any raise). */
  amountCentavos: z
    .number({ error: 'Informe o valor do limite.' })
    .int({ error: 'Valor inválido.' })
    .min(100, { error: `O limite mínimo é ${formatBRL(100)}.` })
    .max(MAX_LIMIT_CENTAVOS, { error: `O limite máximo é ${formatBRL(MAX_LIMIT_CENTAVOS)}.` })
    .nullable(),
});
export type SetPlayLimitInput = z.infer<typeof setPlayLimitInputSchema>;

export const selfExcludeInputSchema = z.strictObject({
  period: z.enum(selfExclusionPeriods, { error: 'Escolha um período de autoexclusão.' }),
  /** The player types the word to confirm an action that cannot be undone early. */
  confirm: z.literal('AUTOEXCLUIR', { error: 'Digite AUTOEXCLUIR para confirmar.' }),
});
export type SelfExcludeInput = z.infer<typeof selfExcludeInputSchema>;

export const setReminderInputSchema = z.strictObject({
  minutes: z
    .number({ error: 'Escolha um intervalo.' })
    .int({ error: 'Intervalo inválido.' })
    .refine((m) => (reminderMinutesOptions as readonly number[]).includes(m), {
      error: 'Intervalo inválido.',
    }),
});
export type SetReminderInput = z.infer<typeof setReminderInputSchema>;

const periodWords: Record<LimitPeriod, string> = {
  day: 'diário',
  week: 'semanal',
  month: 'mensal',
};

export const responsiblePlayMessages = {
  selfExcluded: (until: string | null) =>
    until
      ? `Você está em autoexclusão até ${until}. Entradas e depósitos estão bloqueados; seu saldo continua disponível para saque.`
      : 'Você está em autoexclusão por tempo indeterminado. Entradas e depósitos estão bloqueados; seu saldo continua disponível para saque.',
  staffCannotPlay: 'Contas da equipe não podem participar de sorteios.',
  limitReached: (kind: LimitKind, period: LimitPeriod, limit: number, used: number) =>
    `Limite ${periodWords[period]} de ${kind === 'deposit' ? 'depósitos' : 'gastos'} atingido: ${formatBRL(limit)} (já usado ${formatBRL(used)}). Você pode ajustar seus limites em Jogo Responsável.`,
  limitLowered: 'Limite atualizado. A redução vale imediatamente.',
  limitRaised: 'Pedido registrado. O aumento (ou a remoção) do limite vale em 24 horas.',
  alreadyExcluded: 'Você já está em autoexclusão; ela não pode ser encerrada antes do prazo.',
  reminder: (minutes: number) =>
    `Você está na Sorteio Certo há ${countOf(minutes, 'minuto', 'minutos')}. Que tal fazer uma pausa?`,
  helpLines: [
    { name: 'CVV — Centro de Valorização da Vida', contact: 'Ligue 188 (24 horas, gratuito)' },
    { name: 'Jogadores Anônimos do Brasil', contact: 'jogadoresanonimos.com.br' },
    { name: 'CAPS AD — atendimento pelo SUS', contact: 'Procure a unidade da sua cidade' },
  ],
} as const;

/** What the administrators see of a player's responsible-play choices (user detail). */
export const adminResponsiblePlaySchema = z.object({
  selfExclusion: responsiblePlaySchema.shape.selfExclusion,
  limits: z.array(playLimitSchema.omit({ usedCentavos: true })),
});
export type AdminResponsiblePlay = z.infer<typeof adminResponsiblePlaySchema>;
