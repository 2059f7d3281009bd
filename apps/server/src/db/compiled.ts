/**
 * Queries built once per process. Drizzle turns a query builder into SQL text on every execution
 * (walking every selected column and condition); on a join's path under load that building took
 * about a quarter of the server's CPU (docs/performance.md). A compiled query is built the first
 * time it runs, with `sql.placeholder(...)` for its values, under a statement name of its own
 * (PostgreSQL then parses and plans it once per connection), and afterwards only executed: on the
 * database or inside any transaction, with the same result mapping as the builder.
 */
import type { DbOrTx } from './client';

interface Executable<V, R> {
  execute(values?: V): Promise<R>;
}

/** What a built prepared query runs on: the pool or the transaction's connection (Drizzle's own). */
interface WithClient {
  client: unknown;
}

const sessionOf = (db: DbOrTx) => (db as unknown as { session: WithClient & object }).session;

const names = new Set<string>();

/**
 * `build` receives the database or transaction of the first call and returns the query builder's
 * prepared statement (`.prepare(name)`); later calls reuse what it built on their own connection.
 */
export function compiled<V extends Record<string, unknown>, R>(
  name: string,
  build: (db: DbOrTx, name: string) => Executable<V, R>,
): (db: DbOrTx, values: V) => Promise<R> {
  if (names.has(name)) throw new Error(`compiled query name used twice: ${name}`);
  names.add(name);
  // One built statement per driver (its session class): PGlite's and pg's run differently, and a
  // process may hold both (the benchmark, the tests).
  const templates = new Map<unknown, Executable<V, R> & WithClient>();
  return (db, values) => {
    const session = sessionOf(db);
    let template = templates.get(session.constructor);
    if (!template) {
      const built = build(db, name) as Executable<V, R> & Partial<WithClient>;
      if (!('client' in built)) throw new Error(`compiled query ${name}: no client to rebind`);
      template = built as Executable<V, R> & WithClient;
      templates.set(session.constructor, template);
    }
    // Everything of the built statement (text, parameters, result mapping), on this connection.
    const bound = Object.create(template) as Executable<V, R> & WithClient;
    bound.client = session.client;
    return bound.execute(values);
  };
}
