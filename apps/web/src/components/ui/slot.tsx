import type * as React from 'react';
import { cn } from '@/lib/utils';

/**
 * A styled part of a component family (a card's header, a dialog's title): the element or
 * primitive with its `data-slot`, its base classes and the caller's extra classes last.
 */
export function slot<C extends React.ElementType>(Component: C, name: string, base: string) {
  function Slot(props: React.ComponentProps<C>) {
    const { className, ...rest } = props as { className?: string };
    const Element: React.ElementType = Component;
    return <Element data-slot={name} className={cn(base, className)} {...rest} />;
  }
  Slot.displayName = name;
  return Slot;
}
