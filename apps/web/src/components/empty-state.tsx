import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';

/** A list with nothing in it yet: an icon, a title, a line of explanation and an action. */
export function EmptyState({
  icon: Icon,
  title,
  description,
  children,
}: {
  icon: LucideIcon;
  title: ReactNode;
  description?: ReactNode;
  /** The way on: a button or a link. */
  children?: ReactNode;
}) {
  return (
    <Card className="items-center px-6 py-12 text-center">
      <Icon aria-hidden="true" className="size-10 text-muted-foreground" />
      <p className="text-lg font-semibold">{title}</p>
      {description && <p className="text-sm text-muted-foreground">{description}</p>}
      {children}
    </Card>
  );
}
