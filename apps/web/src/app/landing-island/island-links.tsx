import { createContext, use, type MouseEvent } from 'react';
import type { AppLinkProps, AppNavLinkProps, LinkComponents } from '@/components/app-link';

/** Opens an in-app path from the light landing page (by starting the app there). */
export const IslandNavigateContext = createContext<(to: string) => void>(() => {});

/** A click the page should handle itself: the main button, no modifier, same tab. */
function isPlainClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  return (
    !event.defaultPrevented &&
    event.button === 0 &&
    !event.metaKey &&
    !event.altKey &&
    !event.ctrlKey &&
    !event.shiftKey &&
    (!event.currentTarget.target || event.currentTarget.target === '_self')
  );
}

function IslandLink({ to, onClick, children, ...props }: AppLinkProps) {
  const navigate = use(IslandNavigateContext);
  return (
    <a
      href={to}
      {...props}
      onClick={(event) => {
        onClick?.(event);
        if (!isPlainClick(event)) return;
        event.preventDefault();
        navigate(to);
      }}
    >
      {children}
    </a>
  );
}

function IslandNavLink({ className, ...props }: AppNavLinkProps) {
  return <IslandLink className={className({ isActive: props.to === '/' })} {...props} />;
}

/**
 * The landing page's links before the app is loaded: real anchors (they work with JavaScript off
 * and open in a new tab), and a plain click starts the app at that path without a page load.
 */
export const islandLinks: LinkComponents = { Link: IslandLink, NavLink: IslandNavLink };
