import { zodResolver } from '@hookform/resolvers/zod';
import { formatBRL, pixMessages, topupInputSchema, type PixCharge } from '@sorteio/shared';
import { useQueryClient } from '@tanstack/react-query';
import { CircleCheck, QrCode, TimerOff } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { InputField } from '@/components/form-field';
import { PixChargeDetails } from '@/components/pix/pix-charge-details';
import { PixStatusIndicator } from '@/components/pix/pix-status-indicator';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { useNotifications } from '@/lib/notifications/use-notifications';
import { pixGenerationErrorMessage } from '@/lib/pix/pix-api';
import { usePixChargeWatch } from '@/lib/pix/use-pix-charge-watch';
import { useCreateTopup } from '../api/create-topup';
import { walletKeys } from '../api/wallet-keys';
import { reaisAmount } from '../lib/reais-amount';

/** The amount as typed in reais ("25", "25,50", "R$ 1.000,00"), checked as centavos. */
export const topupFormSchema = z.object({
  valor: reaisAmount('25,00', topupInputSchema.shape.valor),
});

function TopupForm({ onCreated }: { onCreated: (charge: PixCharge) => void }) {
  const { notify } = useNotifications();
  const topup = useCreateTopup();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<z.input<typeof topupFormSchema>, unknown, z.output<typeof topupFormSchema>>({
    resolver: zodResolver(topupFormSchema),
    defaultValues: { valor: '' },
  });

  const onSubmit = handleSubmit(async ({ valor }) => {
    try {
      const charge = await topup.mutateAsync({ valor });
      notify({
        type: 'success',
        title: 'PIX Gerado!',
        message: 'Pague com o QR Code ou o código Copia e Cola.',
      });
      onCreated(charge);
    } catch (error) {
      notify({
        type: 'error',
        title: pixMessages.generationFailed,
        message: pixGenerationErrorMessage(error),
      });
    }
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
      <InputField
        id="topup-valor"
        label="Valor (R$)"
        hint="Mínimo de R$ 1,00."
        error={errors.valor?.message}
        inputMode="decimal"
        autoComplete="off"
        placeholder="Ex.: 25,00"
        registration={register('valor')}
      />
      <Button type="submit" disabled={topup.isPending} className="w-full sm:w-fit">
        <QrCode aria-hidden="true" />
        {topup.isPending ? 'Gerando PIX...' : 'Gerar PIX'}
      </Button>
    </form>
  );
}

function TopupCharge({
  charge,
  onPaid,
  onDone,
}: {
  charge: PixCharge;
  onPaid: () => void;
  onDone: () => void;
}) {
  const watch = usePixChargeWatch(charge, { onPaid });
  const current = watch.charge ?? charge;
  const state =
    current.status === 'CONCLUIDA'
      ? 'confirmed'
      : current.status === 'EXPIRADA'
        ? 'expired'
        : 'checking';
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm">
        Recarga de <span className="font-semibold">{formatBRL(current.valor)}</span>
      </p>
      <PixStatusIndicator state={state} />
      {state === 'checking' && (
        <>
          <PixChargeDetails charge={current} watch={watch} />
          <Button variant="ghost" className="w-fit" onClick={onDone}>
            Gerar PIX de outro valor
          </Button>
        </>
      )}
      {state === 'confirmed' && (
        <div className="flex flex-col items-start gap-2">
          <p className="flex items-center gap-2 text-lg font-semibold text-success">
            <CircleCheck aria-hidden="true" className="size-5" />
            Pagamento Confirmado!
          </p>
          <p className="text-sm text-muted-foreground">O valor foi adicionado ao seu Saldo.</p>
          <Button variant="outline" onClick={onDone}>
            Adicionar mais saldo
          </Button>
        </div>
      )}
      {state === 'expired' && (
        <div className="flex flex-col items-start gap-2">
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <TimerOff aria-hidden="true" className="size-4" />
            Nada foi cobrado. Gere um novo PIX para adicionar saldo.
          </p>
          <Button onClick={onDone}>Gerar novo PIX</Button>
        </div>
      )}
    </div>
  );
}

/** 'Adicionar saldo por PIX': the amount, then the charge with the same polling as /payment. */
export function TopupCard({ onPaid }: { onPaid?: () => void }) {
  const queryClient = useQueryClient();
  const [charge, setCharge] = useState<PixCharge | null>(null);
  return (
    <Card aria-labelledby="topup-title" role="region">
      <CardHeader>
        <h2 id="topup-title" className="text-lg font-semibold">
          Adicionar saldo por PIX
        </h2>
        <CardDescription>
          O valor entra no seu Saldo assim que o banco confirmar o pagamento.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {charge ? (
          <TopupCharge
            charge={charge}
            onPaid={() => {
              void queryClient.invalidateQueries({ queryKey: walletKeys.all });
              onPaid?.();
            }}
            onDone={() => {
              setCharge(null);
            }}
          />
        ) : (
          <TopupForm onCreated={setCharge} />
        )}
      </CardContent>
    </Card>
  );
}
