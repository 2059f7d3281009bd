import { Spinner } from '@/components/ui/spinner';

/** Fills the content area while a screen's code or the session is loading. */
export function PageSpinner({ label = 'Carregando...' }: { label?: string }) {
  return (
    <div className="flex min-h-[50vh] items-center justify-center p-8">
      <Spinner label={label} showLabel />
    </div>
  );
}
