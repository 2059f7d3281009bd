import { useParams } from 'react-router';
import { NotFoundScreen } from '@/components/not-found-screen';
import { PageSpinner } from '@/components/page-spinner';
import { PageTitle } from '@/components/page-title';
import { StatusScreen } from '@/components/status-screen';
import { Button } from '@/components/ui/button';
import { OUTBOX_TITLE, OutboxScreen } from '@/features/outbox/components/outbox-screen';
import { usePublicConfig } from '@/lib/config/get-public-config';

/**
 * /outbox and /outbox/:id: the operator's view of the local mail outbox. It exists only while the
 * server keeps mail locally (no SMTP); otherwise the address answers like any unknown page.
 */
export default function OutboxPage() {
  const { id } = useParams();
  const config = usePublicConfig();

  if (config.isPending) return <PageSpinner />;
  if (config.isError) {
    return (
      <StatusScreen
        tone="destructive"
        title={OUTBOX_TITLE}
        description={<p role="alert">{config.error.message}</p>}
        actions={<Button onClick={() => void config.refetch()}>Tentar Novamente</Button>}
      />
    );
  }
  if (!config.data.mailOutbox) return <NotFoundScreen />;

  return (
    <>
      <PageTitle title={OUTBOX_TITLE} />
      <OutboxScreen selectedId={id} />
    </>
  );
}
