/**
 * A fingerprint of every business table's rows, to prove that a refused request changed nothing.
 * Log and limit-counter tables are left out: a refusal may legitimately add to them.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

const LOG_TABLES = new Set(['user_security_logs', 'rate_limit_hits', 'user_sessions']);
/**
 * Columns that only mark activity (any request of a staff session moves its mark, refused or
 * not): left out of the fingerprint, the rest of the row still counts.
 */
const ACTIVITY_COLUMNS: Record<string, string[]> = { session: ['last_active_at'] };

type Rows<T> = { rows: T[] } | T[];
const rowsOf = <T>(result: Rows<T>): T[] => ('rows' in result ? result.rows : result);

export async function businessTables(db: Db): Promise<string[]> {
  const result = await db.execute<{ table_name: string }>(
    sql`select table_name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  return rowsOf(result as Rows<{ table_name: string }>)
    .map((r) => r.table_name)
    .filter((t) => !LOG_TABLES.has(t) && !t.startsWith('__drizzle'));
}

export async function snapshotTables(db: Db, tables: string[]): Promise<string> {
  const parts = tables.map((t) => {
    const skip = ACTIVITY_COLUMNS[t];
    const from = skip
      ? `(select to_jsonb(r) ${skip.map((c) => `- '${c}'`).join(' ')} as v from "${t}" r) x`
      : `"${t}" x`;
    return `select '${t}' as t, count(*)::text as n, coalesce(md5(string_agg(x::text, '|' order by x::text)), '') as h from ${from}`;
  });
  const result = await db.execute<{ t: string; n: string; h: string }>(
    sql.raw(parts.join(' union all ')),
  );
  return rowsOf(result as Rows<{ t: string; n: string; h: string }>)
    .map((r) => `${r.t}:${r.n}:${r.h}`)
    .join('\n');
}
