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
import {
  useForm,
  type FieldErrors,
  type FieldPath,
  type UseFormRegisterReturn,
} from 'react-hook-form';
import { InputField, SelectField } from '@/components/form-field';
import { SubmitButton } from '@/components/submit-button';
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

/** A registration whose input is masked as it is typed. */
function masked(
  field: UseFormRegisterReturn,
  mask: (value: string) => string,
): UseFormRegisterReturn {
  return {
    ...field,
    onChange: (event) => {
      const input = event.target as HTMLInputElement;
      input.value = mask(input.value);
      return field.onChange(event);
    },
  };
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

  return (
    <form
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      className="grid grid-cols-1 gap-4 sm:grid-cols-2"
    >
      <InputField
        id="profile-nome"
        label="Nome completo"
        error={errors.nomeCompleto?.message}
        className="sm:col-span-2"
        autoComplete="name"
        required
        registration={register('nomeCompleto')}
      />

      <SelectField
        id="profile-pix-tipo"
        label="Tipo da chave PIX"
        error={errors.chavePixTipo?.message}
        registration={register('chavePixTipo')}
      >
        {pixKeyTypes.map((type) => (
          <option key={type} value={type}>
            {pixKeyTypeLabels[type]}
          </option>
        ))}
      </SelectField>

      <InputField
        id="profile-pix"
        label="Chave PIX"
        error={errors.chavePix?.message}
        hint="Os prêmios são pagos nesta chave."
        required
        autoComplete="off"
        placeholder={pixKeyPlaceholders[pixType]}
        registration={register('chavePix')}
      />

      <InputField
        id="profile-cpf"
        label="CPF"
        error={errors.cpf?.message}
        inputMode="numeric"
        maxLength={14}
        placeholder="Ex.: 000.000.000-00"
        registration={masked(register('cpf'), maskCpf)}
      />

      <InputField
        id="profile-telefone"
        label="Telefone"
        error={errors.telefone?.message}
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        maxLength={15}
        placeholder="Ex.: (11) 91234-5678"
        registration={masked(register('telefone'), maskPhone)}
      />

      <InputField
        id="profile-nascimento"
        label="Data de nascimento"
        error={errors.dataNascimento?.message}
        hint="Somente maiores de 18 anos podem participar."
        type="date"
        autoComplete="bday"
        registration={register('dataNascimento')}
      />

      <InputField
        id="profile-endereco"
        label="Endereço completo"
        error={errors.enderecoCompleto?.message}
        className="sm:col-span-2"
        autoComplete="street-address"
        placeholder="Rua, número, bairro, cidade - UF, CEP"
        registration={register('enderecoCompleto')}
      />

      <div className="sm:col-span-2">
        <SubmitButton
          size="lg"
          className="w-full sm:w-auto"
          busy={update.isPending}
          icon={Save}
          busyLabel="Salvando..."
        >
          Salvar Alterações
        </SubmitButton>
      </div>
    </form>
  );
}
