/**
 * Security suite: every staff action that changes anything is on the staff audit log, whatever the
 * route (not only /api/admin). The state-changing routes (POST, PUT, PATCH, DELETE) of the route
 * list (route-list.ts, the same list as authz-matrix.test.ts) are each either walked or named in
 * an allowlist with the reason they are not a staff action. Each walked route is called as every
 * staff role against another person's (or the platform's) records with a valid request; the
 * business tables are compared before and after (db-snapshot.ts), and a change without a new
 * audit row written by the caller fails. A new state-changing route fails the coverage test until
 * it is walked here or allowlisted with its reason. The tables and the record makers live in
 * ./staff-audit-walk/.
 */
import { staffRoles } from '@sorteio/shared';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffAuditLog } from '../db/schema';
import { snapshotTables } from './db-snapshot';
import { routeList } from './route-list';
import {
  ctx,
  notStaffActions,
  send,
  settled,
  setUpWalk,
  staff,
  tables,
  tearDownWalk,
  walked,
} from './staff-audit-walk';

beforeAll(setUpWalk, 120_000);
afterAll(tearDownWalk);

const stateChanging = () =>
  routeList(ctx.app).filter((r) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.split(' ')[0]!));

/** The tables whose rows differ between two snapshots. */
function changed(before: string, after: string): string[] {
  const was = new Map(before.split('\n').map((l) => [l.split(':')[0]!, l]));
  return after
    .split('\n')
    .filter((l) => was.get(l.split(':')[0]!) !== l)
    .map((l) => l.split(':')[0]!);
}

const auditRowsBy = async (actorId: string) =>
  (
    await ctx.database.db
      .select({ n: count() })
      .from(staffAuditLog)
      .where(eq(staffAuditLog.actorId, actorId))
  )[0]!.n;

describe('every staff action that changes something is audited', () => {
  it('walks or allowlists (with the reason) every state-changing route', () => {
    const all = stateChanging();
    expect(all.length).toBeGreaterThan(60);
    const both = Object.keys(walked).filter((r) => notStaffActions[r]);
    expect(both).toEqual([]);
    expect(all.filter((r) => !walked[r] && !notStaffActions[r]).sort()).toEqual([]);
    // No stale entry: each one names a route that exists.
    expect(
      [...Object.keys(walked), ...Object.keys(notStaffActions)].filter((r) => !all.includes(r)),
    ).toEqual([]);
  });

  it('fails when a staff call changes a table without an audit row of its own', async () => {
    const present = new Set(stateChanging());
    const wrong: string[] = [];
    const through = new Set<string>();
    let calls = 0;
    for (const [route, spec] of Object.entries(walked)) {
      if (!present.has(route)) continue;
      const method = route.split(' ')[0]!;
      for (const role of staffRoles) {
        if (spec.roles && !spec.roles(role)) continue;
        const { url, body } = await spec.call(role);
        await settled();
        const before = await snapshotTables(ctx.database.db, tables);
        const audited = await auditRowsBy(staff[role].id);
        const res = await send(method, url, staff[role].cookie, body);
        await settled();
        calls += 1;
        if (res.statusCode >= 500)
          wrong.push(`${route} as ${role}: ${res.statusCode} ${res.body.slice(0, 140)}`);
        if (res.statusCode < 300) through.add(route);
        const tablesChanged = changed(before, await snapshotTables(ctx.database.db, tables)).filter(
          (t) => t !== 'staff_audit_log',
        );
        if (tablesChanged.length > 0 && (await auditRowsBy(staff[role].id)) <= audited)
          wrong.push(
            `${route} as ${role}: ${res.statusCode}, changed ${tablesChanged.join(', ')} without an audit row`,
          );
      }
    }
    // A walk that never gets through proves nothing: its call must be fixed.
    for (const route of Object.keys(walked))
      if (present.has(route) && !through.has(route))
        wrong.push(`${route}: no staff role got through; fix its call`);
    console.info(
      `staff audit walk: ${Object.keys(walked).length} routes, ${calls} calls, ${wrong.length} wrong`,
    );
    expect(wrong).toEqual([]);
  }, 600_000);
});
