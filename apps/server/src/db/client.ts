/**
 * The database: PGlite (Postgres in WASM, in-process) by default, a PostgreSQL server through a
 * pg pool when DATABASE_URL is set. Both run the same schema, migrations and queries
 * (docs/decisions/001-database-pglite-postgres-drizzle.md).
 */
import { mkdirSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';
import type { Config } from '../config';
import { PriorityPool } from './priority-pool';
import * as schema from './schema';
import { guardMethod, markTransactions } from './transaction-guard';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction's handle, as `db.transaction` passes it to its callback. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Queries that run on the pool or inside a caller's transaction take either. */
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  /**
   * For reads that may lag a second behind the last write (public lists, draws and proofs, the
   * administrator's analytics and reports, CSV exports): the standby of DATABASE_READ_URL when
   * set, else the same handle as `db`. Never for a read that decides a write.
   */
  read: Db;
  driver: 'pglite' | 'postgres';
  /** Applies the committed migrations (idempotent). */
  migrate(): Promise<void>;
  /** One round trip; resolves to the time it took in milliseconds. */
  ping(): Promise<number>;
  close(): Promise<void>;
  /** The underlying PGlite instance (embedded only): tests dump and clone it. */
  pglite: PGlite | null;
  pool: pg.Pool | null;
}

export const migrationsFolder = new URL('./migrations', import.meta.url).pathname;

async function ping(db: Db): Promise<number> {
  const start = performance.now();
  await db.execute(sql`select 1`);
  return performance.now() - start;
}

export interface CreateDatabaseOptions {
  /** Start PGlite from a dumped data directory (tests clone a migrated template this way). */
  loadDataDir?: Blob;
  /** Keep PGlite in memory instead of DATA_DIR (tests). */
  inMemory?: boolean;
  migrationsFolder?: string;
  /**
   * Refuse a query on `db` while the same request holds a transaction on it (transaction-guard.ts).
   * Default: on for the embedded database and in tests, off on PostgreSQL otherwise.
   */
  guardTransactions?: boolean;
}

export async function createDatabase(
  target: Config['database'],
  options: CreateDatabaseOptions = {},
): Promise<Database> {
  const folder = options.migrationsFolder ?? migrationsFolder;
  if (target.kind === 'postgres') {
    const pool = new PriorityPool({ connectionString: target.url, max: target.poolMax });
    // An idle client can be terminated by the server (restart, failover, admin); the pool drops it
    // and the next query opens a new one. Without a listener Node would crash on that event.
    pool.on('error', () => undefined);
    // A connection in use (a transaction between two statements) is ended by a database restart
    // too: its error reaches the query that waits on it, or nobody. Without this listener, the
    // "nobody" case is an unhandled 'error' event that ends the process (the restart drill).
    pool.on('connect', (client) => client.on('error', () => undefined));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    if (options.guardTransactions ?? target.guardTransactions ?? false) {
      markTransactions(db, db);
      // The pool's query takes a connection through connect too.
      guardMethod(pool, 'connect', db);
    }
    let read = db;
    let readPool: pg.Pool | null = null;
    if (target.readUrl) {
      readPool = new PriorityPool({ connectionString: target.readUrl, max: target.poolMax });
      readPool.on('error', () => undefined);
      read = drizzlePg(readPool, { schema });
    }
    return {
      db,
      read,
      driver: 'postgres',
      pool,
      pglite: null,
      migrate: () => migratePg(drizzlePg(pool), { migrationsFolder: folder }),
      ping: () => ping(db),
      close: async () => {
        await Promise.all([pool.end(), readPool?.end()]);
      },
    };
  }
  // Loaded only for the embedded database: a server on PostgreSQL never holds PGlite's code.
  const [{ PGlite }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  const dataDir = options.inMemory || !target.dataDir ? undefined : target.dataDir;
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    // The embedded database is for one machine: PostgreSQL's default 128 MB of shared buffers
    // live in the WebAssembly heap, which grows as pages are read and never shrinks. 16 MB of
    // buffers (the operating system caches the files too) keeps the idle server small.
    startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'],
  });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  if (options.guardTransactions ?? true) {
    markTransactions(db, db);
    // A transaction's own queries go through its own object, not these.
    for (const method of ['query', 'exec', 'transaction'] as const) guardMethod(client, method, db);
  }
  return {
    db,
    read: db,
    driver: 'pglite',
    pool: null,
    pglite: client,
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder: folder }),
    ping: () => ping(db),
    close: () => client.close(),
  };
}
