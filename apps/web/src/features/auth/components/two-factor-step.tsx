import { zodResolver } from '@hookform/resolvers/zod';
import { backupCodeSchema, twoFactorCodeSchema } from '@sorteio/shared';
import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { InputField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { isApiError } from '@/lib/api-client';
import { useNotifications } from '@/lib/notifications/use-notifications';
import { useVerifySecondFactor, type SecondFactorKind } from '../api/sign-in';
import { INVALID_CODE_TEXT } from '../lib/auth-messages';

const schemas = {
  totp: z.object({ code: twoFactorCodeSchema }),
  backup: z.object({ code: backupCodeSchema }),
} as const;

export interface TwoFactorStepProps {
  onSignedIn: () => void;
  onCancel: () => void;
  finishing: boolean;
}

/** The second step of a sign-in with 2FA (DESIGN.md section 8: the code is really checked). */
export function TwoFactorStep({ onSignedIn, onCancel, finishing }: TwoFactorStepProps) {
  const [kind, setKind] = useState<SecondFactorKind>('totp');
  return (
    <CodeForm
      // A new form per kind: the field, its rules and its errors all change.
      key={kind}
      kind={kind}
      onSwitch={() => {
        setKind((k) => (k === 'totp' ? 'backup' : 'totp'));
      }}
      onSignedIn={onSignedIn}
      onCancel={onCancel}
      finishing={finishing}
    />
  );
}

function CodeForm({
  kind,
  onSwitch,
  onSignedIn,
  onCancel,
  finishing,
}: TwoFactorStepProps & { kind: SecondFactorKind; onSwitch: () => void }) {
  const { notify } = useNotifications();
  const verify = useVerifySecondFactor();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(schemas[kind]), defaultValues: { code: '' } });
  const busy = verify.isPending || finishing;

  const onSubmit = handleSubmit(async ({ code }) => {
    try {
      await verify.mutateAsync({ kind, code });
      onSignedIn();
    } catch (error) {
      // Too many attempts has its own message; every other refusal is a wrong or old code.
      if (isApiError(error) && error.status === 429) {
        notify({ type: 'error', title: INVALID_CODE_TEXT.title, message: error.message });
      } else {
        notify({ type: 'error', ...INVALID_CODE_TEXT });
      }
    }
  });

  const isTotp = kind === 'totp';
  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
      <InputField
        id="two-factor-code"
        label={isTotp ? 'Código do aplicativo autenticador' : 'Código de backup'}
        error={errors.code?.message}
        hint={
          isTotp
            ? 'Digite o código de 6 dígitos que aparece no seu aplicativo autenticador.'
            : 'Digite um dos 10 códigos de backup que você guardou ao ativar o 2FA. Cada código vale uma vez.'
        }
        autoComplete="one-time-code"
        inputMode={isTotp ? 'numeric' : 'text'}
        maxLength={6}
        autoCapitalize={isTotp ? undefined : 'characters'}
        placeholder={isTotp ? '6 dígitos' : 'Ex.: A1B2C3'}
        controlClassName="text-center font-mono text-lg tracking-[0.4em]"
        registration={register('code')}
      />
      <Button type="submit" size="lg" disabled={busy} aria-busy={busy}>
        <ShieldCheck aria-hidden="true" />
        {busy ? 'Verificando...' : 'Verificar'}
      </Button>
      <div className="flex flex-col items-center gap-1 sm:flex-row sm:justify-between">
        <Button type="button" variant="link" className="px-0" onClick={onSwitch}>
          {isTotp ? 'Usar código de backup' : 'Usar código do aplicativo'}
        </Button>
        <Button
          type="button"
          variant="link"
          className="px-0 text-muted-foreground"
          onClick={onCancel}
        >
          Voltar
        </Button>
      </div>
    </form>
  );
}
