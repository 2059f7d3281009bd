/**
 * The sign-up funnel of the analytics screen: each step counts the accounts of the period that
 * reached it; entries are confirmed seats only.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { participacoes, profiles, user, verificacaoUsuario } from '../../db/schema';
import { type TestDatabase, createTestDatabase } from '../../test/helpers';
import { createRoom } from '../rooms/rooms.service';
import { funnel, signupSeries } from './admin-analytics.service';
import { getAdminDashboard, getRecentActivity } from './admin-dashboard.service';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database.drop());

async function account(options: { confirmed: boolean; verified: boolean; role?: string }) {
  const id = randomUUID();
  await database.db.insert(user).values({
    id,
    email: `${id}@teste.com.br`,
    name: 'Funil',
    emailVerified: options.confirmed,
    role: options.role ?? 'user',
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

describe('figures of the dashboard and analytics on one seeded scenario', () => {
  it('leave staff out, keep conversion at most 100 % and agree on the verified count', async () => {
    // A database of its own: the figures are absolute, not differences.
    const own = await createTestDatabase();
    const db = own.db;
    const local = async (o: { verified: boolean; role?: string; reviewed?: boolean }) => {
      const id = randomUUID();
      await db.insert(user).values({
        id,
        email: `${id}@teste.com.br`,
        name: o.role ? 'Equipe' : 'Jogador',
        emailVerified: true,
        role: o.role ?? 'user',
      });
      await db
        .insert(profiles)
        .values({ id, nomeCompleto: 'Pessoa Teste', isVerified: o.verified });
      // Only some verified players went through a review row (staff toggles and seeded accounts
      // do not): the count must not depend on it.
      if (o.reviewed)
        await db.insert(verificacaoUsuario).values({
          userId: id,
          tipoDocumento: 'cpf',
          numeroDocumento: id.replaceAll('-', '').slice(0, 11).toUpperCase(),
          fotoDocumentoKey: `doc-${id}`,
          selfieKey: `selfie-${id}`,
          statusVerificacao: 'verificado',
          reviewedAt: new Date(),
        });
      return id;
    };
    const players = [
      await local({ verified: true, reviewed: true }),
      await local({ verified: true }),
      await local({ verified: true }),
      await local({ verified: false }),
    ];
    await local({ verified: true, role: 'admin' });
    await local({ verified: false, role: 'support' });
    await local({ verified: false, role: 'finance' });
    // The first player enters six rooms (six participations among four players: 150 % under
    // "participations ÷ users"); the second enters one; the others none.
    for (let i = 0; i < 7; i += 1) {
      const room = await createRoom({
        db,
        input: { tipoSala: 'ouro', valorEntradaCentavos: 500, maxParticipantes: 10, taxaBp: 1000 },
      });
      await db.insert(participacoes).values({
        userId: i < 6 ? players[0]! : players[1]!,
        salaId: room.id,
        numeroSorte: `C${String(i).padStart(7, '0')}`,
        valorPago: 500,
        statusPagamento: 'confirmado',
        metodoPagamento: 'balance',
      });
    }

    const dashboard = await getAdminDashboard(db);
    expect(dashboard.metrics.totalUsers).toBe(4);
    expect(dashboard.metrics.newUsers24h).toBe(4);
    expect(dashboard.metrics.participations).toBe(7);
    // Two of the four players have paid an entry.
    expect(dashboard.performance.conversionRate).toBe(0.5);

    const recent = await getRecentActivity(db);
    expect(recent.filter((a) => a.kind === 'signup').map((a) => a.firstName)).not.toContain(
      'Equipe',
    );

    const series = await signupSeries(db, 30);
    const steps = await funnel(db, 30);
    const signups = series.reduce((n, d) => n + d.signups, 0);
    const verified = series.reduce((n, d) => n + d.verified, 0);
    expect(signups).toBe(4);
    expect(verified).toBe(3);
    expect(steps.find((s) => s.step === 'Cadastro')?.count).toBe(signups);
    expect(steps.find((s) => s.step === 'Identidade verificada')?.count).toBe(verified);
    for (const step of steps) expect(step.count).toBeLessThanOrEqual(signups);
    await own.drop();
  });
});
