import { pushMessages } from '@sorteio/shared';
import { BellRing } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { PermissionDeniedError, useDevicePush } from '../hooks/use-device-push';

/** "Receber notificações no celular": this device's push notifications, on or off. */
export function PushNotificationsCard() {
  const { state, toggle } = useDevicePush();
  const current = state.data;
  const on = toggle.isPending ? toggle.variables : current === 'on';
  const blocked = current === 'unsupported' || current === 'denied';
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="flex items-center gap-2">
            <BellRing aria-hidden="true" className="size-5 text-primary" />
            {pushMessages.cardTitle}
          </h2>
        </CardTitle>
        <CardDescription>{pushMessages.cardDescription}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <div className="flex items-center justify-between gap-4 rounded-md border p-3">
          <Label htmlFor="notificacoes-aparelho">{pushMessages.switchLabel}</Label>
          <input
            id="notificacoes-aparelho"
            type="checkbox"
            role="switch"
            className="size-5 accent-primary"
            checked={Boolean(on)}
            disabled={state.isPending || blocked || toggle.isPending}
            onChange={(e) => toggle.mutate(e.target.checked)}
          />
        </div>
        {current === 'unsupported' ? (
          <p className="text-sm text-muted-foreground">{pushMessages.unsupported}</p>
        ) : current === 'denied' || toggle.error instanceof PermissionDeniedError ? (
          <p role="alert" className="text-sm text-destructive">
            {pushMessages.denied}
          </p>
        ) : toggle.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {pushMessages.failed}
          </p>
        ) : toggle.isSuccess ? (
          <p role="status" className="text-sm text-primary">
            {toggle.data === 'on' ? pushMessages.enabled : pushMessages.disabled}
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}
