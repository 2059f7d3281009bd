import { useLocation, useSearchParams } from 'react-router';
import type { LoginRedirectState } from '@/app/guards/require-auth';
import { LoginScreen } from '@/features/auth/components/login-screen';
import { RETURN_PARAM, safeReturnPath } from '@/lib/return-path';

/** The page a route guard sent the visitor from (same-site paths only). */
function redirectFrom(state: unknown): string | null {
  const from = (state as Partial<LoginRedirectState> | null)?.from;
  if (!from || typeof from.pathname !== 'string') return null;
  return safeReturnPath(`${from.pathname}${from.search}${from.hash}`);
}

/**
 * Sign in (spec 000 section 2, Login). The return target comes from the guard that sent the
 * visitor here or from ?redirect= (the 'Fazer Login' of a room, the confirmation e-mail's link).
 */
export default function LoginPage() {
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const redirectTo =
    redirectFrom(location.state) ?? safeReturnPath(searchParams.get(RETURN_PARAM)) ?? undefined;
  return <LoginScreen redirectTo={redirectTo} />;
}
