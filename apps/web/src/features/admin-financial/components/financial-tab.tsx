import type { ColumnDef } from '@tanstack/react-table';
import {
  can,
  formatBRL,
  formatDate,
  formatDateTime,
  formatInteger,
  paymentMethodLabels,
  roomTypeLabel,
  type FinanceEntryStatus,
  type PayoutQueueItem,
} from '@sorteio/shared';
import { Download, ShieldCheck, ShieldAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { DataTable } from '@/components/data-table';
import { LoadError } from '@/components/load-error';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useAuth } from '@/lib/auth/use-auth';
import { useNotifications } from '@/lib/notifications/use-notifications';
import { useByCategory } from '../api/get-by-category';
import { useDailySummary } from '../api/get-daily-summary';
import { useFinanceSummary } from '../api/get-finance-summary';
import { useLedgerAudit } from '../api/get-ledger-audit';
import { usePayoutQueue } from '../api/get-payout-queue';
import { useRecentTransactions } from '../api/get-recent-transactions';
import { reportUrl } from '../api/get-report';
import { usePayoutAction } from '../api/payout-action';
import { useRunLedgerAudit } from '../api/run-ledger-audit';
import { CreditPayoutDialog } from './credit-payout-dialog';

type Q<T> = {
  isPending: boolean;
  isError: boolean;
  error: Error | null;
  data: T | undefined;
  refetch: () => unknown;
};

/** Loading, error with retry, or the content. */
function Loaded<T>({
  query,
  title,
  children,
}: {
  query: Q<T>;
  title: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <Spinner />;
  if (query.isError || query.data === undefined)
    return (
      <LoadError
        title={title}
        message={query.error?.message}
        onRetry={() => void query.refetch()}
      />
    );
  return <>{children(query.data)}</>;
}

function SummaryCards() {
  const summary = useFinanceSummary();
  return (
    <Loaded query={summary} title="Erro ao carregar o financeiro">
      {(s) => (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {(
            [
              [
                'Receita Total',
                formatBRL(s.totalRevenue),
                // Refunded entries are not revenue: the card says how much was given back.
                s.refundedCount > 0
                  ? `Sem ${formatBRL(s.refundedTotal)} reembolsados (${formatInteger(s.refundedCount)})`
                  : null,
              ],
              ['Transações', formatInteger(s.transactions), null],
              ['Valor Médio', formatBRL(s.averageValue), null],
              ['Categorias', formatInteger(s.categories), null],
            ] as const
          ).map(([label, value, note]) => (
            <Card key={label}>
              <CardHeader className="pb-2">
                <CardTitle className="text-sm font-medium text-muted-foreground">{label}</CardTitle>
              </CardHeader>
              <CardContent>
                <p className="text-2xl font-bold tabular-nums">{value}</p>
                {note && <p className="text-xs text-muted-foreground">{note}</p>}
              </CardContent>
            </Card>
          ))}
        </div>
      )}
    </Loaded>
  );
}

/** A participation's status as finance shows it; a refunded entry reads 'Reembolsado'. */
const entryStatus: Record<
  FinanceEntryStatus,
  { label: string; variant: 'success' | 'secondary' | 'warning' | 'info' }
> = {
  pendente: { label: 'Pendente', variant: 'warning' },
  confirmado: { label: 'Confirmado', variant: 'success' },
  cancelado: { label: 'Cancelado', variant: 'secondary' },
  reembolsado: { label: 'Reembolsado', variant: 'info' },
};

function DailyTable() {
  const daily = useDailySummary();
  const columns: ColumnDef<
    { date: string; revenue: number; fees: number; count: number; average: number },
    unknown
  >[] = [
    { id: 'data', header: 'Data', cell: ({ row }) => formatDate(`${row.original.date}T12:00:00`) },
    { id: 'receita', header: 'Receita', cell: ({ row }) => formatBRL(row.original.revenue) },
    { id: 'taxas', header: 'Taxas', cell: ({ row }) => formatBRL(row.original.fees) },
    { accessorKey: 'count', header: 'Transações' },
    { id: 'media', header: 'Valor Médio', cell: ({ row }) => formatBRL(row.original.average) },
  ];
  return (
    <Loaded query={daily} title="Erro ao carregar o resumo diário">
      {(rows) => (
        <DataTable
          label="Resumo diário"
          columns={columns}
          data={rows.slice(0, 10)}
          empty="Sem movimento."
        />
      )}
    </Loaded>
  );
}

function TransactionsTable() {
  const tx = useRecentTransactions();
  type Row = NonNullable<typeof tx.data>[number];
  const columns: ColumnDef<Row, unknown>[] = [
    { accessorKey: 'userName', header: 'Usuário' },
    {
      id: 'sala',
      header: 'Sala',
      cell: ({ row }) => <span className="capitalize">{roomTypeLabel(row.original.tipoSala)}</span>,
    },
    { id: 'valor', header: 'Valor', cell: ({ row }) => formatBRL(row.original.valorPago) },
    {
      id: 'status',
      header: 'Status',
      cell: ({ row }) => {
        const status = entryStatus[row.original.statusPagamento];
        return <Badge variant={status.variant}>{status.label}</Badge>;
      },
    },
    {
      id: 'metodo',
      header: 'Método',
      cell: ({ row }) => paymentMethodLabels[row.original.metodoPagamento],
    },
    { id: 'data', header: 'Data', cell: ({ row }) => formatDateTime(row.original.createdAt) },
  ];
  return (
    <Loaded query={tx} title="Erro ao carregar transações">
      {(rows) => (
        <DataTable
          label="Transações recentes"
          columns={columns}
          data={rows}
          getRowId={(r) => r.id}
          empty="Nenhuma transação."
        />
      )}
    </Loaded>
  );
}

function CategoryTable() {
  const cats = useByCategory();
  type Row = NonNullable<typeof cats.data>[number];
  const columns: ColumnDef<Row, unknown>[] = [
    {
      id: 'tipo',
      header: 'Tipo de sala',
      cell: ({ row }) => <span className="capitalize">{roomTypeLabel(row.original.tipoSala)}</span>,
    },
    { id: 'total', header: 'Total', cell: ({ row }) => formatBRL(row.original.total) },
    { accessorKey: 'count', header: 'Participações' },
  ];
  return (
    <Loaded query={cats} title="Erro ao carregar categorias">
      {(rows) => (
        <DataTable
          label="Totais por categoria"
          columns={columns}
          data={rows}
          empty="Nenhuma participação confirmada."
        />
      )}
    </Loaded>
  );
}

const reports = [
  ['transactions', 'Exportar Transações'],
  ['monthly', 'Relatório Mensal'],
  ['categories', 'Análise por Categoria'],
  ['growth', 'Relatório de Crescimento'],
] as const;

function Reports() {
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      {reports.map(([kind, label]) => (
        <Button key={kind} asChild variant="outline" className="justify-start">
          <a href={reportUrl(kind)} download>
            <Download aria-hidden="true" />
            {label}
          </a>
        </Button>
      ))}
      <p className="text-xs text-muted-foreground sm:col-span-2">
        Arquivos CSV para o Excel em português (separador ;, vírgula decimal).
      </p>
    </div>
  );
}

const payoutStatus = {
  pendente: 'Pendente',
  enviando: 'Enviando',
  confirmado: 'Pago',
  devolvido: 'Devolvido',
};

function PayoutQueue({ canAct }: { canAct: boolean }) {
  const queue = usePayoutQueue();
  const { notify } = useNotifications();
  const action = usePayoutAction();
  const act = (p: PayoutQueueItem, kind: 'retry' | 'credit') =>
    action.mutate(
      { id: p.id, action: kind },
      {
        onSuccess: () =>
          notify({
            type: 'success',
            title: 'Ação realizada!',
            message:
              kind === 'retry'
                ? 'Nova tentativa agendada.'
                : `${formatBRL(p.amount)} creditados no Saldo de ${p.userName}.`,
          }),
        onError: (e) => notify({ type: 'error', title: 'Erro', message: e.message }),
      },
    );
  const columns: ColumnDef<PayoutQueueItem, unknown>[] = [
    {
      id: 'tipo',
      header: 'Tipo',
      cell: ({ row }) => (row.original.kind === 'prize' ? 'Prêmio' : 'Saque'),
    },
    {
      id: 'pessoa',
      header: 'Usuário',
      cell: ({ row }) => `${row.original.userName} (${row.original.email})`,
    },
    { id: 'valor', header: 'Valor', cell: ({ row }) => formatBRL(row.original.amount) },
    {
      id: 'status',
      header: 'Status',
      cell: ({ row }) => <Badge variant="warning">{payoutStatus[row.original.status]}</Badge>,
    },
    { accessorKey: 'attempts', header: 'Tentativas' },
    { id: 'erro', header: 'Último erro', cell: ({ row }) => row.original.lastError ?? '—' },
    ...(canAct
      ? [
          {
            id: 'acoes',
            header: 'Ações',
            cell: ({ row }) => (
              <div className="flex gap-2">
                <Button
                  size="sm"
                  variant="outline"
                  disabled={action.isPending}
                  onClick={() => act(row.original, 'retry')}
                >
                  Tentar novamente
                </Button>
                <CreditPayoutDialog
                  payout={row.original}
                  disabled={action.isPending}
                  onConfirm={() => act(row.original, 'credit')}
                />
              </div>
            ),
          } satisfies ColumnDef<PayoutQueueItem, unknown>,
        ]
      : []),
  ];
  return (
    <Loaded query={queue} title="Erro ao carregar pagamentos">
      {(rows) => (
        <DataTable
          label="Fila de pagamentos"
          columns={columns}
          data={rows}
          getRowId={(r) => r.id}
          empty="Nenhum pagamento pendente."
        />
      )}
    </Loaded>
  );
}

function LedgerAuditCard({ canRun }: { canRun: boolean }) {
  const latest = useLedgerAudit();
  const run = useRunLedgerAudit();
  const { notify } = useNotifications();
  return (
    <Card>
      <CardHeader className="flex flex-row items-center justify-between gap-2">
        <CardTitle className="text-base">Auditoria do livro-caixa</CardTitle>
        {canRun && (
          <Button
            size="sm"
            variant="outline"
            disabled={run.isPending}
            onClick={() =>
              run.mutate(undefined, {
                onSuccess: (r) =>
                  notify({
                    type: r.ok ? 'success' : 'warning',
                    title: r.ok ? 'Auditoria sem divergências' : 'Auditoria encontrou divergências',
                  }),
                onError: (e) => notify({ type: 'error', title: 'Erro', message: e.message }),
              })
            }
          >
            Auditar agora
          </Button>
        )}
      </CardHeader>
      <CardContent>
        <Loaded query={latest} title="Erro ao carregar a auditoria">
          {({ audit }) =>
            audit ? (
              <div className="flex flex-col gap-2 text-sm">
                <p className="flex items-center gap-2 font-medium">
                  {audit.ok ? (
                    <ShieldCheck aria-hidden="true" className="size-4 text-success" />
                  ) : (
                    <ShieldAlert aria-hidden="true" className="size-4 text-destructive" />
                  )}
                  {audit.ok ? 'Tudo confere' : 'Divergências encontradas'} ·{' '}
                  {formatDateTime(audit.at)} · {audit.durationMs} ms
                </p>
                <ul className="flex flex-col gap-1">
                  {audit.checks.map((c) => (
                    <li
                      key={c.name}
                      className={c.ok ? 'text-muted-foreground' : 'text-destructive'}
                    >
                      {c.ok ? '✓' : '✗'} {c.name}: {c.detail}
                    </li>
                  ))}
                </ul>
              </div>
            ) : (
              <p className="text-sm text-muted-foreground">Nenhuma auditoria registrada ainda.</p>
            )
          }
        </Loaded>
      </CardContent>
    </Card>
  );
}

/** Spec 001 "Admin financial tab", from the ledger; plus the payout queue and the ledger audit. */
export function FinancialTab() {
  const { user, loading } = useAuth();
  if (loading) return <Spinner />;
  const role = user?.role;
  return (
    <div className="flex flex-col gap-6">
      <SummaryCards />
      <Tabs defaultValue="overview">
        <TabsList>
          <TabsTrigger value="overview">Visão Geral</TabsTrigger>
          <TabsTrigger value="transactions">Transações</TabsTrigger>
          <TabsTrigger value="categories">Por Categoria</TabsTrigger>
          {can(role, 'finance.export') && <TabsTrigger value="reports">Relatórios</TabsTrigger>}
        </TabsList>
        <TabsContent value="overview">
          <DailyTable />
        </TabsContent>
        <TabsContent value="transactions">
          <TransactionsTable />
        </TabsContent>
        <TabsContent value="categories">
          <CategoryTable />
        </TabsContent>
        <TabsContent value="reports">
          <Reports />
        </TabsContent>
      </Tabs>
      <section aria-labelledby="payouts-title" className="flex flex-col gap-3">
        <h2 id="payouts-title" className="text-lg font-semibold">
          Pagamentos pendentes
        </h2>
        <PayoutQueue canAct={can(role, 'finance.payouts')} />
      </section>
      <LedgerAuditCard canRun={can(role, 'finance.payouts')} />
    </div>
  );
}
