/**
 * Every route outside /api/admin: who may use it and a valid call. The parts are merged here, in
 * order; a route named twice is an error, so each route is classified exactly once.
 */
import { type RouteSpec } from './actors';
import { accountRoutes } from './account-routes';
import { privateRoomRoutes } from './private-room-routes';
import { publicRoutes } from './public-routes';
import { roomRoutes } from './room-routes';

export * from './actors';

function merge(...parts: Record<string, RouteSpec>[]): Record<string, RouteSpec> {
  const all: Record<string, RouteSpec> = {};
  for (const part of parts)
    for (const [route, spec] of Object.entries(part)) {
      if (all[route]) throw new Error(`route classified twice: ${route}`);
      all[route] = spec;
    }
  return all;
}

export const routes = merge(publicRoutes, accountRoutes, roomRoutes, privateRoomRoutes);
