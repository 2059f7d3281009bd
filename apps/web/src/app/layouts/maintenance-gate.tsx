import { integrationMessages } from '@sorteio/shared/integration-messages';
import { Wrench } from 'lucide-react';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useAuth } from '@/lib/auth/use-auth';
import { usePublicSettings } from '@/lib/config/get-public-settings';

/** Screens that stay open during maintenance: signing in (staff) and the staff area itself. */
const OPEN_PATHS = ['/login', '/admin', '/gerencianet-config', '/api-services', '/remarketing'];

/**
 * The maintenance page (Config. > Geral > Modo de manutenção): players see it instead of the
 * screens, staff keep working. The server refuses players' changes in the meantime too.
 */
export function MaintenanceGate({ children }: { children: ReactNode }) {
  const settings = usePublicSettings();
  const { user } = useAuth();
  const { pathname } = useLocation();
  const open = OPEN_PATHS.some((p) => pathname === p || pathname.startsWith(`${p}/`));
  if (!settings.data?.maintenanceMode || user?.isStaff || open) return <>{children}</>;
  return (
    <section
      aria-label="Manutenção"
      className="mx-auto flex max-w-lg flex-1 flex-col items-center justify-center gap-4 p-8 text-center"
    >
      <Wrench aria-hidden="true" className="size-12 text-primary" />
      <h1 className="text-2xl font-semibold">Em manutenção</h1>
      <p className="text-muted-foreground">{integrationMessages.maintenance}</p>
    </section>
  );
}
