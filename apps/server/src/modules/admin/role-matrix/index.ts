/**
 * Every administrator route: the permission it needs and a valid call (fresh targets each time).
 * The parts are merged here, in order; a route named twice is an error.
 */
import { integrationRoutes } from './integration-routes';
import { operationsRoutes } from './operations-routes';
import { peopleRoutes } from './people-routes';
import type { RouteSpec } from './setup';
import { supportSettingsRoutes } from './support-settings-routes';

export * from './setup';

function merge(...parts: Record<string, RouteSpec>[]): Record<string, RouteSpec> {
  const all: Record<string, RouteSpec> = {};
  for (const part of parts)
    for (const [route, spec] of Object.entries(part)) {
      if (all[route]) throw new Error(`route listed twice: ${route}`);
      all[route] = spec;
    }
  return all;
}

export const routes = merge(
  peopleRoutes,
  operationsRoutes,
  supportSettingsRoutes,
  integrationRoutes,
);
