import {
  type ActivityItem,
  type AdminAccess,
  type AdminDashboard,
  type RealtimeMetrics,
  type SystemAlert,
  formatBRL,
  formatInteger,
  formatPercent,
  roleLabels,
} from '@sorteio/shared';
import {
  AlertTriangle,
  CheckCircle2,
  CircleDollarSign,
  Clock,
  DoorOpen,
  Info,
  Ticket,
  Trophy,
  UserCheck,
  Users,
  XCircle,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { DataTable } from '@/components/data-table';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/utils';
import { activityColumns } from './activity-columns';

function MetricCard({
  title,
  value,
  detail,
  icon,
  tone,
}: {
  title: string;
  value: string;
  detail?: string;
  icon: ReactNode;
  tone?: 'warning';
}) {
  return (
    <Card className={cn('gap-2 py-4', tone === 'warning' && 'border-warning')}>
      <CardHeader className="flex flex-row items-center justify-between gap-2 px-4">
        <CardTitle className="text-sm font-medium text-muted-foreground">{title}</CardTitle>
        <span aria-hidden="true" className="text-muted-foreground [&>svg]:size-4">
          {icon}
        </span>
      </CardHeader>
      <CardContent className="px-4">
        <p className="text-2xl font-bold tabular-nums">{value}</p>
        {detail ? <p className="text-xs text-muted-foreground">{detail}</p> : null}
      </CardContent>
    </Card>
  );
}

/** The seven metric cards (spec 001 section 2), all from real data. */
export function MetricCards({ metrics }: { metrics: AdminDashboard['metrics'] }) {
  return (
    <section aria-label="Métricas" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <MetricCard
        title="Total de usuários"
        value={formatInteger(metrics.totalUsers)}
        detail={`+${formatInteger(metrics.newUsers24h)} nas últimas 24h`}
        icon={<Users />}
      />
      <MetricCard
        title="Usuários ativos hoje"
        value={formatInteger(metrics.activeToday)}
        detail="com atividade desde 00:00"
        icon={<UserCheck />}
      />
      <MetricCard
        title="Salas ativas"
        value={formatInteger(metrics.openRooms)}
        detail="abertas agora"
        icon={<DoorOpen />}
      />
      <MetricCard
        title="Participações"
        value={formatInteger(metrics.participations)}
        detail="pagamentos confirmados"
        icon={<Ticket />}
      />
      <MetricCard
        title="Receita Total"
        value={formatBRL(metrics.revenue)}
        detail={`Taxas da plataforma: ${formatBRL(metrics.platformFees)}`}
        icon={<CircleDollarSign />}
      />
      <MetricCard
        title="Sorteios realizados"
        value={formatInteger(metrics.draws)}
        icon={<Trophy />}
      />
      <MetricCard
        title="Prêmios pendentes"
        value={formatInteger(metrics.pendingPrizes)}
        detail={formatBRL(metrics.pendingPrizesAmount)}
        icon={<Clock />}
        tone={metrics.pendingPrizes > 0 ? 'warning' : undefined}
      />
    </section>
  );
}

const alertIcon = {
  warning: AlertTriangle,
  info: Info,
  success: CheckCircle2,
  error: XCircle,
} as const;
const priorityLabel = { high: 'Alta', medium: 'Média', low: 'Baixa' } as const;
const priorityVariant = { high: 'destructive', medium: 'warning', low: 'secondary' } as const;

export function SystemAlerts({ alerts }: { alerts: SystemAlert[] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Alertas do sistema</CardTitle>
      </CardHeader>
      <CardContent>
        {alerts.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nenhum alerta no momento.</p>
        ) : (
          <ul className="flex flex-col gap-3">
            {alerts.map((alert) => {
              const Icon = alertIcon[alert.kind];
              return (
                <li key={alert.id} className="flex items-start gap-3 rounded-md border p-3">
                  <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
                  <div className="flex-1">
                    <p className="font-medium">{alert.title}</p>
                    <p className="text-sm text-muted-foreground">{alert.message}</p>
                  </div>
                  <Badge variant={priorityVariant[alert.priority]}>
                    {priorityLabel[alert.priority]}
                  </Badge>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

export function RecentActivity({ items }: { items: ActivityItem[] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Atividade recente</CardTitle>
      </CardHeader>
      <CardContent>
        {items.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nenhuma atividade recente.</p>
        ) : (
          <DataTable
            label="Atividade recente"
            columns={activityColumns}
            data={items.slice(0, 5)}
            getRowId={(item) => item.id}
          />
        )}
      </CardContent>
    </Card>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex items-center justify-between gap-3 border-b py-2 last:border-0">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="font-semibold tabular-nums">{value}</dd>
    </div>
  );
}

/** Conversion = players with a paid entry ÷ players (the server's figure); ticket = revenue ÷ participations. */
export function PerformanceCard({
  performance,
  realtime,
}: {
  performance: AdminDashboard['performance'];
  realtime: RealtimeMetrics | undefined;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Desempenho</CardTitle>
        <CardDescription>Hoje atualiza a cada 15 segundos</CardDescription>
      </CardHeader>
      <CardContent>
        <dl>
          <Figure label="Taxa de conversão" value={formatPercent(performance.conversionRate)} />
          <Figure label="Ticket médio" value={formatBRL(performance.averageTicket)} />
          <Figure
            label="Receita de hoje"
            value={realtime ? formatBRL(realtime.todayRevenue) : '—'}
          />
          <Figure
            label="Participações de hoje"
            value={realtime ? formatInteger(realtime.todayParticipations) : '—'}
          />
        </dl>
      </CardContent>
    </Card>
  );
}

function YesNo({ value }: { value: boolean }) {
  return <Badge variant={value ? 'success' : 'destructive'}>{value ? 'Sim' : 'Não'}</Badge>;
}

/** The admin access debug card (spec 001 section 2): what the server says about the caller. */
export function AccessDebugCard({ access, error }: { access?: AdminAccess; error?: string }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Acesso administrativo</CardTitle>
        <CardDescription>Verificação feita pelo servidor para a sua sessão</CardDescription>
      </CardHeader>
      <CardContent>
        {error ? (
          <p className="text-sm text-destructive">{error}</p>
        ) : !access ? (
          <p className="text-sm text-muted-foreground">Verificando...</p>
        ) : (
          <dl className="grid gap-2 text-sm sm:grid-cols-2">
            <div className="flex items-center justify-between gap-2">
              <dt>Autenticado</dt>
              <dd>
                <YesNo value={access.is_authenticated} />
              </dd>
            </div>
            <div className="flex items-center justify-between gap-2">
              <dt>Administrador</dt>
              <dd>
                <YesNo value={access.is_admin} />
              </dd>
            </div>
            <div className="flex items-center justify-between gap-2">
              <dt>Registro de administrador</dt>
              <dd>
                <YesNo value={access.admin_record_exists} />
              </dd>
            </div>
            <div className="flex items-center justify-between gap-2">
              <dt>Verificação em duas etapas</dt>
              <dd>
                <YesNo value={access.twoFactorEnabled} />
              </dd>
            </div>
            <div className="flex items-center justify-between gap-2 sm:col-span-2">
              <dt>Cargo</dt>
              <dd className="font-medium">{roleLabels[access.role]}</dd>
            </div>
            <div className="sm:col-span-2">
              <dt className="mb-1">Permissões ({access.permissions.length})</dt>
              <dd className="flex flex-wrap gap-1">
                {access.permissions.map((p) => (
                  <Badge key={p} variant="outline" className="font-mono font-normal">
                    {p}
                  </Badge>
                ))}
              </dd>
            </div>
          </dl>
        )}
      </CardContent>
    </Card>
  );
}
