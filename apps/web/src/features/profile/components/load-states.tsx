import { LoadError as SharedLoadError } from '@/components/load-error';
import { Spinner } from '@/components/ui/spinner';

export function LoadingBlock({ label = 'Carregando...' }: { label?: string }) {
  return (
    <div className="flex justify-center py-10">
      <Spinner label={label} showLabel />
    </div>
  );
}

export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return <SharedLoadError title="Não foi possível carregar" message={message} onRetry={onRetry} />;
}
