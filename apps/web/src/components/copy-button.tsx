import { Check, Copy } from 'lucide-react';
import { type ComponentProps, type ReactNode, useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { useNotifications } from '@/lib/notifications/use-notifications';

export interface CopyButtonProps {
  /** The text put on the clipboard. */
  value: string;
  /**
   * The accessible name (and tooltip) of an icon-only button. A button with `children` is named
   * by its text instead.
   */
  label?: string;
  /** The visible text of the button; without it the button is only the icon. */
  children?: ReactNode;
  /** The toast after a copy. */
  copiedTitle?: string;
  copiedMessage?: string;
  /** The toast's message when the browser refuses the clipboard. */
  failureMessage?: string;
  onCopied?: () => void;
  /** E.g. select the text so the person can copy it by hand. */
  onFailure?: () => void;
  /** Shows a check mark for two seconds after a copy. */
  showCopied?: boolean;
  variant?: ComponentProps<typeof Button>['variant'];
  size?: ComponentProps<typeof Button>['size'];
  className?: string;
}

/** The one copy button: writes `value` to the clipboard and says so in a toast. */
export function CopyButton({
  value,
  label,
  children,
  copiedTitle = 'Copiado!',
  copiedMessage,
  failureMessage = 'Selecione o texto e copie manualmente.',
  onCopied,
  onFailure,
  showCopied = false,
  variant = 'outline',
  size,
  className,
}: CopyButtonProps) {
  const { notify } = useNotifications();
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => {
      setCopied(false);
    }, 2000);
    return () => {
      clearTimeout(timer);
    };
  }, [copied]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
    } catch {
      onFailure?.();
      notify({ type: 'error', title: 'Não foi possível copiar', message: failureMessage });
      return;
    }
    if (showCopied) setCopied(true);
    notify(
      copiedMessage === undefined
        ? { type: 'success', title: copiedTitle }
        : { type: 'success', title: copiedTitle, message: copiedMessage },
    );
    onCopied?.();
  }

  const icon = copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />;
  const iconOnly = children === undefined;
  return (
    <Button
      type="button"
      variant={variant}
      size={size ?? (iconOnly ? 'icon' : 'default')}
      className={className}
      aria-label={iconOnly ? label : undefined}
      title={iconOnly ? label : undefined}
      onClick={() => void copy()}
    >
      {icon}
      {children}
    </Button>
  );
}
