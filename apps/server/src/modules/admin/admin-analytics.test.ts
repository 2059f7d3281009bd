/**
 * The sign-up funnel of the analytics screen: each step counts the accounts of the period that
 * reached it; entries are confirmed seats only.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { participacoes, profiles, user } from '../../db/schema';
import { type TestDatabase, createTestDatabase } from '../../test/helpers';
import { createRoom } from '../rooms/rooms.service';
import { funnel } from './admin-analytics.service';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database.drop());

async function account(options: { confirmed: boolean; verified: boolean }) {
  const id = randomUUID();
  await database.db.insert(user).values({
    id,
    email: `${id}@teste.com.br`,
    name: 'Funil',
    emailVerified: options.confirmed,
  });
  await database.db.insert(profiles).values({ id, isVerified: options.verified });
  return id;
}

describe('funnel', () => {
  it('counts each step once per account, entries by confirmed seats only', async () => {
    const before = await funnel(database.db, 30);
    const room = await createRoom({
      db: database.db,
      input: { tipoSala: 'prata', valorEntradaCentavos: 500, maxParticipantes: 100, taxaBp: 1000 },
    });
    const seat = (userId: string, n: number, status: 'confirmado' | 'pendente') => ({
      userId,
      salaId: room.id,
      numeroSorte: `F${String(n).padStart(7, '0')}`,
      valorPago: 500,
      statusPagamento: status,
      metodoPagamento: 'pix' as const,
    });
    await account({ confirmed: false, verified: false });
    const once = await account({ confirmed: true, verified: true });
    const often = await account({ confirmed: true, verified: true });
    const pendingOnly = await account({ confirmed: true, verified: false });
    // One seat per player and room: the frequent player's other entries are in other rooms.
    await database.db
      .insert(participacoes)
      .values([
        seat(once, 1, 'confirmado'),
        seat(often, 2, 'confirmado'),
        seat(pendingOnly, 3, 'pendente'),
      ]);
    for (let i = 0; i < 3; i += 1) {
      const other = await createRoom({
        db: database.db,
        input: { tipoSala: 'ouro', valorEntradaCentavos: 500, maxParticipantes: 10, taxaBp: 1000 },
      });
      await database.db
        .insert(participacoes)
        .values({ ...seat(often, 10 + i, 'confirmado'), salaId: other.id });
    }
    const after = await funnel(database.db, 30);
    expect(after.map((s, i) => [s.step, s.count - before[i]!.count])).toEqual([
      ['Cadastro', 4],
      ['E-mail confirmado', 3],
      ['Identidade verificada', 2],
      ['Primeira participação', 2],
      ['Segunda participação', 1],
    ]);
  });
});
