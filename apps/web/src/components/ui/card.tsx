import { slot } from './slot';

export const Card = slot(
  'div',
  'card',
  'flex min-w-0 flex-col gap-6 rounded-xl border bg-card py-6 text-card-foreground shadow-sm',
);

export const CardHeader = slot('div', 'card-header', 'flex flex-col gap-1.5 px-6');

/** A div, as in shadcn/ui: a card inside a page must not add headings to the page outline unasked. */
export const CardTitle = slot(
  'div',
  'card-title',
  'text-lg leading-tight font-semibold tracking-tight',
);

export const CardDescription = slot('div', 'card-description', 'text-sm text-muted-foreground');

export const CardContent = slot('div', 'card-content', 'px-6');

export const CardFooter = slot('div', 'card-footer', 'flex items-center gap-2 px-6');
