import { Eye, LogOut } from 'lucide-react';
import { useNavigate } from 'react-router';
import { UnderConstruction } from '@/components/under-construction';
import { Button } from '@/components/ui/button';
import { setViewingAsUser } from '@/lib/view-mode';

/** Switches between the administrator panel and the user side (spec 000 section 2). */
function AdminViewSwitch() {
  const navigate = useNavigate();
  // Both buttons open the user dashboard; without the flag it would send the administrator back.
  const openUserSide = () => {
    setViewingAsUser(true);
    void navigate('/dashboard');
  };
  return (
    <section aria-label="Gerenciamento da Plataforma" className="border-b bg-card">
      <div className="mx-auto flex w-full max-w-6xl flex-col gap-3 px-4 py-4 sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <p className="text-lg font-semibold tracking-tight">Gerenciamento da Plataforma</p>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button variant="outline" size="sm" onClick={openUserSide}>
            <Eye aria-hidden="true" />
            Ver como Usuário
          </Button>
          <Button variant="ghost" size="sm" onClick={openUserSide}>
            <LogOut aria-hidden="true" />
            Sair do Admin
          </Button>
        </div>
      </div>
    </section>
  );
}

/** Administrator panel (spec 001 section 2, Administrator panel). */
export default function AdminPage() {
  return (
    <>
      <AdminViewSwitch />
      <UnderConstruction title="Painel Administrativo" />
    </>
  );
}
