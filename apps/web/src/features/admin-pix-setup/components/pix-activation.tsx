/**
 * Which PIX configuration payments use now, and the saved one when it is not live yet (issue 36):
 * a saved configuration goes live after a passing 'Testar Integração' or 'Ativar sem teste' with
 * a reason; the operator can return to the environment's provider (the simulator by default).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import {
  type ActivatePixOverrideInput,
  type EfiConfig,
  activatePixOverrideInputSchema,
  efiEnvironmentLabels,
  formatDateTime,
} from '@sorteio/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { TextareaField } from '@/components/form-field';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Badge } from '@/components/ui/badge';
import { DialogHeading, DialogShell } from '@/components/dialog-shell';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { DialogFooter } from '@/components/ui/dialog';
import { isApiError } from '@/lib/api-client';
import { useNotifications } from '@/lib/notifications/use-notifications';
import { useActivateOverride } from '../api/activate-override';
import { useDeactivate } from '../api/deactivate';

const environmentText: Record<EfiConfig['environmentProvider'], string> = {
  simulator: 'Simulador PIX (configuração do ambiente): nenhum pagamento real é recebido.',
  efi: 'EFI configurada no ambiente do servidor (variáveis EFI_*).',
  none: 'Nenhum provedor PIX: os pagamentos por PIX estão indisponíveis.',
};

const backLabel = (c: EfiConfig) =>
  c.environmentProvider === 'simulator'
    ? 'Voltar ao simulador'
    : 'Voltar à configuração do ambiente';

function errorText(error: unknown) {
  return isApiError(error) ? error.message : 'Tente novamente';
}

function InUse({ config }: { config: EfiConfig }) {
  const a = config.active;
  if (!a) return <p>{environmentText[config.environmentProvider]}</p>;
  return (
    <>
      <p>
        Configuração EFI salva nesta tela · {efiEnvironmentLabels[a.environment]} · chave{' '}
        {a.chavePix} · clientId {a.clientIdMasked}
        {a.certificateFilename ? ` · ${a.certificateFilename}` : ''}
      </p>
      <p className="text-muted-foreground">
        {a.via === 'override'
          ? `Ativada sem teste bem-sucedido${a.activatedAt ? ` em ${formatDateTime(a.activatedAt)}` : ''}. Motivo: ${a.reason ?? ''}`
          : a.activatedAt
            ? `Ativada em ${formatDateTime(a.activatedAt)} após um teste bem-sucedido.`
            : 'Ativa desde antes do registro de ativações.'}
      </p>
    </>
  );
}

function Saved({ config }: { config: EfiConfig }) {
  const failed = config.lastTest && !config.lastTest.ok ? config.lastTest : null;
  switch (config.savedState) {
    case 'none':
      return <p className="text-muted-foreground">Nenhuma configuração salva nesta tela.</p>;
    case 'incomplete':
      return (
        <p>
          <Badge variant="warning">Incompleta</Badge> Salve as credenciais e envie o certificado;
          depois teste a integração para ativá-la.
        </p>
      );
    case 'active':
      return (
        <p>
          <Badge variant="success">Em uso</Badge> A configuração salva é a que está em uso.
        </p>
      );
    case 'pending':
      return (
        <div className="flex flex-col gap-1">
          <p>
            <Badge variant="warning">Salva, não ativa</Badge>{' '}
            {config.credentials
              ? `${efiEnvironmentLabels[config.credentials.environment]} · chave ${config.credentials.chavePix}`
              : ''}
          </p>
          <p>
            Ela passa a valer quando o teste de integração for bem-sucedido. Até lá, os pagamentos
            continuam na configuração em uso.
          </p>
          {failed && <p className="text-destructive">Último teste falhou: {failed.message}</p>}
        </div>
      );
  }
}

function OverrideDialog() {
  const { notify } = useNotifications();
  const activate = useActivateOverride();
  const [open, setOpen] = useState(false);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<ActivatePixOverrideInput>({
    resolver: zodResolver(activatePixOverrideInputSchema),
    defaultValues: { reason: '' },
  });
  const onSubmit = handleSubmit((values) =>
    activate.mutate(values, {
      onSuccess: () => {
        setOpen(false);
        reset();
        notify({
          type: 'warning',
          title: 'Configuração ativada sem teste',
          message: 'Os pagamentos PIX passam a usar a configuração salva.',
        });
      },
      onError: (e) => setError('reason', { type: 'server', message: errorText(e) }),
    }),
  );
  return (
    <DialogShell
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant="outline" size="sm">
          Ativar sem teste
        </Button>
      }
    >
      <form onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
        <DialogHeading
          title="Ativar sem teste bem-sucedido?"
          description={
            <>
              Os pagamentos PIX passam a usar a configuração salva mesmo sem um teste que passou. Se
              ela não funcionar, nenhum jogador consegue pagar nem receber por PIX. A ativação fica
              registrada na auditoria com o motivo.
            </>
          }
        />
        <TextareaField
          id="pix-override-reason"
          label="Motivo"
          error={errors.reason?.message}
          announceError
          registration={register('reason')}
        />
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => setOpen(false)}>
            Cancelar
          </Button>
          <Button type="submit" variant="destructive" disabled={activate.isPending}>
            {activate.isPending ? 'Ativando...' : 'Ativar mesmo assim'}
          </Button>
        </DialogFooter>
      </form>
    </DialogShell>
  );
}

function BackToEnvironment({ config }: { config: EfiConfig }) {
  const { notify } = useNotifications();
  const deactivate = useDeactivate();
  const label = backLabel(config);
  return (
    <ConfirmDialog
      trigger={
        <Button variant="outline" size="sm" disabled={deactivate.isPending}>
          {label}
        </Button>
      }
      title={<>{label}?</>}
      description={
        <>
          Os pagamentos PIX passam a usar: {environmentText[config.environmentProvider]} A
          configuração salva nesta tela é mantida e pode ser ativada de novo com um teste.
        </>
      }
      cancelLabel="Cancelar"
      confirmLabel={label}
      onConfirm={() =>
        deactivate.mutate(undefined, {
          onSuccess: () => notify({ type: 'success', title: 'Configuração alterada' }),
          onError: (e) => notify({ type: 'error', title: 'Erro', message: errorText(e) }),
        })
      }
    />
  );
}

/** "Em uso agora" and "Configuração salva", with the ways to switch between them. */
export function ActivationCard({ config }: { config: EfiConfig }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">Configuração dos pagamentos PIX</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4 text-sm">
        <section aria-label="Em uso agora" className="flex flex-col gap-1">
          <h3 className="font-medium">Em uso agora</h3>
          <InUse config={config} />
        </section>
        <section aria-label="Configuração salva" className="flex flex-col gap-1">
          <h3 className="font-medium">Configuração salva nesta tela</h3>
          <Saved config={config} />
        </section>
        <div className="flex flex-wrap gap-2">
          {config.savedState === 'pending' && <OverrideDialog />}
          {config.active && <BackToEnvironment config={config} />}
        </div>
      </CardContent>
    </Card>
  );
}
