/**
 * Scale seed: fills a migrated database with a realistic load for read timings (issues "admin
 * dashboard and analytics" and "player dashboard, history and stats": 10,000 users and 100,000
 * participations, one player with 1,000 entries).
 *
 *   node --import tsx scripts/seed-scale.ts [--users 10000] [--participations 100000]
 *     [--player-entries 1000] [--days 120] [--random-seed 1] [--data-dir ./data-scale]
 *
 * The database is DATABASE_URL (PostgreSQL) or the embedded one in DATA_DIR / --data-dir; it is
 * migrated first with the project's own migrations and must have no account yet. Sizes also come
 * from SCALE_USERS, SCALE_PARTICIPATIONS, SCALE_PLAYER_ENTRIES, SCALE_DAYS and SCALE_RANDOM_SEED.
 *
 * What it writes (all in one database transaction, so a failure leaves nothing behind):
 * - users over the last SCALE_DAYS days (more of them recently): better-auth `user` and credential
 *   `account` rows, profiles, identity checks (most e-mails confirmed, about 40 % of those with a
 *   verified identity, a few pending or rejected), last activity;
 * - an administrator (ADMIN_EMAIL) and one designated player (jogador@scale.sorteiocerto.com.br)
 *   with SCALE_PLAYER_ENTRIES confirmed entries; their passwords are hashed by the product
 *   (SCALE_ADMIN_PASSWORD / SCALE_PLAYER_PASSWORD, generated and printed when unset). The other
 *   accounts share one hash of a random password nobody knows: nobody signs in as them;
 * - rooms of every public type, created by the product's `createRoom` (so each has its secret seed
 *   and published commitment), then dated back: drawn rooms (full), a few scheduled rooms
 *   cancelled with one entrant (refunded), and open rooms partly filled now;
 * - the participations, most paid from the balance (Cashback first, then Saldo, topped up by PIX
 *   when short, as the product does), the others paid by PIX (charge, received PIX), a few PIX
 *   seats that expired unpaid; the cashback of each entry; the draws run with the published
 *   protocol (`runDraw`) from each room's seed; prizes, and their PIX payout when the winner has a
 *   PIX key.
 *
 * Money follows docs/decisions/002 and 007: every movement is a ledger transaction whose entries
 * sum to zero, with the product's idempotency keys; cached balances are the sum of their entries
 * and never went below zero at any point of the simulated history. The rows are bulk-inserted for
 * speed, so the ledger audit (modules/wallet/ledger-audit.ts) runs before the commit and the seed
 * fails, writing nothing, on any violation; its result is stored like the hourly audit's.
 * Finally VACUUM ANALYZE, as autovacuum would have done on a database that grew over months.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { runDraw } from '@sorteio/shared';
import { and, count, eq, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { type Config, loadConfig } from '../apps/server/src/config';
import { writeAccounts } from './seed-scale/accounts';
import { type Db, createDatabase } from '../apps/server/src/db/client';
import {
  ledgerAccounts,
  ledgerEntries,
  ledgerTransactions,
  participacoes,
  payouts,
  pixCharges,
  pixReceived,
  sorteios,
  user,
} from '../apps/server/src/db/schema';
import { hashPassword } from '../apps/server/src/lib/password';
import { createRoom, luckyNumber } from '../apps/server/src/modules/rooms/rooms.service';
import {
  type LedgerAudit,
  runAndStoreLedgerAudit,
} from '../apps/server/src/modules/wallet/ledger-audit';
import {
  DAY,
  type PlannedRoom,
  ROOM_TYPES,
  SCALE_PLAYER_EMAIL,
  type ScaleOptions,
  type ScaleResult,
  insertAll,
  prng,
} from './seed-scale/model';
import { simulateMoney } from './seed-scale/money';
import { planRooms, planUsers } from './seed-scale/plan';

export { SCALE_PLAYER_EMAIL, type ScaleOptions, type ScaleResult } from './seed-scale/model';

export async function seedScale({
  db,
  config,
  options: o,
}: {
  db: Db;
  config: Config;
  options: ScaleOptions;
}): Promise<ScaleResult> {
  const log = o.log ?? ((line: string) => console.info(line));
  const started = performance.now();
  const lap = (what: string) =>
    log(`  ${what} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
  if (o.users < 4) throw new Error('--users must be at least 4');
  if (o.participations < o.playerEntries)
    throw new Error('--participations must be at least --player-entries');
  const [existing] = await db.select({ n: count() }).from(user);
  if ((existing?.n ?? 0) > 0)
    throw new Error(
      'the database already has accounts: the scale seed fills an empty, migrated database',
    );

  const rng = prng(o.randomSeed);
  const now = Date.now();
  const start = now - o.days * DAY;
  const users = planUsers(rng, o, now, start);
  const admin = users[0]!;
  const designated = users[1]!;
  const rooms = planRooms(rng, o, users, now, start, config, log);
  lap(`planned ${users.length} users and ${rooms.length} rooms`);

  const [adminHash, playerHash, nobodyHash] = await Promise.all([
    hashPassword(o.adminPassword),
    hashPassword(o.playerPassword),
    hashPassword(randomBytes(24).toString('base64url')),
  ]);

  const counts: Record<string, number> = {};
  let audit: LedgerAudit | null = null;
  await db.transaction(async (tx) => {
    const write = <T extends PgTable>(table: T, rows: T['$inferInsert'][]) =>
      insertAll(tx, table, rows, log);
    // 1. Accounts.
    await writeAccounts({
      write,
      users,
      admin,
      designated,
      adminHash,
      playerHash,
      nobodyHash,
      now,
    });
    lap('accounts written');

    // 2. Rooms through the product's service (seed and commitment), dated back below.
    const planned: PlannedRoom[] = [];
    for (const draft of rooms) {
      const t = ROOM_TYPES[draft.type];
      const row = await createRoom({
        db: tx,
        input: {
          tipoSala: draft.type,
          valorEntradaCentavos: t.entry,
          maxParticipantes: draft.seats,
          taxaBp: t.feeBp,
          dataSorteio: draft.status === 'cancelada' ? new Date(draft.closeAt!) : null,
          createdBy: admin.id,
        },
      });
      // createRoom opens the room's pool account; the seed writes every ledger account itself
      // below (the entries name its ids), so that one goes, still without entries.
      await tx
        .delete(ledgerAccounts)
        .where(and(eq(ledgerAccounts.kind, 'room_pool'), eq(ledgerAccounts.salaId, row.id)));
      planned.push({
        ...draft,
        id: row.id,
        seedHex: row.seed.toString('hex'),
        commitment: row.commitment,
        draw: null,
      });
    }
    lap(`${planned.length} rooms created`);

    // 3. Lucky numbers (unique per room, the product's shape) and the draws, by the protocol.
    for (const room of planned) {
      const used = new Set<string>();
      for (const seat of [...room.seatList].sort((a, b) => a.at - b.at)) {
        let attempt = 0;
        let numero = luckyNumber(room.type, Math.floor(seat.at));
        while (used.has(numero)) {
          attempt += 1;
          numero = luckyNumber(room.type, Math.floor(seat.at) + attempt);
        }
        used.add(numero);
        seat.numero = numero;
      }
      if (room.status === 'finalizada') {
        room.draw = await runDraw({
          seedHex: room.seedHex,
          commitment: room.commitment,
          roomId: room.id,
          luckyNumbers: room.seatList.filter((s) => s.status === 'confirmado').map((s) => s.numero),
        });
        room.seatList.find((s) => s.numero === room.draw!.winningNumber)!.winner = true;
      }
    }
    lap('draws computed');

    // 4. The money, in the order it happened.
    const { book, charges, received, draws, payoutRows } = await simulateMoney({
      tx,
      config,
      rng,
      planned,
      lap,
    });

    // 5. Bulk writes, parents first.
    const seatRows: (typeof participacoes)['$inferInsert'][] = [];
    for (const room of planned)
      for (const s of room.seatList) {
        const end =
          s.status === 'cancelado' ? Math.min(s.expiresAt!, room.closeAt ?? now) : s.confirmedAt!;
        seatRows.push({
          id: s.id,
          userId: s.user.id,
          salaId: room.id,
          numeroSorte: s.numero,
          valorPago: ROOM_TYPES[room.type].entry,
          statusPagamento: s.status,
          metodoPagamento: s.method,
          ehVencedor: s.winner,
          txidPagamento: s.txid,
          expiresAt: s.expiresAt === null ? null : new Date(s.expiresAt),
          confirmedAt:
            s.confirmedAt === null || s.status === 'cancelado' ? null : new Date(s.confirmedAt),
          createdAt: new Date(s.at),
          updatedAt: new Date(s.winner ? room.closeAt! : end),
        });
      }
    await write(participacoes, seatRows);
    await write(pixCharges, charges);
    await write(pixReceived, received);
    await write(
      ledgerAccounts,
      [...book.ids.entries()].map(([key, id]) => {
        const [kind, owner] = key.split(':') as [
          'user_saldo' | 'user_cashback' | 'room_pool',
          string,
        ];
        return {
          id,
          kind,
          userId: kind === 'room_pool' ? null : owner,
          salaId: kind === 'room_pool' ? owner : null,
          balance: book.balance(key),
        };
      }),
    );
    await write(ledgerTransactions, book.transactions);
    await write(ledgerEntries, book.entries);
    await write(sorteios, draws);
    await write(payouts, payoutRows);
    // The rooms as they are now: status, seat count (confirmed and held seats), dates.
    const roomRows = planned.map((r) => ({
      id: r.id,
      status: r.status,
      n: r.seatList.filter((s) => s.status === 'confirmado').length,
      created_at: new Date(r.createdAt).toISOString(),
      updated_at: new Date(
        r.closeAt ?? Math.max(r.createdAt, ...r.seatList.map((s) => s.at)),
      ).toISOString(),
    }));
    for (let i = 0; i < roomRows.length; i += 2000)
      await tx.execute(sql`
        update salas s set status = v.status, participantes_atual = v.n, created_at = v.created_at,
          commitment_published_at = v.created_at, updated_at = v.updated_at
        from json_to_recordset(${JSON.stringify(roomRows.slice(i, i + 2000))}::json)
          as v(id uuid, status text, n int, created_at timestamptz, updated_at timestamptz)
        where s.id = v.id`);
    counts.users = users.length;
    counts.players = users.filter((u) => u.identity === 'verificado').length;
    counts.rooms = planned.length;
    counts.participations = seatRows.length;
    counts.playerEntries = seatRows.filter((s) => s.userId === designated.id).length;
    counts.draws = draws.length;
    counts.pixCharges = charges.length;
    counts.ledgerTransactions = book.transactions.length;
    counts.ledgerEntries = book.entries.length;
    lap('rows written');

    // 6. The ledger audit, before the commit: a violation writes nothing.
    audit = await runAndStoreLedgerAudit(tx, null);
    lap(`ledger audit ${audit.ok ? 'passed' : 'FAILED'} (${audit.durationMs} ms)`);
    if (!audit.ok) {
      for (const c of audit.checks.filter((check) => !check.ok))
        log(`  FAIL ${c.name}: ${c.detail}`);
      throw new Error('the ledger audit found a violation: nothing was written');
    }
  });
  await db.execute(sql`vacuum analyze`);
  lap('vacuum analyze');
  return { seconds: (performance.now() - started) / 1000, counts, audit: audit! };
}

export function optionsFromEnv(
  env: Record<string, string | undefined>,
  config: Config,
  flags: Partial<Record<string, string>> = {},
): ScaleOptions {
  const num = (flag: string | undefined, name: string, fallback: number) => {
    const raw = flag ?? env[name];
    if (raw === undefined || raw === '') return fallback;
    const n = Number(raw.replace(/[_,]/g, ''));
    if (!Number.isSafeInteger(n) || n < 0) throw new Error(`${name} must be a whole number`);
    return n;
  };
  return {
    users: num(flags.users, 'SCALE_USERS', 10_000),
    participations: num(flags.participations, 'SCALE_PARTICIPATIONS', 100_000),
    playerEntries: num(flags['player-entries'], 'SCALE_PLAYER_ENTRIES', 1000),
    days: num(flags.days, 'SCALE_DAYS', 120),
    randomSeed: num(flags['random-seed'], 'SCALE_RANDOM_SEED', 1),
    adminEmail: config.adminEmail,
    adminPassword:
      env.SCALE_ADMIN_PASSWORD ?? config.adminPassword ?? randomBytes(9).toString('base64url'),
    playerEmail: SCALE_PLAYER_EMAIL,
    playerPassword: env.SCALE_PLAYER_PASSWORD ?? randomBytes(9).toString('base64url'),
  };
}

async function main() {
  const { values } = parseArgs({
    options: {
      users: { type: 'string' },
      participations: { type: 'string' },
      'player-entries': { type: 'string' },
      days: { type: 'string' },
      'random-seed': { type: 'string' },
      'data-dir': { type: 'string' },
    },
  });
  const env = { ...process.env, ...(values['data-dir'] ? { DATA_DIR: values['data-dir'] } : {}) };
  const config = loadConfig(env);
  const options = optionsFromEnv(env, config, values);
  const target =
    config.database.kind === 'postgres'
      ? `PostgreSQL ${new URL(config.database.url).host}${new URL(config.database.url).pathname}`
      : `PGlite ${path.relative(process.cwd(), config.database.dataDir ?? '') || '.'}`;
  console.info(
    `Scale seed of ${target}: ${options.users} users, ${options.participations} participations, ` +
      `${options.playerEntries} for the designated player`,
  );
  const database = await createDatabase(config.database);
  try {
    await database.migrate();
    const result = await seedScale({ db: database.db, config, options });
    console.info(
      Object.entries(result.counts)
        .map(([k, v]) => `  ${k}: ${v}`)
        .join('\n'),
    );
    console.info(`Seeded in ${result.seconds.toFixed(1)} s; ledger audit passed.`);
    console.info(`  Administrator: ${options.adminEmail}  password: ${options.adminPassword}`);
    console.info(`  Player:        ${options.playerEmail}  password: ${options.playerPassword}`);
  } finally {
    await database.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
}
