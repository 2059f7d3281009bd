import { can } from '@sorteio/shared';
import { Eye, LogOut } from 'lucide-react';
import { Outlet, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { SidebarProvider, SidebarTrigger } from '@/components/ui/sidebar';
import { DiagnosticsButton } from '@/features/admin-shell';
import { useAuth } from '@/lib/auth/use-auth';
import { setViewingAsUser } from '@/lib/view-mode';
import { AdminSidebar } from './admin-sidebar';

/**
 * The management header (spec 001 section 2): 'Ver como Usuário' sets the session flag and opens
 * the player dashboard; 'Sair do Admin' also goes to /dashboard, which without the flag would
 * send an administrator straight back here.
 */
function AdminHeader({ canDiagnose }: { canDiagnose: boolean }) {
  const navigate = useNavigate();
  const openUserSide = () => {
    setViewingAsUser(true);
    void navigate('/dashboard');
  };
  return (
    <header
      aria-label="Gerenciamento da Plataforma"
      className="flex flex-wrap items-center gap-2 border-b bg-card px-3 py-3 sm:px-6"
    >
      <SidebarTrigger name="menu administrativo" />
      <h1 className="mr-auto text-lg font-semibold tracking-tight">Gerenciamento da Plataforma</h1>
      <div className="flex flex-wrap gap-2">
        {canDiagnose ? <DiagnosticsButton /> : null}
        <Button variant="outline" size="sm" onClick={openUserSide}>
          <Eye aria-hidden="true" />
          Ver como Usuário
        </Button>
        <Button variant="ghost" size="sm" onClick={openUserSide}>
          <LogOut aria-hidden="true" />
          Sair do Admin
        </Button>
      </div>
    </header>
  );
}

/** The administrator shell: sidebar, header and the page (a tab, add user, add employee). */
export default function AdminLayout() {
  const { user } = useAuth();
  // RequireAdmin renders this only for a signed-in staff account.
  if (!user) return null;
  return (
    <SidebarProvider>
      <AdminSidebar role={user.role} />
      <div className="flex min-w-0 flex-1 flex-col">
        <AdminHeader canDiagnose={can(user.role, 'diagnostics.run')} />
        <div className="flex-1 p-4 sm:p-6">
          <Outlet />
        </div>
      </div>
    </SidebarProvider>
  );
}
