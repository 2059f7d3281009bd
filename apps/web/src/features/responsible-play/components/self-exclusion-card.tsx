import { useId, useState } from 'react';
import {
  type SelfExclusionPeriod,
  selfExclusionLabels,
  selfExclusionPeriods,
} from '@sorteio/shared';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { errorMessageOf } from '@/lib/errors';
import { notify } from '@/lib/notifications/notify';
import { useSelfExclude } from '../api/responsible-play';

/** The self-exclusion form: the period and the typed confirmation. */
export function SelfExclusionCard() {
  const id = useId();
  const exclude = useSelfExclude();
  const [period, setPeriod] = useState<SelfExclusionPeriod>('1m');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  return (
    <Card className="border-destructive/40">
      <CardHeader>
        <CardTitle>Autoexclusão</CardTitle>
        <CardDescription>
          Começa imediatamente e não pode ser encerrada antes do prazo. Seu saldo continua
          disponível para saque.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form
          noValidate
          className="grid gap-4 sm:grid-cols-3 sm:items-end"
          onSubmit={(event) => {
            event.preventDefault();
            setError(null);
            exclude
              .mutateAsync({ period, confirm: confirm as 'AUTOEXCLUIR' })
              .then(() =>
                notify({
                  type: 'success',
                  title: 'Autoexclusão ativada',
                  message: 'Entradas e depósitos estão bloqueados a partir de agora.',
                }),
              )
              .catch((e: unknown) =>
                setError(errorMessageOf(e) ?? 'Não foi possível ativar a autoexclusão.'),
              );
          }}
        >
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${id}-period`}>Período</Label>
            <NativeSelect
              id={`${id}-period`}
              value={period}
              onChange={(e) => setPeriod(e.target.value as SelfExclusionPeriod)}
            >
              {selfExclusionPeriods.map((p) => (
                <option key={p} value={p}>
                  {selfExclusionLabels[p]}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${id}-confirm`}>Digite AUTOEXCLUIR para confirmar</Label>
            <Input
              id={`${id}-confirm`}
              autoComplete="off"
              value={confirm}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              onChange={(e) => setConfirm(e.target.value)}
            />
          </div>
          <Button type="submit" variant="destructive" disabled={exclude.isPending}>
            Ativar autoexclusão
          </Button>
          {error && (
            <p id={`${id}-error`} role="alert" className="text-sm text-destructive sm:col-span-3">
              {error}
            </p>
          )}
        </form>
      </CardContent>
    </Card>
  );
}
