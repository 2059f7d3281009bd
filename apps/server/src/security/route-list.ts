/**
 * Every route of the app as "METHOD /path": the server's route table and the OpenAPI document
 * (the auth library's routes are only in the latter), with OpenAPI's {param} written as :param.
 * The security suites walk this list, so a new route is never left out of them.
 */
import type { App } from '../lib/fastify';

export function routeList(app: App): string[] {
  return [
    ...new Set([
      ...app.routeTable.map((r) => `${r.method} ${r.url}`),
      ...Object.entries(
        (app.swagger() as { paths: Record<string, Record<string, unknown>> }).paths,
      ).flatMap(([path, methods]) =>
        Object.keys(methods).map((m) => `${m.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
      ),
    ]),
  ].filter((r) => r.split(' ')[1]!.startsWith('/api') || r.endsWith('/metrics'));
}
