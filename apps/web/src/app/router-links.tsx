import { Link, NavLink } from 'react-router';
import type { LinkComponents } from '@/components/app-link';

/** The app's in-app links: the router's, so a click changes screen without a page load. */
export const routerLinks: LinkComponents = {
  Link,
  NavLink: ({ className, ...props }) => (
    <NavLink className={({ isActive }) => className({ isActive })} {...props} />
  ),
};
