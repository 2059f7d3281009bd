import {
  MAINTENANCE_MAX_DAYS,
  type ServiceStatus,
  maintenanceMessages,
  servicePlayerLabels,
} from '@sorteio/shared';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { isApiError } from '@/lib/api-client';
import { useNotifications } from '@/lib/notifications/use-notifications';
import { useStartMaintenance } from '../api/services';

/** A date as the value of a datetime-local input (the browser's local time). */
function toLocalInput(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The same rules as the server, so most mistakes are caught before the request. */
export function validateMaintenance(
  reason: string,
  endsAtLocal: string,
  now = new Date(),
): { error: string } | { reason: string; endsAt: string } {
  const trimmed = reason.trim();
  if (trimmed.length < 5 || trimmed.length > 300)
    return { error: maintenanceMessages.reasonRequired };
  const end = new Date(endsAtLocal);
  if (!endsAtLocal || Number.isNaN(end.getTime())) return { error: maintenanceMessages.endInvalid };
  if (end.getTime() <= now.getTime() + 60_000) return { error: maintenanceMessages.endInPast };
  if (end.getTime() > now.getTime() + MAINTENANCE_MAX_DAYS * 86_400_000)
    return { error: maintenanceMessages.endTooFar };
  return { reason: trimmed, endsAt: end.toISOString() };
}

export function MaintenanceDialog({
  service,
  open,
  onOpenChange,
}: {
  service: ServiceStatus;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { notify } = useNotifications();
  const start = useStartMaintenance();
  const [reason, setReason] = useState('');
  const [endsAt, setEndsAt] = useState(() => toLocalInput(new Date(Date.now() + 3_600_000)));
  const [error, setError] = useState<string | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const checked = validateMaintenance(reason, endsAt);
    if ('error' in checked) {
      setError(checked.error);
      return;
    }
    setError(null);
    start.mutate(
      { id: service.id, input: checked },
      {
        onSuccess: () => {
          notify({
            type: 'success',
            title: maintenanceMessages.started,
            message: `${service.name} em manutenção.`,
          });
          onOpenChange(false);
        },
        onError: (e) => setError(isApiError(e) ? e.message : 'Tente novamente'),
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <form onSubmit={onSubmit} className="flex flex-col gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>Manutenção: {service.name}</DialogTitle>
            <DialogDescription>
              Os jogadores verão um aviso sobre {servicePlayerLabels[service.id]} até o término
              informado. A manutenção termina sozinha nesse horário.
            </DialogDescription>
          </DialogHeader>
          <div className="flex flex-col gap-2">
            <Label htmlFor="maintenance-reason">Motivo</Label>
            <Textarea
              id="maintenance-reason"
              value={reason}
              maxLength={300}
              onChange={(e) => setReason(e.target.value)}
            />
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor="maintenance-end">Término</Label>
            <Input
              id="maintenance-end"
              type="datetime-local"
              value={endsAt}
              onChange={(e) => setEndsAt(e.target.value)}
            />
          </div>
          {error && (
            <p role="alert" className="text-sm text-destructive">
              {error}
            </p>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancelar
            </Button>
            <Button type="submit" disabled={start.isPending}>
              {start.isPending ? 'Salvando...' : 'Iniciar manutenção'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
