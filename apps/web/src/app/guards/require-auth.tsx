import { Navigate, Outlet, useLocation } from 'react-router';
import { PageSpinner } from '@/components/page-spinner';
import { useAuth } from '@/lib/auth/use-auth';
import { MustChangePassword } from './must-change-password';

/** Where a guard sends signed-out visitors; the login screen reads `state.from` to come back. */
export interface LoginRedirectState {
  from: { pathname: string; search: string; hash: string };
}

export function LoginRedirect() {
  const { pathname, search, hash } = useLocation();
  const state: LoginRedirectState = { from: { pathname, search, hash } };
  return <Navigate to="/login" replace state={state} />;
}

/**
 * Layout route for screens that need a session (spec 000 section 6): a spinner while the session
 * loads, /login when signed out. The server checks again on every call.
 */
export function RequireAuth() {
  const { user, loading } = useAuth();
  if (loading) return <PageSpinner />;
  if (!user) return <LoginRedirect />;
  if (user.mustChangePassword) return <MustChangePassword />;
  return <Outlet />;
}
