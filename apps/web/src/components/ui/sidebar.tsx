import { PanelLeft } from 'lucide-react';
import * as React from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@/components/ui/sheet';
import { Tooltip, TooltipContent, TooltipProvider, TooltipTrigger } from '@/components/ui/tooltip';
import { useIsMobile } from '@/lib/use-mobile';
import { cn } from '@/lib/utils';

/**
 * A collapsible side navigation in the shape of shadcn/ui's Sidebar, with the constants of
 * spec 001 section 9: 16rem wide, 18rem as a drawer below 768 px, 3rem collapsed to icons, the
 * state kept in a cookie for 7 days, Ctrl/Cmd+B to toggle, tooltips after 700 ms.
 */
export const SIDEBAR_COOKIE_NAME = 'sidebar_state';
export const SIDEBAR_COOKIE_MAX_AGE_S = 60 * 60 * 24 * 7;
export const SIDEBAR_WIDTH = '16rem';
export const SIDEBAR_WIDTH_MOBILE = '18rem';
export const SIDEBAR_WIDTH_ICON = '3rem';
export const SIDEBAR_KEYBOARD_SHORTCUT = 'b';

interface SidebarContextValue {
  /** Desktop: expanded (true) or collapsed to icons. */
  open: boolean;
  setOpen: (open: boolean) => void;
  /** Below the breakpoint: the drawer is showing. */
  openMobile: boolean;
  setOpenMobile: (open: boolean) => void;
  isMobile: boolean;
  toggleSidebar: () => void;
}

const SidebarContext = React.createContext<SidebarContextValue | null>(null);

export function useSidebar(): SidebarContextValue {
  const value = React.useContext(SidebarContext);
  if (!value) throw new Error('useSidebar must be used inside SidebarProvider');
  return value;
}

/** The saved state: `sidebar_state=false` means collapsed; anything else expanded. */
export function readSidebarCookie(): boolean {
  const match = /(?:^|;\s*)sidebar_state=(true|false)/.exec(document.cookie);
  return match?.[1] !== 'false';
}

function writeSidebarCookie(open: boolean) {
  document.cookie = `${SIDEBAR_COOKIE_NAME}=${String(open)}; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE_S}; samesite=lax`;
}

export function SidebarProvider({ children }: { children: React.ReactNode }) {
  const isMobile = useIsMobile();
  const [open, setOpenState] = React.useState(readSidebarCookie);
  const [openMobile, setOpenMobile] = React.useState(false);

  const setOpen = React.useCallback((next: boolean) => {
    setOpenState(next);
    writeSidebarCookie(next);
  }, []);

  const toggleSidebar = React.useCallback(() => {
    if (isMobile) setOpenMobile((o) => !o);
    else setOpen(!open);
  }, [isMobile, open, setOpen]);

  React.useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (
        event.key.toLowerCase() === SIDEBAR_KEYBOARD_SHORTCUT &&
        (event.metaKey || event.ctrlKey)
      ) {
        event.preventDefault();
        toggleSidebar();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [toggleSidebar]);

  const value = React.useMemo(
    () => ({ open, setOpen, openMobile, setOpenMobile, isMobile, toggleSidebar }),
    [open, setOpen, openMobile, isMobile, toggleSidebar],
  );

  return (
    <SidebarContext.Provider value={value}>
      <TooltipProvider>
        <div
          data-slot="sidebar-wrapper"
          style={
            {
              '--sidebar-width': SIDEBAR_WIDTH,
              '--sidebar-width-icon': SIDEBAR_WIDTH_ICON,
            } as React.CSSProperties
          }
          className="flex w-full flex-1"
        >
          {children}
        </div>
      </TooltipProvider>
    </SidebarContext.Provider>
  );
}

export function Sidebar({
  label,
  children,
  className,
}: {
  /** The navigation's accessible name. */
  label: string;
  children: React.ReactNode;
  className?: string;
}) {
  const { isMobile, open, openMobile, setOpenMobile } = useSidebar();
  if (isMobile)
    return (
      <Sheet open={openMobile} onOpenChange={setOpenMobile}>
        <SheetContent
          side="left"
          data-slot="sidebar"
          data-mobile="true"
          className="max-w-none gap-0 p-0"
          style={{ width: SIDEBAR_WIDTH_MOBILE }}
        >
          <SheetTitle className="sr-only">{label}</SheetTitle>
          <SheetDescription className="sr-only">Menu do painel administrativo</SheetDescription>
          <nav aria-label={label} className="flex h-full flex-col">
            {children}
          </nav>
        </SheetContent>
      </Sheet>
    );
  return (
    <nav
      aria-label={label}
      data-slot="sidebar"
      data-state={open ? 'expanded' : 'collapsed'}
      className={cn(
        'group/sidebar sticky top-16 flex h-[calc(100dvh-4rem)] shrink-0 flex-col border-r bg-card transition-[width] duration-200',
        open ? 'w-(--sidebar-width)' : 'w-(--sidebar-width-icon)',
        className,
      )}
    >
      {children}
    </nav>
  );
}

export function SidebarTrigger({
  className,
  name = 'menu',
}: {
  className?: string;
  /** What the button opens, for its accessible name ('Abrir menu administrativo'). */
  name?: string;
}) {
  const { toggleSidebar, isMobile, open, openMobile } = useSidebar();
  const expanded = isMobile ? openMobile : open;
  const label = isMobile
    ? `${openMobile ? 'Fechar' : 'Abrir'} ${name}`
    : `${open ? 'Recolher' : 'Expandir'} ${name}`;
  return (
    <Button
      type="button"
      variant="ghost"
      size="icon"
      className={className}
      aria-expanded={expanded}
      aria-label={label}
      title="Ctrl+B"
      onClick={toggleSidebar}
    >
      <PanelLeft aria-hidden="true" />
    </Button>
  );
}

export function SidebarContent({ children }: { children: React.ReactNode }) {
  return <div className="flex min-h-0 flex-1 flex-col gap-1 overflow-y-auto p-2">{children}</div>;
}

export function SidebarFooter({ children }: { children: React.ReactNode }) {
  return <div className="flex flex-col gap-1 border-t p-2">{children}</div>;
}

export function SidebarGroupLabel({ children }: { children: React.ReactNode }) {
  const { open, isMobile } = useSidebar();
  if (!open && !isMobile) return <div aria-hidden="true" className="my-1 h-px bg-border" />;
  return (
    <div className="px-2 pt-3 pb-1 text-xs font-medium tracking-wide text-muted-foreground uppercase">
      {children}
    </div>
  );
}

/**
 * One entry: a link when `to` is given, else a button. Collapsed, only the icon shows and the text
 * moves to a tooltip (and stays the accessible name).
 */
export function SidebarMenuButton({
  icon,
  label,
  badge,
  isActive = false,
  to,
  onClick,
}: {
  icon: React.ReactNode;
  label: string;
  badge?: React.ReactNode;
  isActive?: boolean;
  to?: string;
  onClick?: () => void;
}) {
  const { open, isMobile, setOpenMobile } = useSidebar();
  const collapsed = !open && !isMobile;
  const className = cn(
    'flex h-9 w-full items-center gap-2 rounded-md px-2 text-sm font-medium text-muted-foreground outline-none transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring',
    isActive && 'bg-accent text-accent-foreground',
  );
  const handleClick = () => {
    onClick?.();
    if (isMobile) setOpenMobile(false);
  };
  const content = (
    <>
      <span className="relative flex size-5 shrink-0 items-center justify-center [&>svg]:size-4">
        {icon}
        {collapsed && badge ? (
          <span
            aria-hidden="true"
            data-slot="sidebar-badge-dot"
            className="absolute -top-1 -right-1 size-2 rounded-full bg-destructive"
          />
        ) : null}
      </span>
      <span className={cn('flex-1 truncate text-left', collapsed && 'sr-only')}>{label}</span>
      {collapsed ? null : badge}
    </>
  );
  const entry = to ? (
    <Link
      to={to}
      data-slot="sidebar-menu-button"
      data-active={isActive}
      aria-current={isActive ? 'page' : undefined}
      className={className}
      onClick={handleClick}
    >
      {content}
    </Link>
  ) : (
    <button
      type="button"
      data-slot="sidebar-menu-button"
      className={className}
      onClick={handleClick}
    >
      {content}
    </button>
  );
  if (!collapsed) return entry;
  return (
    <Tooltip>
      <TooltipTrigger asChild>{entry}</TooltipTrigger>
      <TooltipContent side="right">{label}</TooltipContent>
    </Tooltip>
  );
}
