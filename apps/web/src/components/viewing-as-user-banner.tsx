import { ArrowLeft, Eye } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { setViewingAsUser } from '@/lib/view-mode';

/** Tells an administrator that the user dashboard is open on purpose (spec 000 section 2). */
export function ViewingAsUserBanner() {
  const navigate = useNavigate();
  return (
    <div
      role="region"
      aria-label="Modo de visualização"
      className="border-b border-info/40 bg-info/10"
    >
      <div className="mx-auto flex w-full max-w-6xl flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <p className="flex items-center gap-2 text-sm font-medium">
          <Eye aria-hidden="true" className="size-4 text-info" />
          Visualizando como Usuário
        </p>
        <Button
          size="sm"
          variant="outline"
          className="w-full sm:w-auto"
          onClick={() => {
            setViewingAsUser(false);
            void navigate('/admin');
          }}
        >
          <ArrowLeft aria-hidden="true" />
          Voltar ao Admin
        </Button>
      </div>
    </div>
  );
}
