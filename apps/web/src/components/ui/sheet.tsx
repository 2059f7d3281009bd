import { cva, type VariantProps } from 'class-variance-authority';
import { XIcon } from 'lucide-react';
import { Dialog as SheetPrimitive } from 'radix-ui';
import type * as React from 'react';
import { cn } from '@/lib/utils';
import { slot } from './slot';

export function Sheet(props: React.ComponentProps<typeof SheetPrimitive.Root>) {
  return <SheetPrimitive.Root data-slot="sheet" {...props} />;
}

export function SheetTrigger(props: React.ComponentProps<typeof SheetPrimitive.Trigger>) {
  return <SheetPrimitive.Trigger data-slot="sheet-trigger" {...props} />;
}

export function SheetClose(props: React.ComponentProps<typeof SheetPrimitive.Close>) {
  return <SheetPrimitive.Close data-slot="sheet-close" {...props} />;
}

function SheetOverlay({
  className,
  ...props
}: React.ComponentProps<typeof SheetPrimitive.Overlay>) {
  return (
    <SheetPrimitive.Overlay
      data-slot="sheet-overlay"
      className={cn(
        'fixed inset-0 z-50 bg-black/60 data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in',
        className,
      )}
      {...props}
    />
  );
}

const sheetVariants = cva(
  'fixed z-50 flex flex-col gap-4 bg-popover text-popover-foreground shadow-xl outline-none data-[state=closed]:animate-fade-out',
  {
    variants: {
      side: {
        right:
          'inset-y-0 right-0 h-full w-4/5 max-w-sm border-l data-[state=open]:animate-slide-in-right',
        left: 'inset-y-0 left-0 h-full w-4/5 max-w-sm border-r data-[state=open]:animate-slide-in-left',
        top: 'inset-x-0 top-0 h-auto border-b data-[state=open]:animate-slide-in-top',
        bottom: 'inset-x-0 bottom-0 h-auto border-t data-[state=open]:animate-slide-in-bottom',
      },
    },
    defaultVariants: { side: 'right' },
  },
);

export function SheetContent({
  className,
  children,
  side,
  ...props
}: React.ComponentProps<typeof SheetPrimitive.Content> & VariantProps<typeof sheetVariants>) {
  return (
    <SheetPrimitive.Portal>
      <SheetOverlay />
      <SheetPrimitive.Content
        data-slot="sheet-content"
        className={cn(sheetVariants({ side }), className)}
        {...props}
      >
        {children}
        <SheetPrimitive.Close
          className="absolute top-4 right-4 cursor-pointer rounded-md p-1 text-muted-foreground opacity-80 transition-opacity outline-none hover:opacity-100 focus-visible:ring-2 focus-visible:ring-ring"
          aria-label="Fechar menu"
        >
          <XIcon aria-hidden="true" className="size-5" />
        </SheetPrimitive.Close>
      </SheetPrimitive.Content>
    </SheetPrimitive.Portal>
  );
}

export const SheetHeader = slot('div', 'sheet-header', 'flex flex-col gap-1.5 p-4');

export const SheetFooter = slot('div', 'sheet-footer', 'mt-auto flex flex-col gap-2 p-4');

export const SheetTitle = slot(
  SheetPrimitive.Title,
  'sheet-title',
  'font-semibold text-foreground',
);

export const SheetDescription = slot(
  SheetPrimitive.Description,
  'sheet-description',
  'text-sm text-muted-foreground',
);
