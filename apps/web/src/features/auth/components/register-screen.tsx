import { zodResolver } from '@hookform/resolvers/zod';
import {
  emailSchema,
  isReferralCode,
  legalAcceptanceMessages,
  legalDocuments,
  passwordSchemaOf,
} from '@sorteio/shared';
import { ArrowLeft, Gift, UserPlus } from 'lucide-react';
import { useEffect, useMemo } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { FieldError, PasswordField } from '@/components/form-field';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { SubmitButton } from '@/components/submit-button';
import { Button } from '@/components/ui/button';
import { usePasswordMinLength } from '@/lib/config/get-public-settings';
import { useNotifications } from '@/lib/notifications/use-notifications';
import { isPrivateRoomPath, RETURN_PARAM, safeReturnPath, withReturnPath } from '@/lib/return-path';
import { INVITE_CODE_KEY, PENDING_EMAIL_KEY, writeStored } from '@/lib/storage';
import { useSignUp } from '../api/sign-up';
import { signUpErrorText } from '../lib/auth-messages';
import { readLastEmail, rememberEmail } from '../lib/last-email';
import { AuthCard } from './auth-card';
import { EmailField } from './email-field';

const FILL_ALL = 'Por favor, preencha todos os campos.';

// An empty field stops at the first check, so it gets the "fill everything" text (spec 000 s. 5).
// The password's minimum is the setting "Tamanho mínimo da senha" (the server checks it too).
const registerSchemaOf = (minPassword: number) =>
  z.object({
    email: z.string().trim().min(1, { error: FILL_ALL }).pipe(emailSchema),
    password: z.string().min(1, { error: FILL_ALL }).pipe(passwordSchemaOf(minPassword)),
    // The Termos de Uso and the Regulamento dos Sorteios (the server refuses the sign-up too).
    acceptLegalTerms: z.boolean().refine((accepted) => accepted, {
      error: legalAcceptanceMessages.required,
    }),
  });
type RegisterValues = z.input<ReturnType<typeof registerSchemaOf>>;

/** What the navigation to /verify-email carries. */
export interface VerifyEmailState {
  email: string;
}

/** An invitation code as the server issues it (spec 001: /private-room-invite/:inviteCode). */
const INVITE_CODE = /^[A-Za-z0-9_-]{10,40}$/;

/**
 * Where the new account goes after confirming the e-mail and signing in: ?redirect= when it is a
 * path on this site, otherwise the invitation of ?invite_code=, otherwise nowhere in particular.
 */
export function registerReturnTo(
  redirect: string | null,
  inviteCode: string | null,
): string | null {
  const target = safeReturnPath(redirect);
  if (target) return target;
  return inviteCode && INVITE_CODE.test(inviteCode) ? `/private-room-invite/${inviteCode}` : null;
}

/** A legal document, opened in a new tab so the form keeps what was typed. */
function LegalLink({ document }: { document: { title: string; path: string } }) {
  return (
    <a
      href={document.path}
      target="_blank"
      rel="noopener noreferrer"
      className="font-medium text-primary underline underline-offset-4 hover:opacity-80"
    >
      {document.title}
      <span className="sr-only"> (abre em nova aba)</span>
    </a>
  );
}

export function RegisterScreen() {
  const { notify } = useNotifications();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const code = searchParams.get('invite_code')?.trim() || null;
  // A player's referral link (8 characters) or a private room's invitation (10 to 40).
  const referralCode = isReferralCode(code) ? code.toUpperCase() : null;
  const inviteCode = referralCode ? null : code;
  const returnTo = registerReturnTo(searchParams.get(RETURN_PARAM), inviteCode);
  const invitedToRoom = inviteCode !== null || isPrivateRoomPath(returnTo);
  const signUp = useSignUp();

  useEffect(() => {
    // Kept for the private-room join once the new account signs in.
    if (inviteCode) writeStored('session', INVITE_CODE_KEY, inviteCode);
  }, [inviteCode]);

  const minPassword = usePasswordMinLength();
  const registerSchema = useMemo(() => registerSchemaOf(minPassword), [minPassword]);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(registerSchema),
    defaultValues: { email: readLastEmail(), password: '', acceptLegalTerms: false },
  });

  function onInvalid(fieldErrors: FieldErrors<RegisterValues>) {
    const messages = [fieldErrors.email?.message, fieldErrors.password?.message];
    if (messages.includes(FILL_ALL)) {
      notify({ type: 'error', title: 'Erro', message: FILL_ALL });
      return;
    }
    const message =
      fieldErrors.password?.message ??
      fieldErrors.email?.message ??
      fieldErrors.acceptLegalTerms?.message;
    if (message) notify({ type: 'error', title: 'Erro ao registrar', message });
  }

  const onSubmit = handleSubmit(async ({ email, password }) => {
    rememberEmail(email);
    try {
      await signUp.mutateAsync({
        email,
        password,
        returnTo,
        acceptLegalTerms: true,
        referralCode,
      });
    } catch (error) {
      notify({ type: 'error', ...signUpErrorText(error) });
      return;
    }
    notify({
      type: 'success',
      title: 'Sucesso!',
      message: 'Cadastro realizado com sucesso! Verifique seu e-mail para confirmar.',
    });
    writeStored('session', PENDING_EMAIL_KEY, email);
    const state: VerifyEmailState = { email };
    // The target rides in the address, so a reload of /verify-email still knows it.
    await navigate(withReturnPath('/verify-email', returnTo), { state });
  }, onInvalid);

  return (
    <AuthCard
      icon={UserPlus}
      title="Criar conta"
      description="Cadastre-se com seu e-mail para participar dos sorteios."
      before={
        <Button asChild variant="ghost" size="sm" className="w-fit">
          <Link to="/">
            <ArrowLeft aria-hidden="true" />
            Voltar
          </Link>
        </Button>
      }
      footer={
        <p>
          Já tem conta?{' '}
          <Link
            to={withReturnPath('/login', returnTo)}
            className="font-medium text-primary underline-offset-4 hover:underline"
          >
            Entrar
          </Link>
        </p>
      }
    >
      {(invitedToRoom || referralCode) && (
        <Alert variant="info" role="status">
          <Gift aria-hidden="true" />
          <AlertTitle className="text-foreground">Você foi convidado!</AlertTitle>
          <AlertDescription>
            {invitedToRoom
              ? 'Crie sua conta e confirme seu e-mail para entrar na sala privada do convite.'
              : 'Um amigo convidou você para o Sorteio Certo. Crie sua conta e confirme seu e-mail para começar a participar.'}
          </AlertDescription>
        </Alert>
      )}
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
        <EmailField
          id="register-email"
          error={errors.email?.message}
          registration={register('email')}
        />
        <PasswordField
          id="register-password"
          label="Senha"
          error={errors.password?.message}
          hint={`Use pelo menos ${minPassword} caracteres.`}
          autoComplete="new-password"
          required
          registration={register('password')}
        />
        <p className="rounded-md bg-muted px-3 py-2 text-xs text-muted-foreground">
          A plataforma é exclusiva para maiores de 18 anos. Ao criar sua conta, você declara ter 18
          anos ou mais.
        </p>
        <div className="flex flex-col gap-2">
          <div className="flex items-start gap-3">
            <input
              id="register-accept-legal"
              type="checkbox"
              className="mt-0.5 size-5 shrink-0 accent-primary"
              // The visible label holds two links; the box's own name is the sentence alone.
              aria-label={legalAcceptanceMessages.label}
              aria-invalid={errors.acceptLegalTerms ? true : undefined}
              aria-describedby={errors.acceptLegalTerms ? 'register-accept-legal-error' : undefined}
              {...register('acceptLegalTerms')}
            />
            <label htmlFor="register-accept-legal" className="text-sm leading-snug">
              Li e aceito os <LegalLink document={legalDocuments.termos} /> e o{' '}
              <LegalLink document={legalDocuments.regulamento} />
            </label>
          </div>
          {errors.acceptLegalTerms?.message && (
            <FieldError id="register-accept-legal-error">
              {errors.acceptLegalTerms.message}
            </FieldError>
          )}
        </div>
        <SubmitButton
          size="lg"
          busy={signUp.isPending}
          icon={UserPlus}
          busyLabel="Criando conta..."
        >
          Criar conta
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
