import { RefreshCw, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';

/** A failed load with the spec's 'Tentar Novamente' button. */
export function LoadError({
  title,
  message,
  onRetry,
}: {
  title: ReactNode;
  message?: ReactNode;
  onRetry: () => void;
}) {
  return (
    <Alert variant="destructive">
      <TriangleAlert aria-hidden="true" />
      <AlertTitle>{title}</AlertTitle>
      <AlertDescription>
        {message && <p>{message}</p>}
        <Button variant="outline" size="sm" className="mt-2" onClick={onRetry}>
          <RefreshCw aria-hidden="true" />
          Tentar Novamente
        </Button>
      </AlertDescription>
    </Alert>
  );
}
