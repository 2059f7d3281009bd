/**
 * The permission of an administrator route, declared with the route:
 *
 *   app.put('/api/admin/settings', { preValidation: permission('settings.manage'), schema }, ...)
 *
 * The hook runs before Fastify validates the params, query and body, so a caller without the
 * permission gets 401/403 and learns nothing of the route's schema (a 400 lists internal values,
 * such as the role names of an enum). Handlers still read the caller with `requirePermission`
 * (the session is looked up once per request).
 */
import type { Permission } from '@sorteio/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requirePermission } from './authz';

const declared = Symbol('route permission');

type PermissionHook = ((request: FastifyRequest) => Promise<void>) & { [declared]: true };

/**
 * `preValidation` hook requiring `required` (or, for a route whose permission depends on what is
 * asked, the permission read from the parsed, not yet validated, request).
 */
export function permission(
  required: Permission | ((request: FastifyRequest) => Permission),
): PermissionHook {
  const hook = async (request: FastifyRequest) => {
    await requirePermission(request, typeof required === 'function' ? required(request) : required);
  };
  return Object.assign(hook, { [declared]: true as const });
}

/**
 * Every route under /api/admin/ declares its permission with `permission(...)`: one registered
 * without it stops the server from starting (a missing check cannot ship unnoticed).
 */
export function requireDeclaredAdminPermissions(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/admin/')) return;
    const hooks = [route.preValidation ?? []].flat() as unknown[];
    if (!hooks.some((h) => typeof h === 'function' && declared in h))
      throw new Error(
        `${String(route.method)} ${route.url}: an administrator route declares its permission with preValidation: permission(...)`,
      );
  });
}
