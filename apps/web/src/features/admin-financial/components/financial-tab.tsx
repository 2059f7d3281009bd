import { can, formatBRL, formatInteger } from '@sorteio/shared';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useAuth } from '@/lib/auth/use-auth';
import { useFinanceSummary } from '../api/get-finance-summary';
import { CategoryTable, DailyTable, Reports, TransactionsTable } from './finance-tables';
import { LedgerAuditCard } from './ledger-audit-card';
import { Loaded } from './loaded';
import { PayoutQueue } from './payout-queue';

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
