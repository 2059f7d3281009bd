/**
 * Compiled queries (db/compiled.ts): built once, then run on the database or inside a
 * transaction, each time on the connection of whoever runs it, with the builder's result mapping.
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type TestDatabase, createTestDatabase } from '../test/helpers';
import type { DbOrTx } from './client';
import { createDatabase } from './client';
import { compiled } from './compiled';
import { user } from './schema';

let database: TestDatabase;
let other: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
  other = await createTestDatabase();
});
afterAll(async () => {
  await database.drop();
  await other.drop();
});

const userById = compiled('test_user_by_id', (db, name) =>
  db
    .select({ id: user.id, email: user.email, createdAt: user.createdAt })
    .from(user)
    .where(eq(user.id, sql.placeholder('id')))
    .prepare(name),
);

async function addUser(db: DbOrTx) {
  const id = randomUUID();
  await db
    .insert(user)
    .values({ id, email: `${id}@example.com`, name: 'Teste', emailVerified: true });
  return id;
}

describe('compiled', () => {
  it('runs on the database with the builder’s result mapping', async () => {
    const id = await addUser(database.db);
    const [row] = await userById(database.db, { id });
    expect(row?.email).toBe(`${id}@example.com`);
    expect(row?.createdAt).toBeInstanceOf(Date);
    expect(await userById(database.db, { id: randomUUID() })).toEqual([]);
  });

  it('runs inside a transaction on its connection: it sees the transaction’s own rows', async () => {
    let id = '';
    await database.db
      .transaction(async (tx) => {
        id = await addUser(tx);
        expect(await userById(tx, { id })).toHaveLength(1);
        tx.rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof Error) || !/rollback/i.test(error.message)) throw error;
      });
    // It ran in the transaction (rolled back), not on another connection that committed.
    expect(id).not.toBe('');
    expect(await userById(database.db, { id })).toEqual([]);
  });

  it('runs on any database, not only the one it was first built on', async () => {
    const id = await addUser(other.db);
    expect(await userById(other.db, { id })).toHaveLength(1);
    expect(await userById(database.db, { id })).toEqual([]);
  });

  it('refuses a statement name used twice', () => {
    expect(() =>
      compiled('test_user_by_id', (db, name) =>
        db
          .select()
          .from(user)
          .where(eq(user.id, sql.placeholder('id')))
          .prepare(name),
      ),
    ).toThrow(/used twice/);
  });
});

// prettier-ignore
describe.skipIf(inject('testDb').kind !== 'postgres')('compiled, both drivers in one process', () => { // Runs in the PostgreSQL pass of the suite (TEST_DATABASE_URL), next to an embedded database.
  it('runs on PGlite and on PostgreSQL alike, whichever was first', async () => {
    const embedded = await createDatabase({ kind: 'pglite', dataDir: null }, { inMemory: true });
    try {
      await embedded.migrate();
      const onEmbedded = await addUser(embedded.db);
      const onServer = await addUser(database.db);
      expect(await userById(embedded.db, { id: onEmbedded })).toHaveLength(1);
      expect(await userById(database.db, { id: onServer })).toHaveLength(1);
      expect(await userById(embedded.db, { id: onServer })).toEqual([]);
    } finally {
      await embedded.close();
    }
  });
});
