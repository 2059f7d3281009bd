import { Copy } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useNotifications } from '@/lib/notifications/use-notifications';

/** Copies `text` and says so with `toastTitle` ('Código copiado!', 'Copiado!'). */
export function CopyButton({
  text,
  label,
  toastTitle,
}: {
  text: string;
  /** The accessible name of the icon button. */
  label: string;
  toastTitle: string;
}) {
  const { notify } = useNotifications();
  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      notify({ type: 'success', title: toastTitle });
    } catch {
      notify({
        type: 'error',
        title: 'Não foi possível copiar',
        message: 'Selecione o texto e copie manualmente.',
      });
    }
  }
  return (
    <Button
      type="button"
      variant="ghost"
      size="icon"
      aria-label={label}
      onClick={() => void copy()}
    >
      <Copy aria-hidden="true" />
    </Button>
  );
}
