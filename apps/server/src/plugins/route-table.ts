/** Every route as registered (hidden ones included): the security suite walks this table. */
import type { App } from '../lib/fastify';

export interface RouteEntry {
  method: string;
  url: string;
  /** Left out of the OpenAPI document (auth bridge, socket, the document itself). */
  hidden: boolean;
  websocket: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: readonly RouteEntry[];
  }
}

export function registerRouteTable(app: App) {
  const routeTable: RouteEntry[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD' || route.url === '*') continue;
      routeTable.push({
        method,
        url: route.url,
        hidden: Boolean(route.schema?.hide),
        websocket: Boolean((route as { websocket?: boolean }).websocket),
      });
    }
  });
}
