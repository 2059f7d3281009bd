import { useQueryClient } from '@tanstack/react-query';
import { adminMessages } from '@sorteio/shared';
import { RefreshCw } from 'lucide-react';
import { useEffect, useState } from 'react';
import { LoadError } from '@/components/load-error';
import { PageSpinner } from '@/components/page-spinner';
import { Button } from '@/components/ui/button';
import { errorMessageOf } from '@/lib/errors';
import { notify } from '@/lib/notifications/notify';
import { useAdminAccess } from '../api/get-admin-access';
import { dashboardQueryOptions, useAdminDashboard } from '../api/get-admin-dashboard';
import { realtimeQueryOptions, useRealtimeMetrics } from '../api/get-realtime-metrics';
import { activityQueryOptions, useRecentActivity } from '../api/get-recent-activity';
import {
  AccessDebugCard,
  MetricCards,
  PerformanceCard,
  RecentActivity,
  SystemAlerts,
} from './dashboard-cards';

/** Spec 001 section 8: the toasts of 'Atualizar Dados' stay 3 s (success) and 5 s (failure). */
export const REFRESH_SUCCESS_MS = 3000;
export const REFRESH_ERROR_MS = 5000;

/** Shows a load failure once per failure, not on every refetch (spec 001 section 8). */
function useErrorToast(isError: boolean, title: string, error: unknown, silenced: WeakSet<object>) {
  useEffect(() => {
    // A failure of 'Atualizar Dados' has its own toast.
    if (isError && !(typeof error === 'object' && error !== null && silenced.has(error)))
      notify({ type: 'error', title, message: errorMessageOf(error) });
  }, [isError, title, error, silenced]);
}

/** 'Visão Geral' (spec 001 sections 2 and 9). */
export function AdminDashboardTab() {
  const queryClient = useQueryClient();
  const dashboard = useAdminDashboard();
  const activity = useRecentActivity();
  const realtime = useRealtimeMetrics();
  const access = useAdminAccess();
  const [refreshing, setRefreshing] = useState(false);
  const [refreshErrors] = useState(() => new WeakSet<object>());

  useErrorToast(dashboard.isError, adminMessages.metricsError, dashboard.error, refreshErrors);
  useErrorToast(activity.isError, adminMessages.activityError, activity.error, refreshErrors);

  const refresh = async () => {
    setRefreshing(true);
    try {
      const remember = (error: unknown) => {
        if (typeof error === 'object' && error !== null) refreshErrors.add(error);
        throw error;
      };
      await Promise.all([
        queryClient.fetchQuery({ ...dashboardQueryOptions(), staleTime: 0 }).catch(remember),
        queryClient.fetchQuery({ ...activityQueryOptions(), staleTime: 0 }).catch(remember),
        queryClient.fetchQuery({ ...realtimeQueryOptions(), staleTime: 0 }).catch(remember),
      ]);
      notify({
        type: 'success',
        title: adminMessages.refreshed,
        message: adminMessages.refreshedDetail,
        duration: REFRESH_SUCCESS_MS,
      });
    } catch {
      notify({
        type: 'error',
        title: adminMessages.refreshError,
        message: adminMessages.refreshErrorDetail,
        duration: REFRESH_ERROR_MS,
      });
    } finally {
      setRefreshing(false);
    }
  };

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h2 className="text-2xl font-bold tracking-tight">Visão Geral</h2>
          <p className="text-sm text-muted-foreground">
            Números do banco de dados, atualizados a cada 30 segundos
          </p>
        </div>
        <Button onClick={() => void refresh()} disabled={refreshing}>
          <RefreshCw aria-hidden="true" className={refreshing ? 'animate-spin' : undefined} />
          Atualizar Dados
        </Button>
      </div>

      {dashboard.isPending ? (
        <PageSpinner label="Carregando métricas..." />
      ) : dashboard.isError && !dashboard.data ? (
        <LoadError
          title={adminMessages.metricsError}
          message={errorMessageOf(dashboard.error)}
          onRetry={() => void dashboard.refetch()}
        />
      ) : (
        <>
          <MetricCards metrics={dashboard.data.metrics} />
          <div className="grid gap-6 lg:grid-cols-2">
            <SystemAlerts alerts={dashboard.data.alerts} />
            <PerformanceCard performance={dashboard.data.performance} realtime={realtime.data} />
          </div>
        </>
      )}
      <div className="grid gap-6 lg:grid-cols-2">
        <RecentActivity items={activity.data ?? []} />
        <AccessDebugCard
          access={access.data}
          error={access.isError ? errorMessageOf(access.error) : undefined}
        />
      </div>
    </div>
  );
}
