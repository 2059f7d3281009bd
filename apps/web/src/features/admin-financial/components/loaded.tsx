import type { ReactNode } from 'react';
import { LoadError } from '@/components/load-error';
import { Spinner } from '@/components/ui/spinner';

type Q<T> = {
  isPending: boolean;
  isError: boolean;
  error: Error | null;
  data: T | undefined;
  refetch: () => unknown;
};

/** Loading, error with retry, or the content. */
export function Loaded<T>({
  query,
  title,
  children,
}: {
  query: Q<T>;
  title: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <Spinner />;
  if (query.isError || query.data === undefined)
    return (
      <LoadError
        title={title}
        message={query.error?.message}
        onRetry={() => void query.refetch()}
      />
    );
  return <>{children(query.data)}</>;
}
