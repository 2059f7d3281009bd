import type * as React from 'react';
import { cn } from '@/lib/utils';

/**
 * A box that scrolls sideways when its content (usually a table) is wider than a phone. It is
 * focusable and named so keyboard users can scroll it too (axe: scrollable-region-focusable).
 */
export function ScrollRegion({
  label,
  className,
  ...props
}: React.ComponentProps<'div'> & { label: string }) {
  return (
    <div
      data-slot="scroll-region"
      role="region"
      aria-label={label}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must be reachable by keyboard
      tabIndex={0}
      className={cn(
        // relative: absolutely positioned descendants (sr-only texts) scroll and clip with it
        // instead of widening the page.
        'relative min-w-0 overflow-x-auto rounded-md outline-none focus-visible:ring-2 focus-visible:ring-ring',
        className,
      )}
      {...props}
    />
  );
}
