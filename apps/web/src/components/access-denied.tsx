import { ArrowLeft, ShieldX } from 'lucide-react';
import { Link } from 'react-router';
import { PageTitle } from '@/components/page-title';
import { StatusScreen } from '@/components/status-screen';
import { Button } from '@/components/ui/button';

export const ACCESS_DENIED_TITLE = 'Acesso Negado';

/** The refusal of spec 001 section 2, for signed-in users without the administrator role. */
export function AccessDenied({ message }: { message: string }) {
  return (
    <>
      <PageTitle title={ACCESS_DENIED_TITLE} />
      <StatusScreen
        icon={ShieldX}
        tone="destructive"
        title={ACCESS_DENIED_TITLE}
        description={<p>{message}</p>}
        actions={
          <Button asChild size="lg">
            <Link to="/dashboard">
              <ArrowLeft aria-hidden="true" />
              Voltar ao Dashboard
            </Link>
          </Button>
        }
      />
    </>
  );
}
