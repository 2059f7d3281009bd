import type { LucideIcon } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { Button } from '@/components/ui/button';

/** A form's submit button: while the form is busy it is disabled, says so, and shows busyLabel. */
export function SubmitButton({
  busy,
  busyLabel,
  icon: Icon,
  disabled,
  children,
  ...props
}: Omit<ComponentProps<typeof Button>, 'type'> & {
  busy: boolean;
  busyLabel: ReactNode;
  icon?: LucideIcon;
}) {
  return (
    <Button type="submit" disabled={busy || disabled} aria-busy={busy} {...props}>
      {Icon && <Icon aria-hidden="true" />}
      {busy ? busyLabel : children}
    </Button>
  );
}
