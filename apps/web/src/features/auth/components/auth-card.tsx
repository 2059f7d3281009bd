import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { PageTitle } from '@/components/page-title';
import { Card, CardContent, CardFooter, CardHeader } from '@/components/ui/card';

export interface AuthCardProps {
  title: string;
  description?: ReactNode;
  icon?: LucideIcon;
  /** Above the card (a back button). */
  before?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}

/** The centred card shared by the sign-in, sign-up and recovery screens; its title is the <h1>. */
export function AuthCard({
  title,
  description,
  icon: Icon,
  before,
  children,
  footer,
}: AuthCardProps) {
  return (
    <div className="relative flex flex-1 justify-center px-4 py-8 sm:items-center sm:py-12">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 top-0 -z-10 mx-auto h-72 max-w-2xl rounded-full bg-primary/10 blur-3xl"
      />
      <PageTitle title={title} />
      <div className="flex w-full max-w-md flex-col gap-4">
        {before}
        <Card className="gap-5">
          <CardHeader className="items-center text-center">
            {Icon && (
              <div className="mb-1 flex size-12 items-center justify-center rounded-xl bg-secondary text-secondary-foreground">
                <Icon aria-hidden="true" className="size-6" />
              </div>
            )}
            <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
            {description && <div className="text-sm text-muted-foreground">{description}</div>}
          </CardHeader>
          <CardContent className="flex flex-col gap-4">{children}</CardContent>
          {footer && (
            <CardFooter className="flex-col gap-2 text-center text-sm text-muted-foreground">
              {footer}
            </CardFooter>
          )}
        </Card>
      </div>
    </div>
  );
}
