import { Outlet } from 'react-router';
import { AccessDenied } from '@/components/access-denied';
import { PageSpinner } from '@/components/page-spinner';
import { useAuth } from '@/lib/auth/use-auth';
import { LoginRedirect } from './require-auth';

export const ADMIN_PANEL_DENIED = 'Você não tem permissão para acessar o painel administrativo.';
export const SETTINGS_DENIED = 'Você não tem permissão para acessar as configurações.';

/**
 * Layout route for the administrator screens (spec 001 sections 2 and 6): /login when signed out,
 * 'Acesso Negado' for everyone without the role. The role comes from the server's session; the
 * browser only uses it to pick the screen.
 */
export function RequireAdmin({ deniedMessage = ADMIN_PANEL_DENIED }: { deniedMessage?: string }) {
  const { user, loading } = useAuth();
  if (loading) return <PageSpinner />;
  if (!user) return <LoginRedirect />;
  if (!user.isAdmin) return <AccessDenied message={deniedMessage} />;
  return <Outlet />;
}
