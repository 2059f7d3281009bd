import { useId, useState } from 'react';
import {
  type LimitKind,
  type LimitPeriod,
  type ResponsiblePlay,
  type SelfExclusionPeriod,
  formatBRL,
  formatDateTime,
  limitKindLabels,
  limitKinds,
  limitPeriodLabels,
  limitPeriods,
  parseBRL,
  reminderMinutesOptions,
  responsiblePlayMessages,
  selfExclusionLabels,
  selfExclusionPeriods,
} from '@sorteio/shared';
import { HeartHandshake, ShieldAlert } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { errorMessageOf } from '@/lib/errors';
import { notify } from '@/lib/notifications/notify';
import {
  useResponsiblePlay,
  useSelfExclude,
  useSetPlayLimit,
  useSetReminder,
} from '../api/responsible-play';
import { countOf } from '@/lib/plural';

export const RESPONSIBLE_PLAY_TITLE = 'Jogo Responsável';

const rules = [
  'A participação é proibida para menores de 18 anos.',
  'Sorteio é entretenimento, não fonte de renda: jogue apenas o que pode perder.',
  'Você define limites de depósito e de gastos por dia, semana e mês. Uma redução vale na hora; um aumento (ou a remoção) só depois de 24 horas.',
  'Na autoexclusão (1, 3 ou 6 meses, ou por tempo indeterminado) você não entra em salas, não adiciona saldo e não recebe comunicações de marketing. Seu saldo continua disponível para saque. Ela não pode ser encerrada antes do prazo.',
  'Contas da equipe da plataforma não participam de sorteios.',
];

function Figures({ state }: { state: ResponsiblePlay }) {
  const f = state.figures;
  const items = [
    ['Depósitos', formatBRL(f.depositsLast30DaysCentavos)],
    ['Gasto em entradas', formatBRL(f.spentLast30DaysCentavos)],
    ['Prêmios', formatBRL(f.prizesLast30DaysCentavos)],
    ['Entradas', String(f.entriesLast30Days)],
  ] as const;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Seus números nos últimos 30 dias</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4">
          {items.map(([label, value]) => (
            <div key={label}>
              <dt className="text-sm text-muted-foreground">{label}</dt>
              <dd className="text-lg font-semibold">{value}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}

function LimitsCard({ state, disabled }: { state: ResponsiblePlay; disabled: boolean }) {
  const id = useId();
  const setLimit = useSetPlayLimit();
  const [kind, setKind] = useState<LimitKind>('spending');
  const [period, setPeriod] = useState<LimitPeriod>('day');
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | null>(null);

  const save = async (amountCentavos: number | null) => {
    setError(null);
    try {
      const answer = await setLimit.mutateAsync({ kind, period, amountCentavos });
      notify({ type: 'success', title: 'Limite salvo', message: answer.message });
      setAmount('');
    } catch (e) {
      setError(errorMessageOf(e) ?? 'Não foi possível salvar o limite.');
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Limites de depósito e de gastos</CardTitle>
        <CardDescription>
          Gastos contam as entradas em salas (pagas com saldo ou por PIX); depósitos contam as
          recargas de saldo.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        <table className="w-full text-sm">
          <caption className="sr-only">Seus limites</caption>
          <thead>
            <tr className="text-left text-muted-foreground">
              <th scope="col" className="py-1 font-medium">
                Limite
              </th>
              <th scope="col" className="py-1 font-medium">
                Valor
              </th>
              <th scope="col" className="py-1 font-medium">
                Usado
              </th>
            </tr>
          </thead>
          <tbody>
            {state.limits.map((l) => (
              <tr key={`${l.kind}-${l.period}`} className="border-t">
                <th scope="row" className="py-2 text-left font-normal">
                  {limitKindLabels[l.kind]} — {limitPeriodLabels[l.period]}
                </th>
                <td className="py-2">
                  {l.amountCentavos === null ? 'Sem limite' : formatBRL(l.amountCentavos)}
                  {l.pending && (
                    <span className="block text-xs text-muted-foreground">
                      {l.pending.amountCentavos === null
                        ? 'Remoção'
                        : `Aumento para ${formatBRL(l.pending.amountCentavos)}`}{' '}
                      a partir de {formatDateTime(l.pending.effectiveAt)}
                    </span>
                  )}
                </td>
                <td className="py-2">{formatBRL(l.usedCentavos)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <form
          noValidate
          className="grid gap-4 sm:grid-cols-4 sm:items-end"
          onSubmit={(event) => {
            event.preventDefault();
            const centavos = parseBRL(amount);
            if (centavos === null) {
              setError('Valor inválido. Use, por exemplo, 50,00.');
              return;
            }
            void save(centavos);
          }}
        >
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${id}-kind`}>Tipo</Label>
            <NativeSelect
              id={`${id}-kind`}
              value={kind}
              disabled={disabled}
              onChange={(e) => setKind(e.target.value as LimitKind)}
            >
              {limitKinds.map((k) => (
                <option key={k} value={k}>
                  {limitKindLabels[k]}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${id}-period`}>Período</Label>
            <NativeSelect
              id={`${id}-period`}
              value={period}
              disabled={disabled}
              onChange={(e) => setPeriod(e.target.value as LimitPeriod)}
            >
              {limitPeriods.map((p) => (
                <option key={p} value={p}>
                  {limitPeriodLabels[p]}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${id}-amount`}>Valor (R$)</Label>
            <Input
              id={`${id}-amount`}
              inputMode="decimal"
              placeholder="Ex.: 50,00"
              value={amount}
              disabled={disabled}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              onChange={(e) => setAmount(e.target.value)}
            />
          </div>
          <div className="flex gap-2">
            <Button type="submit" disabled={disabled || setLimit.isPending}>
              Salvar limite
            </Button>
            <Button
              type="button"
              variant="outline"
              disabled={disabled || setLimit.isPending}
              onClick={() => void save(null)}
            >
              Remover
            </Button>
          </div>
          {error && (
            <p id={`${id}-error`} role="alert" className="text-sm text-destructive sm:col-span-4">
              {error}
            </p>
          )}
        </form>
      </CardContent>
    </Card>
  );
}

function ReminderCard({ state }: { state: ResponsiblePlay }) {
  const id = useId();
  const setReminder = useSetReminder();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Lembrete de tempo no site</CardTitle>
        <CardDescription>Avisamos quanto tempo você está na plataforma.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-2 sm:max-w-xs">
        <Label htmlFor={`${id}-reminder`}>Avisar a cada</Label>
        <NativeSelect
          id={`${id}-reminder`}
          value={String(state.reminderMinutes)}
          disabled={setReminder.isPending}
          onChange={(e) => {
            void setReminder.mutateAsync(Number(e.target.value)).then(
              () => notify({ type: 'success', title: 'Lembrete atualizado' }),
              (err: unknown) =>
                notify({ type: 'error', title: 'Erro', message: errorMessageOf(err) }),
            );
          }}
        >
          {reminderMinutesOptions.map((m) => (
            <option key={m} value={m}>
              {m === 0 ? 'Nunca' : countOf(m, 'minuto', 'minutos')}
            </option>
          ))}
        </NativeSelect>
      </CardContent>
    </Card>
  );
}

function SelfExclusionCard() {
  const id = useId();
  const exclude = useSelfExclude();
  const [period, setPeriod] = useState<SelfExclusionPeriod>('1m');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  return (
    <Card className="border-destructive/40">
      <CardHeader>
        <CardTitle>Autoexclusão</CardTitle>
        <CardDescription>
          Começa imediatamente e não pode ser encerrada antes do prazo. Seu saldo continua
          disponível para saque.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form
          noValidate
          className="grid gap-4 sm:grid-cols-3 sm:items-end"
          onSubmit={(event) => {
            event.preventDefault();
            setError(null);
            exclude
              .mutateAsync({ period, confirm: confirm as 'AUTOEXCLUIR' })
              .then(() =>
                notify({
                  type: 'success',
                  title: 'Autoexclusão ativada',
                  message: 'Entradas e depósitos estão bloqueados a partir de agora.',
                }),
              )
              .catch((e: unknown) =>
                setError(errorMessageOf(e) ?? 'Não foi possível ativar a autoexclusão.'),
              );
          }}
        >
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${id}-period`}>Período</Label>
            <NativeSelect
              id={`${id}-period`}
              value={period}
              onChange={(e) => setPeriod(e.target.value as SelfExclusionPeriod)}
            >
              {selfExclusionPeriods.map((p) => (
                <option key={p} value={p}>
                  {selfExclusionLabels[p]}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${id}-confirm`}>Digite AUTOEXCLUIR para confirmar</Label>
            <Input
              id={`${id}-confirm`}
              autoComplete="off"
              value={confirm}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              onChange={(e) => setConfirm(e.target.value)}
            />
          </div>
          <Button type="submit" variant="destructive" disabled={exclude.isPending}>
            Ativar autoexclusão
          </Button>
          {error && (
            <p id={`${id}-error`} role="alert" className="text-sm text-destructive sm:col-span-3">
              {error}
            </p>
          )}
        </form>
      </CardContent>
    </Card>
  );
}

/** The 'Jogo Responsável' page: rules, the player's own figures and choices, where to find help. */
export function ResponsiblePlayScreen() {
  const query = useResponsiblePlay();
  const state = query.data;
  const exclusion = state?.selfExclusion ?? null;
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-8 sm:px-6">
      <header className="flex flex-col gap-2">
        <h1 className="flex items-center gap-2 text-2xl font-bold">
          <HeartHandshake aria-hidden="true" className="size-7 text-primary" />
          {RESPONSIBLE_PLAY_TITLE}
        </h1>
        <p className="text-muted-foreground">
          Regras e ferramentas para que o sorteio continue sendo diversão (Lei 14.790/2023).
        </p>
      </header>
      <Card>
        <CardHeader>
          <CardTitle>Regras</CardTitle>
        </CardHeader>
        <CardContent>
          <ul className="list-disc space-y-2 pl-5 text-sm">
            {rules.map((r) => (
              <li key={r}>{r}</li>
            ))}
          </ul>
        </CardContent>
      </Card>
      {query.isError && (
        <Alert variant="destructive">
          <AlertTitle>Não foi possível carregar seus dados</AlertTitle>
          <AlertDescription>
            {errorMessageOf(query.error)}{' '}
            <Button variant="link" className="h-auto p-0" onClick={() => void query.refetch()}>
              Tentar novamente
            </Button>
          </AlertDescription>
        </Alert>
      )}
      {query.isPending && <p className="text-sm text-muted-foreground">Carregando…</p>}
      {state && (
        <>
          {exclusion && (
            <Alert variant="destructive">
              <ShieldAlert aria-hidden="true" />
              <AlertTitle>Autoexclusão ativa</AlertTitle>
              <AlertDescription>
                {responsiblePlayMessages.selfExcluded(
                  exclusion.until ? formatDateTime(exclusion.until) : null,
                )}
              </AlertDescription>
            </Alert>
          )}
          <Figures state={state} />
          <LimitsCard state={state} disabled={false} />
          <ReminderCard state={state} />
          {!exclusion && <SelfExclusionCard />}
        </>
      )}
      <Card>
        <CardHeader>
          <CardTitle>Onde buscar ajuda</CardTitle>
        </CardHeader>
        <CardContent>
          <ul className="space-y-2 text-sm">
            {responsiblePlayMessages.helpLines.map((h) => (
              <li key={h.name}>
                <span className="font-medium">{h.name}</span>: {h.contact}
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>
    </div>
  );
}
