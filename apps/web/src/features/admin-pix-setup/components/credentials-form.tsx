import { zodResolver } from '@hookform/resolvers/zod';
import {
  type EfiConfig,
  type SaveEfiCredentialsInput,
  integrationMessages,
  saveEfiCredentialsInputSchema,
} from '@sorteio/shared';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { InputField, SelectField, firstErrorMessage } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { useNotifications } from '@/lib/notifications/use-notifications';
import { useSaveCredentials } from '../api/save-credentials';
import { errorText } from './error-text';

/** The server keeps a stored secret when none is sent; the first save needs one. */
function credentialsFormSchema(secretStored: boolean) {
  return saveEfiCredentialsInputSchema.superRefine((value, ctx) => {
    if (!secretStored && !value.clientSecret)
      ctx.addIssue({
        code: 'custom',
        path: ['clientSecret'],
        message: integrationMessages.credentialsRequired,
      });
  });
}

export function CredentialsForm({ config }: { config: EfiConfig }) {
  const { notify } = useNotifications();
  const save = useSaveCredentials();
  const schema = useMemo(
    () => credentialsFormSchema(config.credentialsConfigured),
    [config.credentialsConfigured],
  );
  const { register, handleSubmit, resetField } = useForm<SaveEfiCredentialsInput>({
    resolver: zodResolver(schema),
    defaultValues: {
      clientId: '',
      clientSecret: '',
      chavePix: config.credentials?.chavePix ?? '',
      environment: config.credentials?.environment ?? 'sandbox',
    },
  });
  const onSubmit = handleSubmit(
    (values) =>
      save.mutate(
        { ...values, clientSecret: values.clientSecret || undefined },
        {
          onSuccess: () => {
            resetField('clientSecret');
            notify({
              type: 'success',
              title: integrationMessages.credentialsSaved,
              message: 'Teste a integração para ativá-las: até lá, os pagamentos não mudam.',
            });
          },
          onError: (error) =>
            notify({
              type: 'error',
              title: integrationMessages.credentialsSaveError,
              message: errorText(error, 'Tente novamente'),
            }),
        },
      ),
    (errors) =>
      notify({
        type: 'error',
        title: 'Erro',
        message: firstErrorMessage(errors) ?? integrationMessages.credentialsRequired,
      }),
  );
  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      className="flex flex-col gap-4"
      aria-label="Credenciais"
    >
      {config.credentials && (
        <p className="text-sm text-muted-foreground">
          Guardado: identificador {config.credentials.clientIdMasked}, senha{' '}
          {config.credentials.clientSecretMasked} ({config.credentials.host})
        </p>
      )}
      <InputField
        id="efi-client-id"
        label="Identificador do cliente (Client_Id)"
        autoComplete="off"
        registration={register('clientId')}
      />
      <InputField
        id="efi-client-secret"
        label="Senha do cliente (Client_Secret)"
        type="password"
        autoComplete="new-password"
        placeholder={config.credentialsConfigured ? 'Deixe em branco para manter o atual' : ''}
        registration={register('clientSecret')}
      />
      <InputField id="efi-chave" label="Chave PIX" registration={register('chavePix')} />
      <SelectField id="efi-env" label="Ambiente" registration={register('environment')}>
        <option value="sandbox">Homologação (sandbox)</option>
        <option value="production">Produção</option>
      </SelectField>
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? 'Salvando...' : 'Salvar credenciais'}
      </Button>
    </form>
  );
}
