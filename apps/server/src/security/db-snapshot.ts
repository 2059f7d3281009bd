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

/**
 * PostgreSQL's snapshot of transactions (`xmin:xmax:in-progress ids`): it moves whenever a
 * transaction that was given an id ends, and every write (insert, update, delete) gives its
 * transaction an id. While it has not moved, no row has changed since it was last read.
 */
async function transactionMark(db: Db): Promise<string> {
  const result = await db.execute<{ mark: string }>(
    sql`select pg_current_snapshot()::text as mark`,
  );
  return rowsOf(result as Rows<{ mark: string }>)[0]!.mark;
}

/** The last fingerprint of each database, with the transaction mark it was taken under. */
const lastFingerprint = new WeakMap<Db, { mark: string; tables: string; value: string }>();

/**
 * The fingerprint of the tables' rows. The rows are hashed again only when a transaction has ended
 * since the last fingerprint of the same tables (walks take thousands, most after a refused request
 * that wrote nothing); otherwise that fingerprint still holds.
 */
export async function snapshotTables(db: Db, tables: string[]): Promise<string> {
  const key = tables.join(',');
  const mark = await transactionMark(db);
  const last = lastFingerprint.get(db);
  if (last && last.mark === mark && last.tables === key) return last.value;
  const value = await hashTables(db, tables);
  // Kept only if no transaction ended while the rows were being hashed.
  if ((await transactionMark(db)) === mark) lastFingerprint.set(db, { mark, tables: key, value });
  else lastFingerprint.delete(db);
  return value;
}

async function hashTables(db: Db, tables: string[]): Promise<string> {
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
