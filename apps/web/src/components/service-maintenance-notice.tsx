/**
 * The notice players see where a service matters while staff have it in maintenance
 * (/api-services > Manutenção): the PIX payment screens for 'payment-pix', the draw screens for
 * 'draws'. Read from the public, cacheable GET /api/public/maintenance; gone by itself at the end.
 */
import { type ServiceId, formatDateTime, maintenanceNoticesSchema } from '@sorteio/shared';
import { useQuery } from '@tanstack/react-query';
import { Wrench } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { api } from '@/lib/api-client';
import { cn } from '@/lib/utils';

export const maintenanceKeys = { notices: ['public', 'maintenance'] as const };

export function useMaintenanceNotices() {
  return useQuery({
    queryKey: maintenanceKeys.notices,
    queryFn: ({ signal }) =>
      api('/api/public/maintenance', { schema: maintenanceNoticesSchema, signal }),
    refetchInterval: 60_000,
    staleTime: 30_000,
    retry: false,
  });
}

export function ServiceMaintenanceNotice({
  services,
  className,
}: {
  services: ServiceId[];
  className?: string;
}) {
  const notices = useMaintenanceNotices();
  const now = Date.now();
  const items = (notices.data?.items ?? []).filter(
    (n) => services.includes(n.service) && Date.parse(n.endsAt) > now,
  );
  if (items.length === 0) return null;
  return (
    <div className={cn('mx-auto flex w-full max-w-4xl flex-col gap-2 px-4 pt-4', className)}>
      {items.map((n) => (
        <Alert key={n.service} variant="warning" role="status" aria-label={`Manutenção: ${n.name}`}>
          <Wrench aria-hidden="true" />
          <AlertTitle>Manutenção programada: {n.name}</AlertTitle>
          <AlertDescription>
            <p>{n.reason}</p>
            <p>Previsão de término: {formatDateTime(n.endsAt)}.</p>
          </AlertDescription>
        </Alert>
      ))}
    </div>
  );
}
