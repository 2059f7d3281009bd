import { useLocation } from 'react-router';
import type { LoginRedirectState } from '@/app/guards/require-auth';
import { LoginScreen } from '@/features/auth/components/login-screen';

function redirectFrom(state: unknown): string | undefined {
  const from = (state as Partial<LoginRedirectState> | null)?.from;
  if (!from || typeof from.pathname !== 'string' || from.pathname === '/login') return undefined;
  return `${from.pathname}${from.search}${from.hash}`;
}

/** Sign in (spec 000 section 2, Login). */
export default function LoginPage() {
  const location = useLocation();
  return <LoginScreen redirectTo={redirectFrom(location.state)} />;
}
