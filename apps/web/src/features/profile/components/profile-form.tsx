import { zodResolver } from '@hookform/resolvers/zod';
import {
  maskCpf,
  maskPhone,
  pixKeyTypeLabels,
  pixKeyTypes,
  type Profile,
  type UpdateProfileInput,
} from '@sorteio/shared';
import { Save } from 'lucide-react';
import type { ChangeEvent } from 'react';
import { useForm, type FieldErrors, type FieldPath } from 'react-hook-form';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { isApiError } from '@/lib/api-client';
import { errorMessageOf } from '@/lib/errors';
import { useNotifications } from '@/lib/notifications/use-notifications';
import { useUpdateProfile } from '../api/update-profile';
import {
  pixKeyPlaceholders,
  profileFormSchema,
  toFormValues,
  toUpdateInput,
} from '../lib/profile-form-schema';

const UPDATE_ERROR = '❌ Erro ao Atualizar';

const fieldNames = [
  'nomeCompleto',
  'chavePixTipo',
  'chavePix',
  'cpf',
  'telefone',
  'dataNascimento',
  'enderecoCompleto',
] as const satisfies readonly FieldPath<UpdateProfileInput>[];

function isFieldName(value: string): value is (typeof fieldNames)[number] {
  return (fieldNames as readonly string[]).includes(value);
}

/** The toast for a refused form, in the order of spec 000 section 5. */
function invalidToast(errors: FieldErrors<UpdateProfileInput>): { title: string; message: string } {
  const required = errors.nomeCompleto ?? errors.chavePixTipo ?? errors.chavePix;
  if (required?.message) return { title: UPDATE_ERROR, message: required.message };
  if (errors.cpf?.message) return { title: 'CPF Inválido', message: errors.cpf.message };
  if (errors.telefone?.message) {
    return { title: 'Telefone Inválido', message: errors.telefone.message };
  }
  const other = errors.dataNascimento ?? errors.enderecoCompleto;
  return { title: UPDATE_ERROR, message: other?.message ?? 'Verifique os campos destacados.' };
}

/** Personal data and PIX key (spec 000 sections 2 and 5). */
export function ProfileForm({ profile }: { profile: Profile }) {
  const { notify } = useNotifications();
  const update = useUpdateProfile();
  const {
    register,
    handleSubmit,
    watch,
    reset,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(profileFormSchema, undefined, { raw: true }),
    defaultValues: toFormValues(profile),
  });
  const pixType = watch('chavePixTipo');

  const onSubmit = handleSubmit(
    async (values) => {
      try {
        const saved = await update.mutateAsync(toUpdateInput(values));
        reset(toFormValues(saved));
        notify({
          type: 'success',
          title: 'Perfil Atualizado',
          message: 'Suas informações foram salvas com sucesso.',
        });
      } catch (error) {
        if (isApiError(error)) {
          for (const issue of error.issues) {
            const name = issue.path.split('.')[0] ?? '';
            if (isFieldName(name)) setError(name, { message: issue.message });
          }
        }
        notify({ type: 'error', title: UPDATE_ERROR, message: errorMessageOf(error) });
      }
    },
    (fieldErrors) => {
      notify({ type: 'error', ...invalidToast(fieldErrors) });
    },
  );

  const cpfField = register('cpf');
  const phoneField = register('telefone');
  const invalid = (name: (typeof fieldNames)[number]) => (errors[name] ? true : undefined);

  return (
    <form
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      className="grid grid-cols-1 gap-4 sm:grid-cols-2"
    >
      <FormField
        id="profile-nome"
        label="Nome completo"
        error={errors.nomeCompleto?.message}
        className="sm:col-span-2"
      >
        {(describedBy) => (
          <Input
            id="profile-nome"
            autoComplete="name"
            required
            aria-invalid={invalid('nomeCompleto')}
            aria-describedby={describedBy}
            {...register('nomeCompleto')}
          />
        )}
      </FormField>

      <FormField
        id="profile-pix-tipo"
        label="Tipo da chave PIX"
        error={errors.chavePixTipo?.message}
      >
        {(describedBy) => (
          <NativeSelect
            id="profile-pix-tipo"
            aria-invalid={invalid('chavePixTipo')}
            aria-describedby={describedBy}
            {...register('chavePixTipo')}
          >
            {pixKeyTypes.map((type) => (
              <option key={type} value={type}>
                {pixKeyTypeLabels[type]}
              </option>
            ))}
          </NativeSelect>
        )}
      </FormField>

      <FormField
        id="profile-pix"
        label="Chave PIX"
        error={errors.chavePix?.message}
        hint="Os prêmios são pagos nesta chave."
      >
        {(describedBy) => (
          <Input
            id="profile-pix"
            required
            autoComplete="off"
            placeholder={pixKeyPlaceholders[pixType]}
            aria-invalid={invalid('chavePix')}
            aria-describedby={describedBy}
            {...register('chavePix')}
          />
        )}
      </FormField>

      <FormField id="profile-cpf" label="CPF" error={errors.cpf?.message}>
        {(describedBy) => (
          <Input
            id="profile-cpf"
            inputMode="numeric"
            maxLength={14}
            placeholder="Ex.: 000.000.000-00"
            aria-invalid={invalid('cpf')}
            aria-describedby={describedBy}
            {...cpfField}
            onChange={(event: ChangeEvent<HTMLInputElement>) => {
              event.target.value = maskCpf(event.target.value);
              void cpfField.onChange(event);
            }}
          />
        )}
      </FormField>

      <FormField id="profile-telefone" label="Telefone" error={errors.telefone?.message}>
        {(describedBy) => (
          <Input
            id="profile-telefone"
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            maxLength={15}
            placeholder="Ex.: (11) 91234-5678"
            aria-invalid={invalid('telefone')}
            aria-describedby={describedBy}
            {...phoneField}
            onChange={(event: ChangeEvent<HTMLInputElement>) => {
              event.target.value = maskPhone(event.target.value);
              void phoneField.onChange(event);
            }}
          />
        )}
      </FormField>

      <FormField
        id="profile-nascimento"
        label="Data de nascimento"
        error={errors.dataNascimento?.message}
        hint="Somente maiores de 18 anos podem participar."
      >
        {(describedBy) => (
          <Input
            id="profile-nascimento"
            type="date"
            autoComplete="bday"
            aria-invalid={invalid('dataNascimento')}
            aria-describedby={describedBy}
            {...register('dataNascimento')}
          />
        )}
      </FormField>

      <FormField
        id="profile-endereco"
        label="Endereço completo"
        error={errors.enderecoCompleto?.message}
        className="sm:col-span-2"
      >
        {(describedBy) => (
          <Input
            id="profile-endereco"
            autoComplete="street-address"
            placeholder="Rua, número, bairro, cidade - UF, CEP"
            aria-invalid={invalid('enderecoCompleto')}
            aria-describedby={describedBy}
            {...register('enderecoCompleto')}
          />
        )}
      </FormField>

      <div className="sm:col-span-2">
        <Button
          type="submit"
          size="lg"
          className="w-full sm:w-auto"
          disabled={update.isPending}
          aria-busy={update.isPending}
        >
          <Save aria-hidden="true" />
          {update.isPending ? 'Salvando...' : 'Salvar Alterações'}
        </Button>
      </div>
    </form>
  );
}
