import type { SessionUser } from '@sorteio/shared';
import { LogIn, UserPlus } from 'lucide-react';
import { AppLink, AppNavLink } from '@/components/app-link';
import { BrandMark, PRODUCT_NAME } from '@/components/brand';
import { Button } from '@/components/ui/button';
import { Separator } from '@/components/ui/separator';
import { Sheet, SheetContent, SheetFooter, SheetHeader, SheetTitle } from '@/components/ui/sheet';
import { cn } from '@/lib/utils';
import { accountLinks, appLinks, type NavItem, publicLinks } from './nav-links';

export interface MobileNavSheetProps {
  user: SessionUser | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * The slide-in menu that holds the navigation links below 768 px (spec 000 section 2). Loaded
 * on demand by MobileNavButton: most visits never open it.
 */
export default function MobileNavSheet({ user, open, onOpenChange }: MobileNavSheetProps) {
  const links = user ? appLinks : publicLinks;
  const close = () => {
    onOpenChange(false);
  };

  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent side="right" aria-describedby={undefined} className="gap-0">
        <SheetHeader className="border-b">
          <SheetTitle className="flex items-center gap-2">
            <BrandMark className="size-7" />
            {PRODUCT_NAME}
          </SheetTitle>
        </SheetHeader>
        <nav aria-label="Menu principal" className="overflow-y-auto p-3">
          <NavList links={links} onNavigate={close} />
          {user && (
            <>
              <Separator className="my-2" />
              <p className="px-3 pt-1 pb-1 text-xs font-medium text-muted-foreground uppercase">
                Minha conta
              </p>
              <NavList links={accountLinks} onNavigate={close} />
            </>
          )}
        </nav>
        {!user && (
          <>
            <Separator />
            <SheetFooter>
              <Button asChild size="lg">
                <AppLink to="/register" onClick={close}>
                  <UserPlus aria-hidden="true" />
                  Criar conta
                </AppLink>
              </Button>
              <Button asChild size="lg" variant="outline">
                <AppLink to="/login" onClick={close}>
                  <LogIn aria-hidden="true" />
                  Entrar
                </AppLink>
              </Button>
            </SheetFooter>
          </>
        )}
      </SheetContent>
    </Sheet>
  );
}

function NavList({ links, onNavigate }: { links: NavItem[]; onNavigate: () => void }) {
  return (
    <ul className="flex flex-col gap-1">
      {links.map(({ to, label, icon: Icon }) => (
        <li key={to}>
          <AppNavLink
            to={to}
            onClick={onNavigate}
            className={({ isActive }) =>
              cn(
                'flex items-center gap-3 rounded-md px-3 py-2.5 text-base font-medium transition-colors outline-none hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring',
                isActive && 'bg-secondary text-secondary-foreground',
              )
            }
          >
            <Icon aria-hidden="true" className="size-5" />
            {label}
          </AppNavLink>
        </li>
      ))}
    </ul>
  );
}
