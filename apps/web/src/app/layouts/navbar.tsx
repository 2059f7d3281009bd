import { lazy, Suspense } from 'react';
import { AppLink, AppNavLink } from '@/components/app-link';
import { BrandMark, PRODUCT_NAME } from '@/components/brand';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useAuth } from '@/lib/auth/use-auth';
import { cn } from '@/lib/utils';
import { MobileNav } from './mobile-nav';
import { appLinks, publicLinks } from './nav-links';
import { ThemeToggle } from './theme-toggle';

// Radix's menu is the largest part of the layout; signed-out visitors never need it.
const UserMenu = lazy(() => import('./user-menu'));

export function Navbar() {
  const { user, loading } = useAuth();
  const links = user ? appLinks : publicLinks;

  return (
    <header className="sticky top-0 z-40 border-b bg-background/90 backdrop-blur supports-[backdrop-filter]:bg-background/75">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-4 sm:px-6">
        <AppLink
          to="/"
          className="mr-2 flex shrink-0 items-center gap-2 rounded-md text-lg font-bold tracking-tight whitespace-nowrap outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background"
        >
          <BrandMark />
          <span>{PRODUCT_NAME}</span>
        </AppLink>

        {!loading && (
          <nav aria-label="Principal" className="hidden lg:block">
            <ul className="flex items-center gap-1">
              {links.map(({ to, label }) => (
                <li key={to}>
                  <AppNavLink
                    to={to}
                    className={({ isActive }) =>
                      cn(
                        'rounded-md px-3 py-2 text-sm font-medium text-muted-foreground transition-colors outline-none hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring',
                        isActive && 'bg-secondary text-secondary-foreground',
                      )
                    }
                  >
                    {label}
                  </AppNavLink>
                </li>
              ))}
            </ul>
          </nav>
        )}

        <div className="ml-auto flex items-center gap-1 sm:gap-2">
          <ThemeToggle />
          {loading ? (
            <Skeleton className="h-9 w-24" />
          ) : user ? (
            <Suspense fallback={<Skeleton className="size-9 rounded-full" />}>
              <UserMenu user={user} />
            </Suspense>
          ) : (
            <>
              <Button asChild variant="ghost" size="sm">
                <AppLink to="/login">Entrar</AppLink>
              </Button>
              <Button asChild size="sm" className="hidden md:inline-flex">
                <AppLink to="/register">Criar conta</AppLink>
              </Button>
            </>
          )}
          {!loading && <MobileNav user={user} />}
        </div>
      </div>
    </header>
  );
}
