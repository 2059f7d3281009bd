/**
 * The scale seed (scripts/seed-scale.ts) that `npm run bench:reads` and `npm run bench:lighthouse`
 * fill their databases with, run small on the test database: it must keep working as the product's
 * own writes change (a room opening its pool account at creation once broke it).
 */
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedScale } from '../../../../scripts/seed-scale';
import { loadConfig } from '../config';
import { ledgerAccounts, participacoes, user } from '../db/schema';
import { type TestDatabase, createTestDatabase } from './helpers';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database.close());

describe('scale seed', () => {
  it('fills an empty database with the planned rows and a ledger that passes its audit', async () => {
    const options = {
      users: 40,
      participations: 200,
      playerEntries: 12,
      days: 30,
      randomSeed: 7,
      adminEmail: 'admin@scale.sorteiocerto.com.br',
      adminPassword: 'Senha-forte-123',
      playerEmail: 'jogador@scale.sorteiocerto.com.br',
      playerPassword: 'Senha-forte-123',
      log: () => undefined,
    };
    const seeded = await seedScale({
      db: database.db,
      config: loadConfig({ APP_SECRET: 'x'.repeat(48) }),
      options,
    });
    expect(seeded.audit.ok).toBe(true);
    expect(seeded.counts).toMatchObject({ users: 40, playerEntries: 12 });
    const [users] = await database.db.select({ n: count() }).from(user);
    expect(users!.n).toBe(40);
    const [seats] = await database.db.select({ n: count() }).from(participacoes);
    expect(seats!.n).toBe(seeded.counts.participations);
    // At most one pool account per room (rooms nobody joined have none).
    const pools = await database.db
      .select({ salaId: ledgerAccounts.salaId, n: count() })
      .from(ledgerAccounts)
      .where(and(eq(ledgerAccounts.kind, 'room_pool'), sql`${ledgerAccounts.salaId} is not null`))
      .groupBy(ledgerAccounts.salaId);
    expect(pools.length).toBeGreaterThan(0);
    expect(pools.length).toBeLessThanOrEqual(seeded.counts.rooms!);
    expect(pools.every((p) => p.n === 1)).toBe(true);
  });
});
