import type { ColumnDef } from '@tanstack/react-table';
import {
  formatBRL,
  formatDate,
  formatDateTime,
  paymentMethodLabels,
  roomTypeLabel,
  type FinanceEntryStatus,
} from '@sorteio/shared';
import { Download } from 'lucide-react';
import { DataTable } from '@/components/data-table';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useByCategory } from '../api/get-by-category';
import { useDailySummary } from '../api/get-daily-summary';
import { useRecentTransactions } from '../api/get-recent-transactions';
import { reportUrl } from '../api/get-report';
import { Loaded } from './loaded';

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

export function DailyTable() {
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

export function TransactionsTable() {
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

export function CategoryTable() {
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
  ['transactions', 'Exportar transações'],
  ['monthly', 'Relatório mensal'],
  ['categories', 'Análise por categoria'],
  ['growth', 'Relatório de crescimento'],
] as const;

export function Reports() {
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
