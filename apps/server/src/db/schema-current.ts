/**
 * Whether a PostgreSQL database already has every migration of this build and the job queue's
 * tables. A copy started again in a running cluster (after kill -9, a crash, a deploy of the same
 * build) finds it so, and skips the child process that migrates: that child loads the whole server
 * a second time, which on a busy machine doubled the time a copy was away (main.ts).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { migrationsFolder } from './client';

/** The `when` of this build's newest migration (drizzle applies those newer than the last row). */
export function newestMigration(folder = migrationsFolder): number {
  const journal = JSON.parse(readFileSync(path.join(folder, 'meta/_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  return Math.max(0, ...journal.entries.map((e) => e.when));
}

/** False on any doubt (no such tables, an older schema, the database unreachable). */
export async function postgresSchemaCurrent(
  url: string,
  folder = migrationsFolder,
): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    const { rows } = await client.query<{ last: string | null; boss: boolean }>(
      `select (select max(created_at)::text from drizzle.__drizzle_migrations) as last,
              to_regclass('pgboss.version') is not null as boss`,
    );
    const row = rows[0];
    return Boolean(row?.boss) && row?.last != null && Number(row.last) >= newestMigration(folder);
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}
