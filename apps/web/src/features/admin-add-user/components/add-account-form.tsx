import { zodResolver } from '@hookform/resolvers/zod';
import {
  adminMessages,
  createAccountInputSchema,
  pixKeyTypeLabels,
  pixKeyTypes,
  roleLabels,
  staffRoles,
  type CreateAccountInput,
} from '@sorteio/shared';
import { useForm } from 'react-hook-form';
import { FormField } from '@/components/form-field';
import { PasswordInput } from '@/components/password-input';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { ApiError } from '@/lib/api-client';
import { useNotifications } from '@/lib/notifications/use-notifications';
import { useCreateAccount } from '../api/create-account';

export type AccountKind = 'user' | 'employee';

/** A readable temporary password: 12 characters without look-alikes. */
export function generateTemporaryPassword(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
}

const defaults = (kind: AccountKind): CreateAccountInput => ({
  kind,
  nome_completo: '',
  email: '',
  password: generateTemporaryPassword(),
  chave_pix: '',
  chave_pix_tipo: undefined,
  cpf: '',
  telefone: '',
  role: kind === 'employee' ? 'attendant' : 'user',
});

/** Empty optional fields are left out rather than sent as "". */
function clean(values: CreateAccountInput): CreateAccountInput {
  const out: CreateAccountInput = { ...values };
  for (const key of ['chave_pix', 'cpf', 'telefone'] as const) if (!out[key]) delete out[key];
  if (!out.chave_pix) delete out.chave_pix_tipo;
  return out;
}

/**
 * Add user / add employee (spec 001 sections 2, 5 and 8): e-mail, full name and password are
 * required; the account is created confirmed and the person sets a new password at the first
 * sign-in. The password is shown once, in the success toast.
 */
export function AddAccountForm({ kind, onCreated }: { kind: AccountKind; onCreated?: () => void }) {
  const { notify } = useNotifications();
  const create = useCreateAccount();
  const {
    register,
    handleSubmit,
    reset,
    setValue,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<CreateAccountInput>({
    resolver: zodResolver(createAccountInputSchema),
    defaultValues: defaults(kind),
  });
  const id = (name: string) => `${kind}-${name}`;
  const roleOptions = kind === 'employee' ? staffRoles : (['user'] as const);

  const onSubmit = handleSubmit(async (values) => {
    try {
      const result = await create.mutateAsync(clean(values));
      notify({
        type: 'success',
        title: adminMessages.userAdded,
        message: `${kind === 'employee' ? 'Funcionário' : 'Usuário'} criado com sucesso. Senha temporária: ${result.temporaryPassword} (anote agora: ela não será mostrada de novo; a troca é pedida no primeiro acesso).`,
        duration: 0,
      });
      reset(defaults(kind));
      onCreated?.();
    } catch (error) {
      const message =
        error instanceof ApiError ? error.message : adminMessages.addUserErrorFallback;
      if (error instanceof ApiError)
        for (const issue of error.issues)
          if (issue.path in values)
            setError(issue.path as keyof CreateAccountInput, { message: issue.message });
      notify({ type: 'error', title: adminMessages.addUserError, message });
    }
  });

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="flex flex-col gap-4">
      <FormField id={id('email')} label="Email *" error={errors.email?.message}>
        {(describedBy) => (
          <Input
            id={id('email')}
            type="email"
            autoComplete="off"
            aria-describedby={describedBy}
            aria-invalid={errors.email ? true : undefined}
            {...register('email')}
          />
        )}
      </FormField>
      <FormField id={id('nome')} label="Nome completo *" error={errors.nome_completo?.message}>
        {(describedBy) => (
          <Input
            id={id('nome')}
            autoComplete="off"
            aria-describedby={describedBy}
            aria-invalid={errors.nome_completo ? true : undefined}
            {...register('nome_completo')}
          />
        )}
      </FormField>
      <FormField
        id={id('password')}
        label="Senha temporária *"
        error={errors.password?.message}
        hint="Mínimo de 6 caracteres. A pessoa troca a senha no primeiro acesso."
      >
        {(describedBy) => (
          <div className="flex gap-2">
            <div className="flex-1">
              <PasswordInput
                id={id('password')}
                autoComplete="new-password"
                minLength={6}
                aria-describedby={describedBy}
                aria-invalid={errors.password ? true : undefined}
                {...register('password')}
              />
            </div>
            <Button
              type="button"
              variant="outline"
              onClick={() => setValue('password', generateTemporaryPassword())}
            >
              Gerar
            </Button>
          </div>
        )}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          id={id('pix-tipo')}
          label="Tipo da chave PIX"
          error={errors.chave_pix_tipo?.message}
        >
          {(describedBy) => (
            <NativeSelect
              id={id('pix-tipo')}
              aria-describedby={describedBy}
              {...register('chave_pix_tipo', { setValueAs: (v: string) => v || undefined })}
            >
              <option value="">Nenhuma</option>
              {pixKeyTypes.map((t) => (
                <option key={t} value={t}>
                  {pixKeyTypeLabels[t]}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField id={id('pix')} label="Chave PIX" error={errors.chave_pix?.message}>
          {(describedBy) => (
            <Input
              id={id('pix')}
              autoComplete="off"
              aria-describedby={describedBy}
              aria-invalid={errors.chave_pix ? true : undefined}
              {...register('chave_pix')}
            />
          )}
        </FormField>
        <FormField id={id('cpf')} label="CPF" error={errors.cpf?.message}>
          {(describedBy) => (
            <Input
              id={id('cpf')}
              inputMode="numeric"
              autoComplete="off"
              aria-describedby={describedBy}
              aria-invalid={errors.cpf ? true : undefined}
              {...register('cpf')}
            />
          )}
        </FormField>
        <FormField id={id('telefone')} label="Telefone" error={errors.telefone?.message}>
          {(describedBy) => (
            <Input
              id={id('telefone')}
              type="tel"
              autoComplete="off"
              aria-describedby={describedBy}
              aria-invalid={errors.telefone ? true : undefined}
              {...register('telefone')}
            />
          )}
        </FormField>
      </div>
      <FormField
        id={id('role')}
        label={kind === 'employee' ? 'Cargo' : 'Tipo'}
        error={errors.role?.message}
      >
        {(describedBy) => (
          <NativeSelect id={id('role')} aria-describedby={describedBy} {...register('role')}>
            {roleOptions.map((r) => (
              <option key={r} value={r}>
                {roleLabels[r]}
              </option>
            ))}
          </NativeSelect>
        )}
      </FormField>
      <Button type="submit" disabled={isSubmitting}>
        {kind === 'employee' ? 'Adicionar Funcionário' : 'Adicionar Usuário'}
      </Button>
    </form>
  );
}
