import { useId, useState } from 'react';
import {
  type LimitKind,
  type LimitPeriod,
  type ResponsiblePlay,
  formatBRL,
  formatDateTime,
  limitKindLabels,
  limitKinds,
  limitPeriodLabels,
  limitPeriods,
  parseBRL,
} from '@sorteio/shared';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { errorMessageOf } from '@/lib/errors';
import { notify } from '@/lib/notifications/notify';
import { useSetPlayLimit } from '../api/responsible-play';

/** The player's deposit and spending limits: the table of each limit and the form to change one. */
export function LimitsCard({ state, disabled }: { state: ResponsiblePlay; disabled: boolean }) {
  const id = useId();
  const setLimit = useSetPlayLimit();
  const [kind, setKind] = useState<LimitKind>('spending');
  const [period, setPeriod] = useState<LimitPeriod>('day');
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | null>(null);

  const save = async (amountCentavos: number | null) => {
    setError(null);
    try {
      const answer = await setLimit.mutateAsync({ kind, period, amountCentavos });
      notify({ type: 'success', title: 'Limite salvo', message: answer.message });
      setAmount('');
    } catch (e) {
      setError(errorMessageOf(e) ?? 'Não foi possível salvar o limite.');
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Limites de depósito e de gastos</CardTitle>
        <CardDescription>
          Gastos contam as entradas em salas (pagas com saldo ou por PIX); depósitos contam as
          recargas de saldo.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        <table className="w-full text-sm">
          <caption className="sr-only">Seus limites</caption>
          <thead>
            <tr className="text-left text-muted-foreground">
              <th scope="col" className="py-1 font-medium">
                Limite
              </th>
              <th scope="col" className="py-1 font-medium">
                Valor
              </th>
              <th scope="col" className="py-1 font-medium">
                Usado
              </th>
            </tr>
          </thead>
          <tbody>
            {state.limits.map((l) => (
              <tr key={`${l.kind}-${l.period}`} className="border-t">
                <th scope="row" className="py-2 text-left font-normal">
                  {limitKindLabels[l.kind]} — {limitPeriodLabels[l.period]}
                </th>
                <td className="py-2">
                  {l.amountCentavos === null ? 'Sem limite' : formatBRL(l.amountCentavos)}
                  {l.pending && (
                    <span className="block text-xs text-muted-foreground">
                      {l.pending.amountCentavos === null
                        ? 'Remoção'
                        : `Aumento para ${formatBRL(l.pending.amountCentavos)}`}{' '}
                      a partir de {formatDateTime(l.pending.effectiveAt)}
                    </span>
                  )}
                </td>
                <td className="py-2">{formatBRL(l.usedCentavos)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <form
          noValidate
          className="grid gap-4 sm:grid-cols-4 sm:items-end"
          onSubmit={(event) => {
            event.preventDefault();
            const centavos = parseBRL(amount);
            if (centavos === null) {
              setError('Valor inválido. Use, por exemplo, 50,00.');
              return;
            }
            void save(centavos);
          }}
        >
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${id}-kind`}>Tipo</Label>
            <NativeSelect
              id={`${id}-kind`}
              value={kind}
              disabled={disabled}
              onChange={(e) => setKind(e.target.value as LimitKind)}
            >
              {limitKinds.map((k) => (
                <option key={k} value={k}>
                  {limitKindLabels[k]}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${id}-period`}>Período</Label>
            <NativeSelect
              id={`${id}-period`}
              value={period}
              disabled={disabled}
              onChange={(e) => setPeriod(e.target.value as LimitPeriod)}
            >
              {limitPeriods.map((p) => (
                <option key={p} value={p}>
                  {limitPeriodLabels[p]}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${id}-amount`}>Valor (R$)</Label>
            <Input
              id={`${id}-amount`}
              inputMode="decimal"
              placeholder="Ex.: 50,00"
              value={amount}
              disabled={disabled}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              onChange={(e) => setAmount(e.target.value)}
            />
          </div>
          <div className="flex gap-2">
            <Button type="submit" disabled={disabled || setLimit.isPending}>
              Salvar limite
            </Button>
            <Button
              type="button"
              variant="outline"
              disabled={disabled || setLimit.isPending}
              onClick={() => void save(null)}
            >
              Remover
            </Button>
          </div>
          {error && (
            <p id={`${id}-error`} role="alert" className="text-sm text-destructive sm:col-span-4">
              {error}
            </p>
          )}
        </form>
      </CardContent>
    </Card>
  );
}
