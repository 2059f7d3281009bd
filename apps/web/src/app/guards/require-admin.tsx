import { adminMessages } from '@sorteio/shared/admin-access';
import { type Permission, can, canOpenAdmin } from '@sorteio/shared/permissions';
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { AccessDenied } from '@/components/access-denied';
import { PageSpinner } from '@/components/page-spinner';
// Deep import: the router loads this guard on the first page, which must not reach the shared
// barrel through the feature's other exports.
import { useAdminAccessCheck } from '@/features/admin-shell/api/get-admin-access-check';
import { useAuth } from '@/lib/auth/use-auth';
import { MustChangePassword } from './must-change-password';
import { notify } from '@/lib/notifications/notify';
import { LoginRedirect } from './require-auth';

export const ADMIN_PANEL_DENIED = 'Você não tem permissão para acessar o painel administrativo.';
export const SETTINGS_DENIED = 'Você não tem permissão para acessar as configurações.';
/** Where the two-factor setup lives (the profile's security tab). */
export const TWO_FACTOR_SETUP_PATH = '/profile?tab=seguranca';

/** The setup page, told to come back to `next` (an admin path) once two-factor is on. */
export const twoFactorSetupPath = (next: string) =>
  `${TWO_FACTOR_SETUP_PATH}&next=${encodeURIComponent(next)}`;

/**
 * "2FA obrigatório": staff without two-factor sign-in set it up before any admin page, then come
 * back to the page they were opening.
 */
function TwoFactorSetupRedirect() {
  const { pathname, search } = useLocation();
  useEffect(() => {
    notify({
      type: 'warning',
      title: 'Verificação em duas etapas obrigatória',
      message: adminMessages.twoFactorRequired,
      duration: 0,
    });
  }, []);
  return <Navigate to={twoFactorSetupPath(`${pathname}${search}`)} replace />;
}

/**
 * Layout route for the administrator screens (spec 001 sections 2 and 6): /login when signed out,
 * 'Acesso Negado' for everyone whose role opens no part of the area (or lacks `permission` when
 * given), the loading screen while the session or the server's admin check is pending. With
 * "2FA obrigatório" on, staff without two-factor sign-in are sent to set it up. The browser only
 * picks the screen: every admin route checks the same rules again.
 */
export function RequireAdmin({
  deniedMessage = ADMIN_PANEL_DENIED,
  permission,
}: {
  deniedMessage?: string;
  permission?: Permission;
}) {
  const { user, loading } = useAuth();
  const allowed =
    user !== null && (permission ? can(user.role, permission) : canOpenAdmin(user.role));
  const check = useAdminAccessCheck(allowed && !user.mustChangePassword ? user : null);
  if (loading) return <PageSpinner />;
  if (!user) return <LoginRedirect />;
  if (user.mustChangePassword) return <MustChangePassword />;
  if (!allowed) return <AccessDenied message={deniedMessage} />;
  if (check.isPending) return <PageSpinner label="Verificando acesso..." />;
  // A failed check falls back to the session's role (spec 001 section 6); the server decides.
  if (check.data?.two_factor_required) return <TwoFactorSetupRedirect />;
  return <Outlet />;
}
