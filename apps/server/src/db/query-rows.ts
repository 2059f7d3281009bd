import type { SQL } from 'drizzle-orm';
import type { Db } from './client';

/** Rows of a raw query on either driver (node-postgres answers `{ rows }`, PGlite's an array). */
export async function queryRows<T>(db: Pick<Db, 'execute'>, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (Array.isArray(result) ? result : ((result as { rows?: unknown[] }).rows ?? [])) as T[];
}
