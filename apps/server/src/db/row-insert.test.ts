/**
 * Rows written with other writes (db/row-insert.ts): the rows of one table go as one insert, in the
 * place of the first of them, each column exactly as given.
 */
import { randomUUID } from 'node:crypto';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestDatabase, createTestDatabase } from '../test/helpers';
import { rowsFor, writesAsStatements } from './row-insert';
import { user, userSecurityLogs } from './schema';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database.drop());

const logRow = rowsFor(userSecurityLogs, [
  'userId',
  'email',
  'actionType',
  'userAgent',
  'isSuspicious',
  'suspiciousReason',
]);

describe('writesAsStatements', () => {
  it('writes the rows of a table with one insert, in the place of the first', () => {
    const statements = writesAsStatements([
      sql`select 1`,
      logRow({ userId: 'a', actionType: 'x' }),
      sql`select 2`,
      logRow({ userId: 'b', actionType: 'y' }),
      logRow({ userId: 'c', actionType: 'z' }),
    ]);
    const dialect = new PgDialect();
    const queries = statements.map((statement) => dialect.sqlToQuery(statement));
    expect(queries.map((q) => q.sql)).toEqual([
      'select 1',
      'insert into "user_security_logs" ("user_id", "email", "action_type", "user_agent", "is_suspicious", "suspicious_reason") select "user_id", "email", "action_type", "user_agent", "is_suspicious", "suspicious_reason" from json_populate_recordset(null::"user_security_logs", $1::json)',
      'select 2',
    ]);
    expect(
      (JSON.parse(queries[1]!.params[0] as string) as { user_id: string }[]).map((r) => r.user_id),
    ).toEqual(['a', 'b', 'c']);
  });

  it('stores every column as given, nulls and awkward texts included', async () => {
    const db = database.db;
    const id = randomUUID();
    await db
      .insert(user)
      .values({ id, email: `${id}@example.com`, name: 'Teste', emailVerified: true });
    const agents = ['a "b" \\c {d,e}', 'NULL', '', 'Navegador — ç 🎲', null];
    const rows = agents.map((userAgent, i) =>
      logRow({
        userId: id,
        email: i === 0 ? null : `${i}@example.com`,
        actionType: `teste_${i}`,
        userAgent,
        isSuspicious: i === 2,
        suspiciousReason: i === 2 ? 'Motivo; com "aspas"' : null,
      }),
    );
    const [statement] = writesAsStatements(rows);
    await db.execute(statement!);
    const stored = await db
      .select()
      .from(userSecurityLogs)
      .where(eq(userSecurityLogs.userId, id))
      .orderBy(asc(userSecurityLogs.actionType));
    expect(
      stored.map((r) => [r.actionType, r.email, r.userAgent, r.isSuspicious, r.suspiciousReason]),
    ).toEqual(
      agents.map((userAgent, i) => [
        `teste_${i}`,
        i === 0 ? null : `${i}@example.com`,
        userAgent,
        i === 2,
        i === 2 ? 'Motivo; com "aspas"' : null,
      ]),
    );
    // Defaults the rows did not set.
    expect(stored.every((r) => r.id && r.timestamp instanceof Date)).toBe(true);
    expect(new Set(stored.map((r) => r.id)).size).toBe(agents.length);
    const other = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(userSecurityLogs)
      .where(inArray(userSecurityLogs.actionType, ['x', 'y', 'z']));
    expect(other[0]!.n).toBe(0);
  });
});
