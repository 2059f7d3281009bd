import { zodResolver } from '@hookform/resolvers/zod';
import {
  type ServiceStatus,
  type StartMaintenanceFormInput,
  type StartMaintenanceInput,
  maintenanceMessages,
  servicePlayerLabels,
  startMaintenanceFormSchema,
} from '@sorteio/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { InputField, TextareaField, firstErrorMessage } from '@/components/form-field';
import { DialogHeading, DialogShell } from '@/components/dialog-shell';
import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';
import { isApiError } from '@/lib/api-client';
import { useNotifications } from '@/lib/notifications/use-notifications';
import { useStartMaintenance } from '../api/start-maintenance';

/** A date as the value of a datetime-local input (the browser's local time). */
function toLocalInput(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

const schema = startMaintenanceFormSchema();

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
  // The first problem, shown above the buttons (a modal dialog hides the toasts).
  const [error, setError] = useState<string | null>(null);
  const { register, handleSubmit } = useForm<
    StartMaintenanceFormInput,
    unknown,
    StartMaintenanceInput
  >({
    resolver: zodResolver(schema),
    defaultValues: { reason: '', endsAt: toLocalInput(new Date(Date.now() + 3_600_000)) },
  });

  const onSubmit = handleSubmit(
    (input) => {
      setError(null);
      start.mutate(
        { id: service.id, input },
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
    },
    (errors) => setError(firstErrorMessage(errors) ?? maintenanceMessages.reasonRequired),
  );

  return (
    <DialogShell open={open} onOpenChange={onOpenChange}>
      <form onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4" noValidate>
        <DialogHeading
          title={<>Manutenção: {service.name}</>}
          description={
            <>
              Os jogadores verão um aviso sobre {servicePlayerLabels[service.id]} até o término
              informado. A manutenção termina sozinha nesse horário.
            </>
          }
        />
        <TextareaField
          id="maintenance-reason"
          label="Motivo"
          maxLength={300}
          registration={register('reason')}
        />
        <InputField
          id="maintenance-end"
          label="Término"
          type="datetime-local"
          registration={register('endsAt')}
        />
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
    </DialogShell>
  );
}
