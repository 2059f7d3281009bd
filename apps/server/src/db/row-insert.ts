/**
 * A row to insert along with other writes of a transaction (a seat's security log row), kept as
 * data rather than as a statement, so that the rows of many seats bound for one table are written
 * by ONE insert (`json_populate_recordset`, the rows as one JSON parameter) instead of one insert
 * each: a batch of seats sends, parses and plans one statement, not one per seat.
 */
import { type SQL, getTableColumns, getTableName, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

export class RowInsert {
  constructor(
    /** The table's name in the database (quoted when written). */
    readonly table: string,
    /** The columns the row sets, by database name; the others take their defaults. */
    readonly columns: readonly string[],
    /** The row, by database column name. */
    readonly record: Readonly<Record<string, unknown>>,
  ) {}
}

/**
 * A builder of rows for `table` that set `columns` (by their keys in the schema): a row given by
 * the schema's keys becomes a RowInsert by database column names.
 */
export function rowsFor<T extends PgTable>(table: T, keys: readonly (keyof T['_']['columns'])[]) {
  const all = getTableColumns(table) as Record<string, { name: string }>;
  const pairs = keys.map((key) => [key as string, all[key as string]!.name] as const);
  const names = pairs.map(([, name]) => name);
  const tableName = getTableName(table);
  return (row: Partial<Record<keyof T['_']['columns'], unknown>>) =>
    new RowInsert(
      tableName,
      names,
      Object.fromEntries(
        pairs.map(([key, name]) => [name, (row as Record<string, unknown>)[key] ?? null]),
      ),
    );
}

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * The writes as statements: each SQL as it is, and the RowInserts of one table and column list
 * together as one insert, in the place of the first of them.
 */
export function writesAsStatements(writes: readonly (SQL | RowInsert)[]): SQL[] {
  const statements: (SQL | RowInsert[])[] = [];
  const groups = new Map<string, RowInsert[]>();
  for (const write of writes) {
    if (!(write instanceof RowInsert)) {
      statements.push(write);
      continue;
    }
    const key = `${write.table}\u0000${write.columns.join(',')}`;
    let group = groups.get(key);
    if (!group) {
      groups.set(key, (group = []));
      statements.push(group);
    }
    group.push(write);
  }
  return statements.map((statement) => {
    if (!Array.isArray(statement)) return statement;
    const { table, columns } = statement[0]!;
    const list = sql.raw(columns.map(quoted).join(', '));
    return sql`insert into ${sql.raw(quoted(table))} (${list}) select ${list} from json_populate_recordset(null::${sql.raw(quoted(table))}, ${JSON.stringify(statement.map((row) => row.record))}::json)`;
  });
}
