import {
  type ResponsiblePlay,
  formatBRL,
  formatDateTime,
  responsiblePlayMessages,
} from '@sorteio/shared';
import { HeartHandshake, ShieldAlert } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { errorMessageOf } from '@/lib/errors';
import { useResponsiblePlay } from '../api/responsible-play';
import { LimitsCard } from './limits-card';
import { ReminderCard } from './reminder-card';
import { SelfExclusionCard } from './self-exclusion-card';

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
