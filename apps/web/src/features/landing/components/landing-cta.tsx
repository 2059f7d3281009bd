import { ArrowRight } from 'lucide-react';
import { AppLink } from '@/components/app-link';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useAuth } from '@/lib/auth/use-auth';
import { cn } from '@/lib/utils';

/**
 * Labels of spec 000 section 2 (Landing). Signed out, both lead to the sign-up, not the sign-in
 * the spec names (docs/decisions/015-spec-differences.md): they invite a new player to create an
 * account, and the sign-up links to the sign-in for those who have one.
 */
const labels = {
  hero: { signedIn: 'Ir para Dashboard', signedOut: 'Começar Agora' },
  bottom: { signedIn: 'Acessar Dashboard', signedOut: 'Criar Conta Grátis' },
} as const;

export function LandingCta({
  placement,
  className,
  variant = 'default',
}: {
  placement: 'hero' | 'bottom';
  className?: string;
  variant?: 'default' | 'secondary';
}) {
  const { user, loading } = useAuth();
  // Until the session is known, hold the place instead of flashing the wrong button.
  if (loading) return <Skeleton className={cn('h-12 w-48 rounded-lg', className)} />;
  const signedIn = user !== null;
  return (
    <Button asChild size="lg" variant={variant} className={className}>
      <AppLink to={signedIn ? '/dashboard' : '/register'}>
        {signedIn ? labels[placement].signedIn : labels[placement].signedOut}
        <ArrowRight aria-hidden="true" />
      </AppLink>
    </Button>
  );
}
