/**
 * The outer database handle inside its own transaction fails at once instead of waiting forever
 * (issue 36), on the test database's driver (PGlite by default, PostgreSQL with TEST_DB=postgres).
 */
/* eslint-disable local/no-outer-db-in-transaction -- these tests make the mistake on purpose */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getSetting } from '../modules/settings/settings.service';
import { type TestDatabase, createTestDatabase } from '../test/helpers';
import { settings } from './schema';
import { OuterHandleInTransactionError } from './transaction-guard';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database.drop());

/** Fails the test instead of hanging it when the database wedges. */
function within<T>(ms: number, work: Promise<T>): Promise<T> {
  return Promise.race([
    work,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms),
    ),
  ]);
}

/** The guard's error, whether thrown as is or wrapped by Drizzle as a failed query's cause. */
function guardError(error: unknown): unknown {
  return error instanceof OuterHandleInTransactionError ? error : (error as Error).cause;
}

describe('transaction guard', () => {
  it('refuses a query on the outer handle inside its transaction, and rolls the transaction back', async () => {
    const { db } = database;
    const failure = await within(
      5000,
      db
        .transaction(async (tx) => {
          await tx
            .insert(settings)
            .values({ key: 'guard.test', value: 1, updatedBy: null })
            .onConflictDoNothing();
          await db.execute(sql`select 1`);
        })
        .then(
          () => null,
          (error: unknown) => error,
        ),
    );
    expect(guardError(failure)).toBeInstanceOf(OuterHandleInTransactionError);
    expect(String((guardError(failure) as Error).message)).toMatch(/transaction handle \(tx\)/);
    const rows = await db
      .select()
      .from(settings)
      .where(sql`${settings.key} = 'guard.test'`);
    expect(rows).toEqual([]);
  });

  it('refuses a second transaction on the outer handle inside the first', async () => {
    const { db } = database;
    const failure = await within(
      5000,
      db
        .transaction(async () => db.transaction(async (inner) => inner.execute(sql`select 1`)))
        .then(
          () => null,
          (error: unknown) => error,
        ),
    );
    expect(guardError(failure)).toBeInstanceOf(OuterHandleInTransactionError);
  });

  it('refuses a cached setting read through the outer handle inside a transaction', async () => {
    const { db } = database;
    // Warm: a cache hit would hide the mistake until the cache went cold.
    await getSetting(db, 'general.maintenanceMode');
    await expect(
      db.transaction(async () => getSetting(db, 'general.maintenanceMode')),
    ).rejects.toBeInstanceOf(OuterHandleInTransactionError);
  });

  it('lets the transaction handle, nested savepoints and other requests work', async () => {
    const { db } = database;
    let later: Promise<unknown> | null = null;
    const [inside, outside] = await within(
      5000,
      Promise.all([
        db.transaction(async (tx) => {
          await tx.execute(sql`select 1`);
          await tx.transaction(async (savepoint) => savepoint.execute(sql`select 1`));
          // Started inside, run after the commit: the mark closes with the transaction.
          later = new Promise((resolve) => setTimeout(resolve, 50)).then(() =>
            db.execute(sql`select 1`),
          );
          return 'inside';
        }),
        // Another request meanwhile (its own async context): it waits its turn, no error.
        db.execute(sql`select 1`).then(() => 'outside'),
      ]),
    );
    expect([inside, outside]).toEqual(['inside', 'outside']);
    await expect(within(5000, later!)).resolves.toBeDefined();
  });
});
