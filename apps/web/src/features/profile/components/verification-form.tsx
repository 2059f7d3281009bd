import { zodResolver } from '@hookform/resolvers/zod';
import {
  documentTypeLabels,
  documentTypes,
  MAX_UPLOAD_BYTES,
  submitVerificationFieldsSchema,
} from '@sorteio/shared';
import { Upload } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Controller, useForm, type FieldErrors } from 'react-hook-form';
import { z } from 'zod';
import { FormField, InputField, SelectField } from '@/components/form-field';
import { SubmitButton } from '@/components/submit-button';
import { Input } from '@/components/ui/input';
import { errorMessageOf } from '@/lib/errors';
import { useNotifications } from '@/lib/notifications/use-notifications';
import { useSubmitVerification } from '../api/submit-verification';

export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'];
const SELECT_IMAGE = 'Por favor, selecione uma imagem.';
const maxMb = Math.round(MAX_UPLOAD_BYTES / (1024 * 1024));

const imageSchema = z
  .instanceof(File, { error: SELECT_IMAGE })
  .refine((file) => ACCEPTED_IMAGE_TYPES.includes(file.type), { error: SELECT_IMAGE })
  .refine((file) => file.size <= MAX_UPLOAD_BYTES, {
    error: `A imagem deve ter no máximo ${maxMb} MB.`,
  });

const verificationFormSchema = submitVerificationFieldsSchema.extend({
  documento: imageSchema,
  selfie: imageSchema,
});
type VerificationFormValues = z.input<typeof verificationFormSchema>;

/** A local preview of a chosen image; the object URL is released when it changes. */
function usePreview(file: unknown): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    // jsdom and very old browsers have no object URLs: no preview, the upload still works.
    if (!(file instanceof File) || typeof URL.createObjectURL !== 'function') {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => {
      URL.revokeObjectURL(next);
    };
  }, [file]);
  return url;
}

export function VerificationForm() {
  const { notify } = useNotifications();
  const submit = useSubmitVerification();
  const {
    register,
    control,
    handleSubmit,
    trigger,
    watch,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(verificationFormSchema),
    defaultValues: { tipoDocumento: 'rg', numeroDocumento: '' },
  });
  const documentPreview = usePreview(watch('documento'));
  const selfiePreview = usePreview(watch('selfie'));

  function onInvalid(fieldErrors: FieldErrors<VerificationFormValues>) {
    const fileError = fieldErrors.documento ?? fieldErrors.selfie;
    const message =
      fileError?.message ??
      fieldErrors.tipoDocumento?.message ??
      fieldErrors.numeroDocumento?.message;
    notify({ type: 'error', title: '❌ Erro ao Enviar', message: message ?? SELECT_IMAGE });
  }

  const onSubmit = handleSubmit(async (values) => {
    try {
      const verification = await submit.mutateAsync(values);
      // One message per action: the toast says it was sent; the tab, which now shows the outcome
      // (verified, in review or refused with the reason), says the rest.
      notify({
        type: verification.status === 'rejeitado' ? 'warning' : 'success',
        title: 'Documento Enviado',
      });
    } catch (error) {
      notify({ type: 'error', title: '❌ Erro ao Enviar', message: errorMessageOf(error) });
    }
  }, onInvalid);

  const imageField = (name: 'documento' | 'selfie', label: string, preview: string | null) => (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <FormField
          id={`verification-${name}`}
          label={label}
          error={fieldState.error?.message}
          hint={`JPEG, PNG ou WebP, até ${maxMb} MB.`}
        >
          {(describedBy) => (
            <div className="flex flex-col gap-2">
              <Input
                id={`verification-${name}`}
                type="file"
                accept={ACCEPTED_IMAGE_TYPES.join(',')}
                name={field.name}
                ref={field.ref}
                onBlur={field.onBlur}
                aria-invalid={fieldState.error ? true : undefined}
                aria-describedby={describedBy}
                className="h-auto cursor-pointer py-1.5"
                onChange={(event) => {
                  field.onChange(event.target.files?.[0]);
                  // Warn about a wrong type or a large file at once, not only on submit.
                  void trigger(name);
                }}
              />
              {preview && (
                <img
                  src={preview}
                  alt={`Pré-visualização: ${label}`}
                  className="aspect-[4/3] w-full max-w-xs rounded-md border bg-muted object-cover"
                />
              )}
            </div>
          )}
        </FormField>
      )}
    />
  );

  return (
    <form
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      className="grid grid-cols-1 gap-4 sm:grid-cols-2"
    >
      <SelectField
        id="verification-tipo"
        label="Tipo de documento"
        error={errors.tipoDocumento?.message}
        registration={register('tipoDocumento')}
      >
        {documentTypes.map((type) => (
          <option key={type} value={type}>
            {documentTypeLabels[type]}
          </option>
        ))}
      </SelectField>
      <InputField
        id="verification-numero"
        label="Número do documento"
        error={errors.numeroDocumento?.message}
        autoComplete="off"
        registration={register('numeroDocumento')}
      />
      {imageField('documento', 'Foto do documento', documentPreview)}
      {imageField('selfie', 'Selfie', selfiePreview)}
      <div className="sm:col-span-2">
        <SubmitButton
          size="lg"
          className="w-full sm:w-auto"
          busy={submit.isPending}
          icon={Upload}
          busyLabel="Enviando..."
        >
          Enviar documentos
        </SubmitButton>
      </div>
    </form>
  );
}
