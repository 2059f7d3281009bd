import { useId } from 'react';
import { type ResponsiblePlay, reminderMinutesOptions } from '@sorteio/shared';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { errorMessageOf } from '@/lib/errors';
import { notify } from '@/lib/notifications/notify';
import { useSetReminder } from '../api/responsible-play';
import { countOf } from '@/lib/plural';

/** How often the time-on-site reminder shows. */
export function ReminderCard({ state }: { state: ResponsiblePlay }) {
  const id = useId();
  const setReminder = useSetReminder();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Lembrete de tempo no site</CardTitle>
        <CardDescription>Avisamos quanto tempo você está na plataforma.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-2 sm:max-w-xs">
        <Label htmlFor={`${id}-reminder`}>Avisar a cada</Label>
        <NativeSelect
          id={`${id}-reminder`}
          value={String(state.reminderMinutes)}
          disabled={setReminder.isPending}
          onChange={(e) => {
            void setReminder.mutateAsync(Number(e.target.value)).then(
              () => notify({ type: 'success', title: 'Lembrete atualizado' }),
              (err: unknown) =>
                notify({ type: 'error', title: 'Erro', message: errorMessageOf(err) }),
            );
          }}
        >
          {reminderMinutesOptions.map((m) => (
            <option key={m} value={m}>
              {m === 0 ? 'Nunca' : countOf(m, 'minuto', 'minutos')}
            </option>
          ))}
        </NativeSelect>
      </CardContent>
    </Card>
  );
}
