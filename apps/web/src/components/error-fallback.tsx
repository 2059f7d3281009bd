import { messages } from '@sorteio/shared/messages';
import { RefreshCw, RotateCcw, TriangleAlert } from 'lucide-react';
import { Link } from 'react-router';
import { PageTitle } from '@/components/page-title';
import { StatusScreen } from '@/components/status-screen';
import { Button } from '@/components/ui/button';
import { errorMessageOf } from '@/lib/errors';

export interface ErrorFallbackProps {
  error: unknown;
  /** Renders the failed screen again. */
  onRetry: () => void;
  /** False outside the router (the top-level boundary), where <Link> cannot work. */
  inRouter?: boolean;
}

/** The error screen of spec 001 section 2. */
export function ErrorFallback({ error, onRetry, inRouter = true }: ErrorFallbackProps) {
  const text = messages.errorFallback;
  const detail = errorMessageOf(error);
  const support = inRouter ? (
    <Link to="/support" className="font-medium text-primary underline-offset-4 hover:underline">
      {text.persist}
    </Link>
  ) : (
    text.persist
  );
  return (
    <>
      <PageTitle title={text.title} />
      <StatusScreen
        icon={TriangleAlert}
        tone="destructive"
        title={text.title}
        description={
          <>
            <p>{text.body}</p>
            {detail && (
              <p className="mt-4 rounded-md border bg-muted px-3 py-2 font-mono text-sm break-words text-foreground">
                {detail}
              </p>
            )}
          </>
        }
        actions={
          <>
            <Button size="lg" onClick={onRetry}>
              <RotateCcw aria-hidden="true" />
              {text.retry}
            </Button>
            <Button
              variant="outline"
              size="lg"
              onClick={() => {
                window.location.reload();
              }}
            >
              <RefreshCw aria-hidden="true" />
              {text.reload}
            </Button>
          </>
        }
        footer={<p>{support}</p>}
      />
    </>
  );
}
