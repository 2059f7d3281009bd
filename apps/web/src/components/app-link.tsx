import { createContext, use, type ComponentProps, type ComponentType } from 'react';

export interface AppLinkProps extends Omit<ComponentProps<'a'>, 'href'> {
  /** An in-app path ("/login", "/sorteios?x=1"). */
  to: string;
}

export interface AppNavLinkProps extends Omit<AppLinkProps, 'className'> {
  /** Classes for the link, given whether it points at the screen on display. */
  className: (state: { isActive: boolean }) => string | undefined;
}

/** How in-app links are drawn: the router's links in the app, plain anchors on the light landing. */
export interface LinkComponents {
  Link: ComponentType<AppLinkProps>;
  NavLink: ComponentType<AppNavLinkProps>;
}

/**
 * The shell (navigation bar, footer) and the landing page are drawn by the full app, inside the
 * router, and by the prerendered landing, which hydrates without it (docs/decisions/012: the light
 * first page). Their links go through this context; without a provider they are plain anchors.
 */
export const LinkComponentsContext = createContext<LinkComponents | null>(null);

export function AppLink(props: AppLinkProps) {
  const components = use(LinkComponentsContext);
  if (components) return <components.Link {...props} />;
  const { to, children, ...rest } = props;
  return (
    <a href={to} {...rest}>
      {children}
    </a>
  );
}

export function AppNavLink(props: AppNavLinkProps) {
  const components = use(LinkComponentsContext);
  if (components) return <components.NavLink {...props} />;
  const { to, className, children, ...rest } = props;
  return (
    <a href={to} className={className({ isActive: false })} {...rest}>
      {children}
    </a>
  );
}
