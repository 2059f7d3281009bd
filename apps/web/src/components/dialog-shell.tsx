import type { ReactNode } from 'react';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';

/** A dialog with its content box, opened by `trigger` or through `open`. */
export function DialogShell({
  open,
  onOpenChange,
  trigger,
  className,
  children,
}: {
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** The button that opens the dialog. */
  trigger?: ReactNode;
  /** Classes of the content box (its width, its scrolling). */
  className?: string | undefined;
  children: ReactNode;
}) {
  return (
    <Dialog {...(open === undefined ? {} : { open })} onOpenChange={onOpenChange}>
      {trigger && <DialogTrigger asChild>{trigger}</DialogTrigger>}
      <DialogContent className={className}>{children}</DialogContent>
    </Dialog>
  );
}

/** The title and the description that name a dialog. */
export function DialogHeading({
  title,
  description,
  titleClassName,
}: {
  title: ReactNode;
  description: ReactNode;
  titleClassName?: string;
}) {
  return (
    <DialogHeader>
      <DialogTitle className={titleClassName}>{title}</DialogTitle>
      <DialogDescription>{description}</DialogDescription>
    </DialogHeader>
  );
}
