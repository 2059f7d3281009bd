import { ArrowRight } from 'lucide-react';
import { AppLink } from '@/components/app-link';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useAuth } from '@/lib/auth/use-auth';
import { cn } from '@/lib/utils';

/** Labels and targets of spec 000 section 2 (Landing). */
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
      <AppLink to={signedIn ? '/dashboard' : '/login'}>
        {signedIn ? labels[placement].signedIn : labels[placement].signedOut}
        <ArrowRight aria-hidden="true" />
      </AppLink>
    </Button>
  );
}
