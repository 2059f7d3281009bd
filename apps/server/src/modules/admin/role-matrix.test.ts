/**
 * The role x route matrix of the administrator area, generated from the server's route table:
 * every /api/admin route is called as anonymous, a player and each staff role. Only the roles the
 * permission table allows get through; everyone else gets 401/403 and changes nothing.
 * The route table and the shared setup live in ./role-matrix/, one part per area.
 */
import { can, staffRoles } from '@sorteio/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { staffAuditLog } from '../../db/schema';
import { snapshotTables } from '../../security/db-snapshot';
import { jsonHeaders } from '../../test/helpers';
import { cookies, ctx, routes, setUpMatrix, tables } from './role-matrix';

beforeAll(setUpMatrix);
afterAll(async () => ctx.close());

const actors = ['anonymous', 'user', ...staffRoles] as const;

const auditRows = async () =>
  (await ctx.database.db.select({ n: count() }).from(staffAuditLog))[0]!.n;

/** POST routes that only read or test something: nothing of the platform changes. */
const readOnlyActions = new Set<string>([
  'POST /api/admin/diagnostics',
  'POST /api/admin/finance/audit', // runs the read-only ledger audit and keeps its report
  'POST /api/admin/connections/:id/test',
  'POST /api/admin/services/:id/test',
  'POST /api/admin/campaigns/audience',
  'POST /api/admin/campaigns/preview',
]);

describe('the role x route matrix', () => {
  it('covers every administrator route of the route table', () => {
    const table = ctx.app.routeTable
      .filter((r) => r.url.startsWith('/api/admin/') || r.url === '/api/admin')
      .map((r) => `${r.method} ${r.url}`);
    expect(table.length).toBeGreaterThan(30);
    expect([...new Set(table)].sort()).toEqual(Object.keys(routes).sort());
  });

  it('lets through exactly the roles the permission table allows; the rest change nothing', async () => {
    const wrong: string[] = [];
    let calls = 0;
    for (const [route, spec] of Object.entries(routes)) {
      const method = route.split(' ')[0] as 'GET' | 'POST' | 'PUT' | 'DELETE';
      for (const actor of actors) {
        const allowed = actor !== 'anonymous' && can(actor, spec.permission);
        const { url, body } = await spec.call();
        const before = allowed ? null : await snapshotTables(ctx.database.db, tables);
        const auditBefore = allowed && method !== 'GET' ? await auditRows() : null;
        const res = await ctx.app.inject({
          method,
          url,
          headers: {
            ...(body !== undefined ? jsonHeaders : { origin: jsonHeaders.origin }),
            ...(cookies[actor] ? { cookie: cookies[actor] } : {}),
          },
          ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
          remoteAddress: '198.18.91.1',
        });
        calls += 1;
        const expected = actor === 'anonymous' ? 401 : 403;
        if (allowed && (res.statusCode === 401 || res.statusCode === 403 || res.statusCode >= 500))
          wrong.push(
            `${route} as ${actor}: expected access, got ${res.statusCode} ${res.body.slice(0, 120)}`,
          );
        if (!allowed && res.statusCode !== expected)
          wrong.push(`${route} as ${actor}: expected ${expected}, got ${res.statusCode}`);
        if (before !== null && (await snapshotTables(ctx.database.db, tables)) !== before)
          wrong.push(`${route} as ${actor}: refused but changed the database`);
        // Every staff action that changes something is audited, in the same transaction.
        if (
          auditBefore !== null &&
          res.statusCode < 300 &&
          !readOnlyActions.has(route) &&
          (await auditRows()) <= auditBefore
        )
          wrong.push(`${route} as ${actor}: ${res.statusCode} without an audit row`);
      }
    }
    console.info(
      `role matrix: ${Object.keys(routes).length} routes x ${actors.length} actors = ${calls} calls, ${wrong.length} wrong`,
    );
    expect(wrong).toEqual([]);
  }, 120_000);
});
