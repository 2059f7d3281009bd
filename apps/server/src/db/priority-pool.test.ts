/**
 * The pool's waiting line (db/priority-pool.ts): work started in `first(...)` gets the next free
 * connection before ordinary callers that were waiting already; equals stay first come, first
 * served.
 */
import { inject } from 'vitest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestDatabase, createTestDatabase } from '../test/helpers';
import { PriorityPool, first } from './priority-pool';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';

const onPostgres = inject('testDb').kind === 'postgres';

// prettier-ignore
describe.skipIf(!onPostgres)('the priority pool', () => { // Runs in the PostgreSQL pass of the suite (TEST_DATABASE_URL): the embedded database has no pool.
  let database: TestDatabase;
  let pool: PriorityPool;

  beforeAll(async () => {
    database = await createTestDatabase();
    const url = (database.pool!.options as { connectionString: string }).connectionString;
    pool = new PriorityPool({ connectionString: url, max: 1 });
  });
  /** A caller that waits for a connection, notes its turn and gives the connection back. */
  const taker = (order: string[]) => (name: string) =>
    pool.connect().then((client) => {
      order.push(name);
      client.release();
    });

  afterAll(async () => {
    await pool.end();
    await database.drop();
  });

  it('serves a `first` caller before the ordinary ones already waiting, equals in order', async () => {
    const held = await pool.connect();
    const order: string[] = [];
    const take = taker(order);
    const waiting = [take('a'), take('b'), first(() => take('urgent')), take('c')];
    // Every caller is queued behind the one held connection.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(order).toEqual([]);
    held.release();
    await Promise.all(waiting);
    expect(order).toEqual(['urgent', 'a', 'b', 'c']);
  });

  it("serves first a Drizzle transaction started in `first` (it asks for its connection before any await)", async () => {
    const db = drizzle(pool);
    const held = await pool.connect();
    const order: string[] = [];
    const take = taker(order);
    const waiting = [
      take('a'),
      first(() =>
        db.transaction(async (tx) => {
          order.push('transaction');
          await tx.execute(sql`select 1`);
        }),
      ),
      // Asked for after an await inside `first`: an ordinary caller, queued after 'b'.
      first(async () => {
        await Promise.resolve();
        return take('late');
      }),
      take('b'),
    ];
    await new Promise((resolve) => setTimeout(resolve, 50));
    held.release();
    await Promise.all(waiting);
    expect(order).toEqual(['transaction', 'a', 'b', 'late']);
  });

  it('runs queries as a plain pool does', async () => {
    const { rows } = await first(() => pool.query<{ n: number }>('select 41 + 1 as n'));
    expect(rows[0]?.n).toBe(42);
  });
});
