/**
 * The money storm: many players and rooms at once through the real HTTP API — joins from the
 * balance and by PIX, PIX webhooks delivered twice and out of order, holds expiring, rooms filling
 * and drawing while their winners are joining other rooms, prizes and withdrawals paid (some
 * refused by the bank and returned), administrators cancelling rooms with refunds — then the
 * ledger audit must hold and no request may have answered 5xx. On PostgreSQL (TEST_DB=postgres)
 * it runs with real concurrency and more players; on the embedded database with fewer.
 */
import { randomInt } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { participacoes, payouts, profiles, salas, sorteios } from '../../db/schema';
import type { App } from '../../lib/fastify';
import {
  type TestDatabase,
  createMemoryMailer,
  createTestDatabase,
  createUser,
  jsonHeaders,
  newCpf,
  signIn,
  testConfig,
} from '../../test/helpers';
import { type PixProvider, PixProviderError } from '../payments/pix-provider';
import { type SimulatorProvider, createSimulatorProvider } from '../payments/simulator';
import { runLedgerAudit } from './ledger-audit';
import { moneyContention } from './ledger.service';

const onPostgres = process.env.TEST_DB === 'postgres';
const SIZE = onPostgres
  ? { players: 80, rooms: 30, seats: 8, rounds: 12 }
  : { players: 16, rooms: 6, seats: 4, rounds: 4 };

let database: TestDatabase;
let app: App;
let simulator: SimulatorProvider;
const config = testConfig(
  { logLevel: 'silent' },
  {
    RATE_LIMIT_MAX: '100000',
    RATE_LIMIT_ADDRESS_MAX: '100000',
    RATE_LIMIT_JOIN_MAX: '100000',
    RATE_LIMIT_SIGN_IN_MAX: '100000',
    DATABASE_POOL_MAX: '10',
  },
);

/** The simulator, except that the bank refuses transfers to keys that say so (to test returns). */
function refusingProvider(inner: SimulatorProvider): PixProvider {
  return {
    ...inner,
    async sendPix(input) {
      if (input.pixKey.includes('recusa'))
        throw new PixProviderError('Chave PIX inexistente', { retryable: false });
      return inner.sendPix(input);
    },
  };
}

beforeAll(async () => {
  database = await createTestDatabase();
  simulator = createSimulatorProvider({
    pixKey: 'pix@sorteiocerto.com.br',
    receiverName: 'SORTEIO CERTO',
    receiverCity: 'SAO PAULO',
  });
  app = await buildApp(config, {
    database,
    mailer: createMemoryMailer(),
    pix: refusingProvider(simulator),
    skipMigrations: true,
    startJobs: false,
  });
}, 120_000);
afterAll(async () => {
  await app.close();
  await database.drop();
});

const stats = { requests: 0, serverErrors: [] as string[], byStatus: {} as Record<number, number> };

async function call(
  method: 'GET' | 'POST',
  url: string,
  cookie?: string,
  payload?: unknown,
): Promise<{ status: number; body: Record<string, unknown> }> {
  stats.requests += 1;
  const res = await app.inject({
    method,
    url,
    headers: { ...jsonHeaders, ...(cookie ? { cookie } : {}) },
    ...(payload !== undefined ? { payload: JSON.stringify(payload) } : {}),
  });
  stats.byStatus[res.statusCode] = (stats.byStatus[res.statusCode] ?? 0) + 1;
  if (res.statusCode >= 500)
    stats.serverErrors.push(`${method} ${url} -> ${res.statusCode} ${res.body}`);
  return {
    status: res.statusCode,
    body: res.body ? (JSON.parse(res.body) as Record<string, unknown>) : {},
  };
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pick = <T>(items: T[]): T => items[randomInt(items.length)]!;

/** Pays a charge through the provider's webhook: sometimes twice, sometimes late, out of order. */
async function payByWebhook(txid: string, deliveries: number, jitterMs = 20) {
  const body = simulator.pay(txid);
  for (let i = 0; i < deliveries; i += 1) {
    if (jitterMs > 0) await pause(randomInt(jitterMs));
    await call('POST', `/api/webhooks/pix/${config.pix.webhookSecret}/pix`, undefined, body);
  }
}

interface Player {
  id: string;
  cookie: string;
}

describe('the money storm', () => {
  it('keeps every ledger invariant with zero 5xx', async () => {
    const db = database.db;
    const admin = await createUser({ app, database, config } as never, { role: 'admin' });
    const adminCookie = await signIn({ app } as never, admin, '198.18.0.1');

    const players: Player[] = [];
    for (let i = 0; i < SIZE.players; i += 1) {
      const u = await createUser({ app, database, config } as never, {
        profile: {
          nomeCompleto: `Jogador ${i}`,
          cpf: newCpf(),
          dataNascimento: '1990-01-01',
          isVerified: true,
          // Every 7th player's bank refuses transfers: their prizes and withdrawals come back.
          chavePix: i % 7 === 3 ? `recusa${i}@teste.com.br` : `jogador${i}@teste.com.br`,
          chavePixTipo: 'email',
        },
      });
      players.push({ id: u.id, cookie: await signIn({ app } as never, u, `10.9.${i % 250}.1`) });
    }

    // Money in: every player tops up by PIX (webhooks duplicated and shuffled).
    const topups = await Promise.all(
      players.map(async (p) => {
        const charge = await call('POST', '/api/wallet/topup', p.cookie, {
          valor: 5_000 + randomInt(10) * 1_000,
        });
        expect(charge.status).toBe(200);
        return charge.body.txid as string;
      }),
    );
    await Promise.all(
      topups.sort(() => randomInt(3) - 1).map((t) => payByWebhook(t, 1 + randomInt(2))),
    );

    const rooms: string[] = [];
    const createRooms = async (n: number, seats = SIZE.seats) => {
      const created: string[] = [];
      for (let i = 0; i < n; i += 1) {
        const res = await call('POST', '/api/admin/rooms', adminCookie, {
          tipoSala: pick(['bronze', 'prata', 'ouro', 'platina']),
          valorEntrada: pick([500, 1000, 1500, 2000]),
          maxParticipantes: seats,
          taxaPersonalizadaBp: pick([0, 1000, 1500, 2000]),
        });
        expect(res.status).toBe(200);
        created.push(res.body.id as string);
      }
      rooms.push(...created);
      return created;
    };
    await createRooms(SIZE.rooms);
    // Two rooms no crowd can fill (one seat per player): the ones the administrators cancel, with
    // seats to refund, however fast the others fill and draw.
    const toCancel = await createRooms(2, SIZE.players + 1);

    let stormOver = false;
    // Background work while players act: rounds (expiry, due draws, payouts), holds running out,
    // administrators cancelling rooms.
    const background = (async () => {
      let cancelled = 0;
      while (!stormOver) {
        await app.scheduler.runOnce();
        const [pending] = await db
          .select({ id: participacoes.id })
          .from(participacoes)
          .where(eq(participacoes.statusPagamento, 'pendente'))
          .orderBy(sql`random()`)
          .limit(1);
        if (pending)
          await db
            .update(participacoes)
            .set({ expiresAt: new Date(Date.now() - 1000) })
            .where(eq(participacoes.id, pending.id));
        if (cancelled < 2 && stats.requests > 150 * (cancelled + 1)) {
          const res = await call(
            'POST',
            `/api/admin/rooms/${toCancel[cancelled]!}/cancel`,
            adminCookie,
          );
          expect(res.status, JSON.stringify(res.body)).toBe(200);
          cancelled += 1;
        }
        await pause(15);
      }
    })();

    const joinByPix = async (p: Player, room: string) => {
      const join = await call('POST', `/api/rooms/${room}/join`, p.cookie, { metodo: 'pix' });
      if (join.status !== 200) return;
      const participation = (join.body.participation as { id: string }).id;
      const charge = await call('POST', '/api/payments/pix', p.cookie, {
        participacaoId: participation,
      });
      if (charge.status !== 200) return;
      const fate = randomInt(10);
      // Most pay (some twice), a few never pay (the hold runs out), a few pay after it ran out.
      if (fate < 7) await payByWebhook(charge.body.txid as string, 1 + randomInt(2));
      else if (fate === 9) {
        await db
          .update(participacoes)
          .set({ expiresAt: new Date(Date.now() - 1000) })
          .where(eq(participacoes.id, participation));
        await app.scheduler.runOnce();
        await payByWebhook(charge.body.txid as string, 1);
      }
    };

    const act = async (p: Player) => {
      for (let round = 0; round < SIZE.rounds; round += 1) {
        const open = (await call('GET', '/api/rooms', p.cookie)).body as unknown as {
          id: string;
        }[];
        if (!Array.isArray(open) || open.length === 0) {
          await pause(20);
          continue;
        }
        // A player in two tabs: paying one room by PIX while joining another from the balance,
        // sometimes withdrawing at the same time.
        const topup =
          randomInt(3) === 0
            ? await call('POST', '/api/wallet/topup', p.cookie, {
                valor: 2000 + randomInt(5) * 500,
              })
            : null;
        await Promise.all([
          joinByPix(p, pick(open).id),
          call('POST', `/api/rooms/${pick(open).id}/join`, p.cookie, { metodo: 'balance' }),
          // A top-up landing while a withdrawal is asked for.
          topup?.status === 200 ? payByWebhook(topup.body.txid as string, 1, 0) : null,
          topup?.status === 200 && randomInt(2) === 0
            ? call('POST', '/api/wallet/withdraw', p.cookie, { valor: 1000 + randomInt(5) * 100 })
            : null,
        ]);
      }
    };
    // Bursts: a top-up landing at the very moment its owner asks for a withdrawal.
    const bursts = async () => {
      for (const p of players.slice(0, Math.ceil(players.length / 4))) {
        for (let i = 0; i < 3; i += 1) {
          const topup = await call('POST', '/api/wallet/topup', p.cookie, { valor: 3000 });
          if (topup.status !== 200) continue;
          await Promise.all([
            payByWebhook(topup.body.txid as string, 1, 0),
            call('POST', '/api/wallet/withdraw', p.cookie, { valor: 1000 }),
          ]);
        }
      }
    };
    await Promise.all([...players.map(act), bursts()]);
    stormOver = true;
    await background;

    // Settle: unpaid holds expire, remaining due draws and payouts run to the end.
    await db
      .update(participacoes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(participacoes.statusPagamento, 'pendente'));
    for (let i = 0; i < 20; i += 1) {
      await app.scheduler.runOnce();
      const [left] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(payouts)
        .where(sql`${payouts.status} in ('pendente', 'enviando')`);
      if ((left?.n ?? 0) === 0) break;
      await db
        .update(payouts)
        .set({ nextAttemptAt: new Date(0) })
        .where(eq(payouts.status, 'pendente'));
    }

    const audit = await runLedgerAudit(db);
    const [drawn] = await db.select({ n: sql<number>`count(*)::int` }).from(sorteios);
    const [cancelledRooms] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(salas)
      .where(eq(salas.status, 'cancelada'));
    const returned = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(payouts)
      .where(eq(payouts.status, 'devolvido'));
    console.info(
      `money storm (${onPostgres ? 'PostgreSQL' : 'PGlite'}): ${SIZE.players} players, ${rooms.length} rooms, ${stats.requests} requests ${JSON.stringify(stats.byStatus)}, rooms drawn ${drawn?.n}, cancelled ${cancelledRooms?.n}, payouts returned ${returned[0]?.n}, retries ${moneyContention.retries}, gave up ${moneyContention.giveUps}\n${audit.checks.map((c) => `  ${c.ok ? 'ok ' : 'FAIL'} ${c.name}: ${c.detail}`).join('\n')}`,
    );
    expect(stats.serverErrors).toEqual([]);
    expect(audit.checks.filter((c) => !c.ok)).toEqual([]);
    // The storm did what it says: money moved every way it can.
    const [confirmed] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(participacoes)
      .where(and(eq(participacoes.statusPagamento, 'confirmado')));
    expect(confirmed!.n).toBeGreaterThan(SIZE.rooms);
    expect(drawn!.n).toBeGreaterThan(0);
    expect(cancelledRooms!.n).toBeGreaterThan(0);
    expect(returned[0]!.n).toBeGreaterThan(0);
    void profiles;
  }, 600_000);
});
