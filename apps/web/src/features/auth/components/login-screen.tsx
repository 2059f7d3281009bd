import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, CircleCheck, DoorOpen, Info, KeyRound, LogIn } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { PageSpinner } from '@/components/page-spinner';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { authKeys } from '@/lib/auth/get-me';
import { useAuth } from '@/lib/auth/use-auth';
import { useNotifications } from '@/lib/notifications/use-notifications';
import { inviteCodeOf, isPrivateRoomPath, safeReturnPath, withReturnPath } from '@/lib/return-path';
import { setViewingAsUser } from '@/lib/view-mode';
import type { MeResponse } from '@sorteio/shared';
import { AuthCard } from './auth-card';
import { LoginForm } from './login-form';
import { TwoFactorStep } from './two-factor-step';

/**
 * Spec 000 sections 2 and 9: the administrator goes to /admin after 0.5 s. Every staff role
 * lands there too (issue 36 item 9): never on the player dashboard and its onboarding; the admin
 * guard sends them through the two-factor setup first when it is required.
 */
export const ADMIN_REDIRECT_DELAY_MS = 500;

/** Where a signed-in account belongs: staff in the administrator area, players on the dashboard. */
export function homeOf(user: { isAdmin: boolean; isStaff: boolean }): string {
  return user.isAdmin || user.isStaff ? '/admin' : '/dashboard';
}

export interface LoginScreenProps {
  /** Where the visitor was going (an invited room): a same-site path, anything else is ignored. */
  redirectTo?: string | undefined;
}

/**
 * 'Criar conta' keeps where the visitor was going: the sign-up, its confirmation e-mail and the
 * sign-in after it all carry the target, and an invitation also shows 'Você foi convidado!'.
 */
export function registerPath(returnTo: string | null): string {
  const inviteCode = inviteCodeOf(returnTo);
  const base = inviteCode ? `/register?invite_code=${encodeURIComponent(inviteCode)}` : '/register';
  return withReturnPath(base, returnTo);
}

export function LoginScreen({ redirectTo: requested }: LoginScreenProps) {
  const redirectTo = safeReturnPath(requested) ?? undefined;
  const { user, loading, refresh } = useAuth();
  const { notify } = useNotifications();
  const queryClient = useQueryClient();
  const [searchParams] = useSearchParams();
  const [step, setStep] = useState<'password' | 'two-factor'>('password');
  // True from the accepted sign-in until we leave the screen.
  const [finishing, setFinishing] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  // Where to go once signed in. We navigate by rendering, after React has the new session, so
  // the guard of the next screen never sees the old, signed-out one and bounces back here.
  const [target, setTarget] = useState<string | null>(null);

  const finishSignIn = useCallback(async () => {
    setFinishing(true);
    notify({
      type: 'success',
      title: 'Login realizado com sucesso!',
      message: 'Redirecionando...',
    });
    // A new session starts in the normal view, even for an administrator who left it on.
    setViewingAsUser(false);
    await refresh();
    const me = queryClient.getQueryData<MeResponse>(authKeys.me());
    if (!me?.user) {
      // The session did not stick (a blocked cookie, say): the form stays usable.
      setFinishing(false);
      return;
    }
    const isStaff = me.user.isStaff || me.user.isAdmin;
    const next = redirectTo ?? homeOf(me.user);
    if (isStaff) {
      timer.current = setTimeout(() => {
        setTarget(next);
      }, ADMIN_REDIRECT_DELAY_MS);
    } else {
      setTarget(next);
    }
  }, [notify, queryClient, redirectTo, refresh]);

  if (loading) return <PageSpinner />;
  if (user && target) return <Navigate to={target} replace />;
  // Someone already signed in has nothing to do here; during our own sign-in we redirect ourselves.
  if (user && !finishing) return <Navigate to={redirectTo ?? homeOf(user)} replace />;

  const back = (
    <Button asChild variant="ghost" size="sm" className="w-fit">
      <Link to="/">
        <ArrowLeft aria-hidden="true" />
        Voltar
      </Link>
    </Button>
  );

  if (step === 'two-factor') {
    return (
      <AuthCard
        icon={KeyRound}
        title="Verificação em duas etapas"
        description="Sua conta tem a verificação em duas etapas (2FA) ativada. Confirme que é você."
        before={back}
      >
        <TwoFactorStep
          finishing={finishing}
          onSignedIn={() => void finishSignIn()}
          onCancel={() => {
            setStep('password');
          }}
        />
      </AuthCard>
    );
  }

  // A failed confirmation lands on the same callback URL with ?error= added to ?verified=1.
  const linkError = searchParams.has('error');
  const verified = !linkError && searchParams.get('verified') === '1';

  return (
    <AuthCard
      icon={LogIn}
      title="Entrar"
      description="Acesse sua conta para participar dos sorteios."
      before={back}
      footer={
        <>
          <p>
            Ainda não tem conta?{' '}
            <Link
              to={registerPath(redirectTo ?? null)}
              className="font-medium text-primary underline-offset-4 hover:underline"
            >
              Criar conta
            </Link>
          </p>
          <p className="text-xs">
            Acabou de se cadastrar? Confirme seu e-mail pelo link que enviamos antes de entrar (veja
            também a pasta de spam).
          </p>
        </>
      }
    >
      {verified && (
        <Alert variant="info" role="status">
          <CircleCheck aria-hidden="true" />
          <AlertDescription className="text-foreground">
            E-mail confirmado! Agora faça login.
          </AlertDescription>
        </Alert>
      )}
      {isPrivateRoomPath(redirectTo) && (
        <Alert variant="info" role="note">
          <DoorOpen aria-hidden="true" />
          <AlertDescription className="text-foreground">
            Depois de entrar, você volta direto para a sala privada.
          </AlertDescription>
        </Alert>
      )}
      {linkError && (
        <Alert variant="warning" role="status">
          <Info aria-hidden="true" />
          <AlertDescription className="text-foreground">
            O link de confirmação é inválido ou expirou. Faça login para receber outro.
          </AlertDescription>
        </Alert>
      )}
      <LoginForm
        returnTo={redirectTo ?? null}
        finishing={finishing}
        onSignedIn={() => void finishSignIn()}
        onTwoFactor={() => {
          setStep('two-factor');
        }}
      />
    </AuthCard>
  );
}
