import { zodResolver } from '@hookform/resolvers/zod';
import {
  adminMessages,
  attestationDocumentLabels,
  attestationDocuments,
  attestationMessages,
  can,
  createAccountInputSchema,
  pixKeyTypeLabels,
  pixKeyTypes,
  roleLabels,
  setPasswordLinkMessages,
  staffRoles,
  type CreateAccountInput,
} from '@sorteio/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { InputField, SelectField, TextareaField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/use-auth';
import { useNotifications } from '@/lib/notifications/use-notifications';
import { useCreateAccount } from '../api/create-account';

export type AccountKind = 'user' | 'employee';

const defaults = (kind: AccountKind): CreateAccountInput => ({
  kind,
  nome_completo: '',
  email: '',
  chave_pix: '',
  chave_pix_tipo: undefined,
  cpf: '',
  telefone: '',
  role: kind === 'employee' ? 'attendant' : 'user',
});

const emptyAttestation = () => ({ documents: [], dataNascimento: '', note: '' });

/** Empty optional fields are left out rather than sent as "". */
function clean(values: CreateAccountInput): CreateAccountInput {
  const out: CreateAccountInput = { ...values };
  for (const key of ['chave_pix', 'cpf', 'telefone'] as const) if (!out[key]) delete out[key];
  if (!out.chave_pix) delete out.chave_pix_tipo;
  if (!out.attestation) delete out.attestation;
  return out;
}

/**
 * Add user / add employee (spec 001 sections 2, 5 and 8): e-mail and full name are required; the
 * account is created confirmed and the person is e-mailed a single-use link to set their own
 * password (no password is typed here or shown to staff: docs/decisions/015-spec-differences.md).
 * The success toast says where the link went. The account is verified only when a
 * staff member who reviews identities attests what they saw; otherwise the person goes through
 * the normal identity checks.
 */
export function AddAccountForm({ kind, onCreated }: { kind: AccountKind; onCreated?: () => void }) {
  const { notify } = useNotifications();
  const { user } = useAuth();
  const mayAttest = can(user?.role, 'identity.review');
  const [attest, setAttest] = useState(false);
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
  const toggleAttest = (on: boolean) => {
    setAttest(on);
    setValue('attestation', on ? emptyAttestation() : undefined);
  };
  const id = (name: string) => `${kind}-${name}`;
  const roleOptions = kind === 'employee' ? staffRoles : (['user'] as const);

  const onSubmit = handleSubmit(async (values) => {
    try {
      const result = await create.mutateAsync(clean(values));
      const link = result.setPasswordLink;
      notify({
        type: link.sent ? 'success' : 'warning',
        title: adminMessages.userAdded,
        message: `${kind === 'employee' ? 'Funcionário' : 'Usuário'} criado com sucesso. ${link.sent ? setPasswordLinkMessages.sent(link.sentTo) : setPasswordLinkMessages.notSent(link.sentTo)} ${result.isVerified ? 'Identidade atestada: a conta já está verificada.' : 'A conta ainda precisa verificar a identidade.'}`,
        duration: 0,
      });
      reset(defaults(kind));
      setAttest(false);
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
      <InputField
        id={id('email')}
        label="E-mail *"
        type="email"
        autoComplete="off"
        error={errors.email?.message}
        registration={register('email')}
      />
      <InputField
        id={id('nome')}
        label="Nome completo *"
        autoComplete="off"
        error={errors.nome_completo?.message}
        registration={register('nome_completo')}
      />
      <p className="text-sm text-muted-foreground">
        A pessoa recebe por e-mail um link para definir a própria senha. Ninguém da equipe vê ou
        escolhe a senha.
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          id={id('pix-tipo')}
          label="Tipo da chave PIX"
          error={errors.chave_pix_tipo?.message}
          registration={register('chave_pix_tipo', { setValueAs: (v: string) => v || undefined })}
        >
          <option value="">Nenhuma</option>
          {pixKeyTypes.map((t) => (
            <option key={t} value={t}>
              {pixKeyTypeLabels[t]}
            </option>
          ))}
        </SelectField>
        <InputField
          id={id('pix')}
          label="Chave PIX"
          autoComplete="off"
          error={errors.chave_pix?.message}
          registration={register('chave_pix')}
        />
        <InputField
          id={id('cpf')}
          label={attest ? 'CPF *' : 'CPF'}
          inputMode="numeric"
          autoComplete="off"
          error={errors.cpf?.message}
          registration={register('cpf')}
        />
        <InputField
          id={id('telefone')}
          label="Telefone"
          type="tel"
          autoComplete="off"
          error={errors.telefone?.message}
          registration={register('telefone')}
        />
      </div>
      <SelectField
        id={id('role')}
        label={kind === 'employee' ? 'Cargo' : 'Tipo'}
        error={errors.role?.message}
        registration={register('role')}
      >
        {roleOptions.map((r) => (
          <option key={r} value={r}>
            {roleLabels[r]}
          </option>
        ))}
      </SelectField>
      {mayAttest ? (
        <fieldset className="flex flex-col gap-3 rounded-lg border p-3">
          <legend className="px-1 text-sm font-semibold">{attestationMessages.title}</legend>
          <label className="flex items-start gap-2 text-sm">
            <input
              type="checkbox"
              className="mt-1"
              checked={attest}
              onChange={(e) => toggleAttest(e.target.checked)}
            />
            <span>Conferi pessoalmente os documentos desta pessoa e atesto a identidade</span>
          </label>
          <p className="text-xs text-muted-foreground">
            {attest ? attestationMessages.intro : attestationMessages.notice}
          </p>
          {attest ? (
            <>
              <fieldset
                className="flex flex-col gap-1"
                aria-describedby={
                  errors.attestation?.documents ? `${id('attest-docs')}-error` : undefined
                }
              >
                <legend className="text-sm font-medium">Conferido *</legend>
                {attestationDocuments.map((d) => (
                  <label key={d} className="flex items-center gap-2 text-sm">
                    <input type="checkbox" value={d} {...register('attestation.documents')} />
                    {attestationDocumentLabels[d]}
                  </label>
                ))}
                {errors.attestation?.documents?.message ? (
                  <p
                    id={`${id('attest-docs')}-error`}
                    role="alert"
                    className="text-sm text-destructive"
                  >
                    {errors.attestation.documents.message}
                  </p>
                ) : null}
              </fieldset>
              <InputField
                id={id('attest-birth')}
                label={`${attestationMessages.birthDateLabel} *`}
                type="date"
                error={errors.attestation?.dataNascimento?.message}
                registration={register('attestation.dataNascimento')}
              />
              <TextareaField
                id={id('attest-note')}
                label={attestationMessages.noteLabel}
                rows={2}
                maxLength={500}
                error={errors.attestation?.note?.message}
                hint="Onde e como a identidade foi conferida (ex.: atendimento presencial, documento RG)."
                registration={register('attestation.note')}
              />
            </>
          ) : null}
        </fieldset>
      ) : null}
      <Button type="submit" disabled={isSubmitting}>
        {kind === 'employee' ? 'Adicionar Funcionário' : 'Adicionar Usuário'}
      </Button>
    </form>
  );
}
