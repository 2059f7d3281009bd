import { messages } from '@sorteio/shared';
import { ArrowLeft, Construction } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { PageTitle } from '@/components/page-title';
import { StatusScreen } from '@/components/status-screen';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/lib/auth/use-auth';

export interface UnderConstructionProps {
  /** The screen's own title, shown as its heading. */
  title: string;
}

/** Stands in for a screen that later work builds, so every route of the spec already answers. */
export function UnderConstruction({ title }: UnderConstructionProps) {
  const { user } = useAuth();
  const { pathname } = useLocation();
  const toDashboard = user !== null && pathname !== '/dashboard';
  return (
    <>
      <PageTitle title={title} />
      <StatusScreen
        icon={Construction}
        eyebrow={<Badge variant="secondary">{messages.underConstruction.title}</Badge>}
        title={title}
        description={<p>{messages.underConstruction.body}</p>}
        actions={
          <Button asChild size="lg" variant="outline">
            <Link to={toDashboard ? '/dashboard' : '/'}>
              <ArrowLeft aria-hidden="true" />
              {toDashboard ? 'Voltar ao Dashboard' : 'Voltar ao início'}
            </Link>
          </Button>
        }
      />
    </>
  );
}
