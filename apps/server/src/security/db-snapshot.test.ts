/**
 * The fingerprint the security walks compare before and after each request: it must see every
 * change to a business table, and it hashes the rows again only after a write.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createRoom } from '../modules/rooms/rooms.service';
import { createTestDatabase, type TestDatabase } from '../test/helpers';
import { businessTables, snapshotTables } from './db-snapshot';

let database: TestDatabase;
let tables: string[];

beforeAll(async () => {
  database = await createTestDatabase();
  tables = await businessTables(database.db);
});
afterAll(() => database?.drop());

const insertRoom = () =>
  createRoom({
    db: database.db,
    input: { tipoSala: 'prata', valorEntradaCentavos: 500, maxParticipantes: 10, taxaBp: 1000 },
  });

describe('the tables fingerprint', () => {
  it('changes with an insert and an update in place, and comes back when the value does', async () => {
    const empty = await snapshotTables(database.db, tables);
    const room = await insertRoom();
    const inserted = await snapshotTables(database.db, tables);
    expect(inserted).not.toBe(empty);

    // Same number of rows, one value changed.
    await database.db.execute(
      sql`update salas set valor_entrada = valor_entrada + 100 where id = ${room.id}`,
    );
    const updated = await snapshotTables(database.db, tables);
    expect(updated).not.toBe(inserted);

    // Put back: the rows, not the history, make the fingerprint.
    await database.db.execute(
      sql`update salas set valor_entrada = valor_entrada - 100 where id = ${room.id}`,
    );
    expect(await snapshotTables(database.db, tables)).toBe(inserted);
  });

  it('hashes the rows again only after a write', async () => {
    const execute = vi.spyOn(database.db, 'execute');
    const first = await snapshotTables(database.db, tables);

    // The read, then one look at the transaction mark: no hash. On PostgreSQL the mark is the
    // cluster's, so a transaction of another database (the suite's other files) moves it too and
    // the rows are hashed again: tried until none ended meanwhile. Hashing every time fails.
    for (let attempt = 1; ; attempt += 1) {
      execute.mockClear();
      await database.db.execute(sql`select count(*) from salas`);
      expect(await snapshotTables(database.db, tables)).toBe(first);
      if (execute.mock.calls.length === 2 || attempt === 10) break;
    }
    expect(execute.mock.calls.length).toBe(2);

    execute.mockClear();
    // A write to a table left out of the fingerprint: hashed again, the same fingerprint.
    await database.db.execute(
      sql`insert into rate_limit_hits (key, window_start) values ('teste', now())`,
    );
    expect(await snapshotTables(database.db, tables)).toBe(first);
    // The insert, the mark, the hash, the mark again.
    expect(execute.mock.calls.length).toBe(4);
  });
});
