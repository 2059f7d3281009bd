import { zodResolver } from '@hookform/resolvers/zod';
import { integrationMessages, uploadCertificateInputSchema } from '@sorteio/shared';
import { Upload } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormField, InputField, firstErrorMessage } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useNotifications } from '@/lib/notifications/use-notifications';
import { fileToBase64, useUploadCertificate } from '../api/upload-certificate';
import { errorText } from './error-text';

/** What is typed or chosen; the file's bytes are read only once the rest is valid. */
const certificateFormSchema = uploadCertificateInputSchema.pick({ filename: true, password: true });

export function CertificateUpload() {
  const { notify } = useNotifications();
  const upload = useUploadCertificate();
  const [file, setFile] = useState<File | null>(null);
  const { register, handleSubmit, setValue, resetField } = useForm({
    resolver: zodResolver(certificateFormSchema),
    defaultValues: { filename: '', password: '' },
  });
  const onSubmit = handleSubmit(
    async ({ filename, password }) => {
      if (!file) return;
      const certificateBase64 = await fileToBase64(file);
      upload.mutate(
        { filename, certificateBase64, password },
        {
          onSuccess: () => {
            resetField('password');
            notify({ type: 'success', title: integrationMessages.certificateSaved });
          },
          onError: (error) =>
            notify({
              type: 'error',
              title: integrationMessages.certificateSaveError,
              message: errorText(error, integrationMessages.certificateSaveErrorFallback),
            }),
        },
      );
    },
    (errors) => {
      // A missing file or password is said first, before the kind of file.
      const incomplete = Object.values(errors).some(
        (error) => error?.message === integrationMessages.certificateIncomplete,
      );
      notify({
        type: 'error',
        title: 'Erro',
        message: incomplete
          ? integrationMessages.certificateIncomplete
          : (firstErrorMessage(errors) ?? integrationMessages.certificateIncomplete),
      });
    },
  );
  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      className="flex flex-col gap-4"
      aria-label="Enviar certificado"
    >
      <FormField id="efi-cert-file" label="Certificado (.p12 ou .pfx)">
        {(describedBy) => (
          <Input
            id="efi-cert-file"
            type="file"
            accept=".p12,.pfx"
            aria-describedby={describedBy}
            onChange={(event) => {
              const chosen = event.target.files?.[0] ?? null;
              setFile(chosen);
              setValue('filename', chosen?.name ?? '');
            }}
          />
        )}
      </FormField>
      <InputField
        id="efi-cert-password"
        label="Senha do certificado"
        type="password"
        autoComplete="off"
        registration={register('password')}
      />
      <Button type="submit" disabled={upload.isPending}>
        <Upload aria-hidden="true" />
        {upload.isPending ? 'Enviando...' : 'Enviar certificado'}
      </Button>
    </form>
  );
}
