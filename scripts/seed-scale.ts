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
import { randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { percentOf, publicRoomTypes, runDraw } from '@sorteio/shared';
import { and, count, eq, getTableName, sql } from 'drizzle-orm';
import type { PgInsertValue, PgTable } from 'drizzle-orm/pg-core';
import { type Config, loadConfig } from '../apps/server/src/config';
import { type Db, createDatabase } from '../apps/server/src/db/client';
import {
  account,
  ledgerAccounts,
  ledgerEntries,
  ledgerTransactions,
  participacoes,
  payouts,
  pixCharges,
  pixReceived,
  profiles,
  sorteios,
  user,
  userActivity,
  verificacaoUsuario,
} from '../apps/server/src/db/schema';
import { hashPassword } from '../apps/server/src/lib/password';
import { randomAlphanumeric } from '../apps/server/src/modules/payments/simulator';
import { createRoom, luckyNumber } from '../apps/server/src/modules/rooms/rooms.service';
import {
  type LedgerAudit,
  runAndStoreLedgerAudit,
} from '../apps/server/src/modules/wallet/ledger-audit';
import { type Tx, accountId } from '../apps/server/src/modules/wallet/ledger.service';

export interface ScaleOptions {
  /** Every user row, the administrator and the designated player included. */
  users: number;
  /** Participation rows (confirmed, and the few expired PIX seats). */
  participations: number;
  /** Confirmed entries of the designated player. */
  playerEntries: number;
  /** How far back the history goes. */
  days: number;
  /** Seed of the plan's pseudo-random choices (the secrets stay cryptographically random). */
  randomSeed: number;
  adminEmail: string;
  adminPassword: string;
  playerEmail: string;
  playerPassword: string;
  log?: (line: string) => void;
}

export interface ScaleResult {
  seconds: number;
  counts: Record<string, number>;
  audit: LedgerAudit;
}

export const SCALE_PLAYER_EMAIL = 'jogador@scale.sorteiocerto.com.br';
const EMAIL_DOMAIN = 'scale.sorteiocerto.com.br';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The rooms an administrator creates (as the demo's), and how often players pick each type. */
const ROOM_TYPES: Record<
  (typeof publicRoomTypes)[number],
  { entry: number; seats: number; feeBp: number; popularity: number }
> = {
  bronze: { entry: 500, seats: 10, feeBp: 2000, popularity: 26 },
  prata: { entry: 1000, seats: 10, feeBp: 2000, popularity: 24 },
  ouro: { entry: 2500, seats: 20, feeBp: 1500, popularity: 14 },
  platina: { entry: 5000, seats: 20, feeBp: 1500, popularity: 8 },
  premium: { entry: 1000, seats: 50, feeBp: 2000, popularity: 12 },
  master: { entry: 10000, seats: 10, feeBp: 1000, popularity: 9 },
  vip_ultra: { entry: 50000, seats: 5, feeBp: 1000, popularity: 7 },
};
type RoomType = (typeof publicRoomTypes)[number];

const TOPUP_AMOUNTS = [2000, 5000, 10000, 20000, 50000, 100000];

// prettier-ignore
const FIRST_NAMES = [
  'Ana', 'Bruno', 'Camila', 'Carlos', 'Daniela', 'Eduardo', 'Fernanda', 'Felipe', 'Gabriela',
  'Gustavo', 'Helena', 'Igor', 'Isabela', 'João', 'Juliana', 'Lucas', 'Larissa', 'Marcos',
  'Mariana', 'Mateus', 'Natália', 'Otávio', 'Patrícia', 'Paulo', 'Rafael', 'Renata', 'Rodrigo',
  'Sabrina', 'Thiago', 'Vanessa', 'Vinícius', 'Yasmin', 'Letícia', 'André', 'Beatriz', 'Diego',
];
// prettier-ignore
const LAST_NAMES = [
  'Silva', 'Santos', 'Oliveira', 'Souza', 'Rodrigues', 'Ferreira', 'Alves', 'Pereira', 'Lima',
  'Gomes', 'Costa', 'Ribeiro', 'Martins', 'Carvalho', 'Almeida', 'Lopes', 'Soares', 'Fernandes',
  'Vieira', 'Barbosa', 'Rocha', 'Dias', 'Nascimento', 'Andrade', 'Moreira', 'Nunes', 'Mendes',
];
const DDDS = ['11', '21', '31', '41', '51', '61', '71', '81', '85', '19', '27', '48'];

/** Small deterministic PRNG (mulberry32): the same seed gives the same plan. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!,
    chance: (p: number) => next() < p,
  };
}
type Rng = ReturnType<typeof prng>;

/** Appends the two CPF check digits (Receita Federal modulo-11 rule). */
function cpfFromBase(base: string): string {
  const digits = base.split('').map(Number);
  for (const length of [9, 10]) {
    const sum = digits.slice(0, length).reduce((acc, d, i) => acc + d * (length + 1 - i), 0);
    const rest = sum % 11;
    digits.push(rest < 2 ? 0 : 11 - rest);
  }
  return digits.join('');
}

interface SeedUser {
  id: string;
  index: number;
  name: string;
  email: string;
  role: 'user' | 'admin';
  createdAt: number;
  emailVerified: boolean;
  identity: 'verificado' | 'pendente' | 'rejeitado' | null;
  /** When the identity was accepted (players only). */
  verifiedAt: number | null;
  chavePix: string | null;
  statusConta: 'ativo' | 'suspenso';
  /** Chance that an entry is paid by PIX rather than from the balance. */
  pixPreference: number;
  /** Relative activity (heavy-tailed: a few players play a lot). */
  weight: number;
  lastActivity: number | null;
}

interface Seat {
  id: string;
  user: SeedUser;
  at: number;
  status: 'confirmado' | 'cancelado';
  method: 'pix' | 'balance';
  confirmedAt: number | null;
  expiresAt: number | null;
  numero: string;
  winner: boolean;
  txid: string | null;
  /** What the entry took from the Cashback (refunds give it back there). */
  fromCashback: number;
}

interface PlannedRoom {
  type: RoomType;
  seats: number;
  status: 'aberta' | 'finalizada' | 'cancelada';
  createdAt: number;
  /** Draw or cancellation time (null while open). */
  closeAt: number | null;
  seatList: Seat[];
  id: string;
  seedHex: string;
  commitment: string;
  draw: Awaited<ReturnType<typeof runDraw>> | null;
}

type AccountKey = string;

/** Inserts rows in statements of at most ~30,000 parameters. */
async function insertAll<T extends PgTable>(
  tx: Tx,
  table: T,
  rows: T['$inferInsert'][],
  log: (line: string) => void,
) {
  if (rows.length === 0) return;
  const t0 = performance.now();
  const columns = Object.keys(rows[0]!).length;
  const size = Math.max(1, Math.floor(30_000 / columns));
  for (let i = 0; i < rows.length; i += size)
    await tx.insert(table).values(rows.slice(i, i + size) as PgInsertValue<T>[]);
  log(
    `    ${getTableName(table)}: ${rows.length} rows, ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
}

function planUsers(rng: Rng, o: ScaleOptions, now: number, start: number): SeedUser[] {
  const users: SeedUser[] = [];
  const span = now - start;
  for (let i = 0; i < o.users; i += 1) {
    const first = rng.pick(FIRST_NAMES);
    const last = `${rng.pick(LAST_NAMES)} ${rng.pick(LAST_NAMES)}`;
    const isAdmin = i === 0;
    const isPlayer = i === 1;
    const email = isAdmin
      ? o.adminEmail
      : isPlayer
        ? o.playerEmail
        : `${first}.${last.split(' ')[1]}.${i}@${EMAIL_DOMAIN}`
            .normalize('NFD')
            .replace(/[\u0300-\u036f]/g, '')
            .toLowerCase();
    // More sign-ups recently (u^0.7 leans towards 1, i.e. now); never in the last minute.
    const createdAt =
      isAdmin || isPlayer
        ? start + i * HOUR
        : Math.min(now - MINUTE, start + span * rng.next() ** 0.7);
    users.push({
      id: randomUUID(),
      index: i,
      name: isAdmin ? 'Administrador' : isPlayer ? 'Jogador Escala' : `${first} ${last}`,
      email,
      role: isAdmin ? 'admin' : 'user',
      createdAt,
      emailVerified: isAdmin || isPlayer || rng.chance(0.85),
      identity: null,
      verifiedAt: null,
      chavePix: null,
      statusConta: 'ativo',
      pixPreference: rng.chance(0.3) ? 0.7 + rng.next() * 0.3 : rng.next() * 0.25,
      weight: Math.min(30, (1 - rng.next()) ** (-1 / 1.5)),
      lastActivity: null,
    });
  }
  // Identity: ~40 % of the confirmed e-mails verified (at least a handful on tiny sizes), a few
  // pending or rejected. The designated player is verified on his first day.
  const ordinary = users.slice(2).filter((u) => u.emailVerified);
  const minimum = Math.min(5, ordinary.length);
  ordinary.sort((a, b) => a.createdAt - b.createdAt);
  for (const [n, u] of ordinary.entries()) {
    const roll = rng.next();
    if (n < minimum || roll < 0.4) {
      const at = u.createdAt + rng.next() * 2 * DAY;
      if (at < now - 10 * MINUTE) {
        u.identity = 'verificado';
        u.verifiedAt = at;
      } else u.identity = 'pendente';
    } else if (roll < 0.44) u.identity = 'pendente';
    else if (roll < 0.47) u.identity = 'rejeitado';
  }
  const player = users[1];
  if (player) {
    player.identity = 'verificado';
    player.verifiedAt = player.createdAt + 6 * HOUR;
    player.pixPreference = 0.35;
    player.weight = 0;
  }
  for (const u of users) {
    if (u.identity === 'verificado' && (u === player || rng.chance(0.7))) u.chavePix = u.email;
    // A few suspended accounts, never among the players.
    if (u.role === 'user' && u.identity !== 'verificado' && rng.chance(0.005))
      u.statusConta = 'suspenso';
    // Last activity: players recently (a tenth of them today), the others some time after sign-up.
    if (u.identity === 'verificado')
      u.lastActivity = Math.max(u.createdAt, now - rng.next() ** 2 * 10 * DAY);
    else if (u.emailVerified || rng.chance(0.5))
      u.lastActivity = u.createdAt + rng.next() * (now - u.createdAt) * 0.3;
  }
  return users;
}

/** Players eligible to play: verified before `at` (sorted by verification time). */
function eligibleCount(players: SeedUser[], at: number) {
  let lo = 0;
  let hi = players.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (players[mid]!.verifiedAt! < at) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function pickDistinct(rng: Rng, prefix: number[], k: number, n: number, taken = new Set<number>()) {
  const chosen: number[] = [];
  const total = prefix[k]!;
  let guard = 0;
  while (chosen.length < n && guard < n * 500) {
    guard += 1;
    const r = rng.next() * total;
    let lo = 0;
    let hi = k - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (prefix[mid + 1]! <= r) lo = mid + 1;
      else hi = mid;
    }
    if (taken.has(lo)) continue;
    taken.add(lo);
    chosen.push(lo);
  }
  return chosen;
}

function pickType(rng: Rng): RoomType {
  const total = publicRoomTypes.reduce((s, t) => s + ROOM_TYPES[t].popularity, 0);
  let r = rng.next() * total;
  for (const t of publicRoomTypes) {
    r -= ROOM_TYPES[t].popularity;
    if (r < 0) return t;
  }
  return 'bronze';
}

function newSeat(user: SeedUser, at: number): Seat {
  return {
    id: randomUUID(),
    user,
    at,
    status: 'confirmado',
    method: 'balance',
    confirmedAt: null,
    expiresAt: null,
    numero: '',
    winner: false,
    txid: null,
    fromCashback: 0,
  };
}

type RoomDraft = Omit<PlannedRoom, 'id' | 'seedHex' | 'commitment' | 'draw'>;

function planRooms(
  rng: Rng,
  o: ScaleOptions,
  users: SeedUser[],
  now: number,
  start: number,
  config: Config,
  log: (line: string) => void,
): RoomDraft[] {
  const designated = users[1]!;
  const players = users
    .filter((u) => u.identity === 'verificado' && u !== designated && u.statusConta === 'ativo')
    .sort((a, b) => a.verifiedAt! - b.verifiedAt!);
  if (players.length < 2) throw new Error('not enough verified players for rooms: raise --users');
  const prefix = [0];
  for (const p of players) prefix.push(prefix.at(-1)! + p.weight);
  const rooms: RoomDraft[] = [];
  const expired = Math.round(o.participations * 0.02);
  let budget = o.participations - expired;

  // Open rooms now, partly filled: at least one per type, ~0.6 % of the rooms at scale.
  const estimatedRooms = o.participations / 18;
  const openPerType = Math.max(1, Math.round((estimatedRooms * 0.006) / publicRoomTypes.length));
  let openBudget = Math.floor(budget * 0.1);
  for (const type of publicRoomTypes) {
    for (let i = 0; i < openPerType; i += 1) {
      const createdAt = now - (1 + rng.next() * 35) * HOUR;
      const k = eligibleCount(players, createdAt);
      const seats = ROOM_TYPES[type].seats;
      const fill = Math.min(openBudget, k, Math.floor(rng.next() * seats * 0.9));
      const seatList = pickDistinct(rng, prefix, k, fill)
        .map((idx) =>
          newSeat(players[idx]!, createdAt + rng.next() * (now - 6 * MINUTE - createdAt)),
        )
        .sort((a, b) => a.at - b.at);
      openBudget -= seatList.length;
      budget -= seatList.length;
      rooms.push({ type, seats, status: 'aberta', createdAt, closeAt: null, seatList });
    }
  }

  // Rooms of the past: drawn when full, a few scheduled ones cancelled with a single entrant.
  let failures = 0;
  for (let attempt = 0; budget > 0 && failures < 10_000 && attempt < 10_000_000; attempt += 1) {
    const type = pickType(rng);
    const typeSeats = ROOM_TYPES[type].seats;
    const duration = typeSeats * (2 + rng.next() * 38) * MINUTE;
    const latest = now - duration - 10 * MINUTE;
    if (latest <= start) {
      failures += 1;
      continue;
    }
    // Activity follows the player base: a time is kept in proportion to the players verified by then.
    const createdAt = start + rng.next() * (latest - start);
    const k = eligibleCount(players, createdAt);
    if (rng.next() * players.length >= k) continue;
    const seats = Math.min(typeSeats, k);
    if (seats < 2) {
      failures += 1;
      continue;
    }
    if (budget < seats) {
      // The remainder: one more open room.
      const open = now - (1 + rng.next() * 20) * HOUR;
      const n = Math.min(budget, eligibleCount(players, open), typeSeats - 1);
      if (n < 1) break;
      const seatList = pickDistinct(rng, prefix, eligibleCount(players, open), n)
        .map((idx) => newSeat(players[idx]!, open + rng.next() * (now - 6 * MINUTE - open)))
        .sort((a, b) => a.at - b.at);
      rooms.push({
        type,
        seats: typeSeats,
        status: 'aberta',
        createdAt: open,
        closeAt: null,
        seatList,
      });
      budget -= seatList.length;
      continue;
    }
    if (rng.chance(0.01)) {
      const [idx] = pickDistinct(rng, prefix, k, 1);
      const seat = newSeat(players[idx!]!, createdAt + rng.next() * duration * 0.8);
      rooms.push({
        type,
        seats: typeSeats,
        status: 'cancelada',
        createdAt,
        closeAt: createdAt + duration,
        seatList: [seat],
      });
      budget -= 1;
      continue;
    }
    const offsets = Array.from({ length: seats }, () => rng.next() * duration).sort(
      (a, b) => a - b,
    );
    const seatList = pickDistinct(rng, prefix, k, seats).map((idx, n) =>
      newSeat(players[idx]!, createdAt + offsets[n]!),
    );
    // Full when drawn (fewer players found than seats only happens on tiny sizes).
    if (seatList.length < 2) {
      failures += 1;
      continue;
    }
    rooms.push({
      type,
      seats: seatList.length,
      status: 'finalizada',
      createdAt,
      closeAt: null,
      seatList,
    });
    budget -= seatList.length;
  }
  if (budget > 0) log(`  warning: ${budget} participations could not be placed`);

  // The designated player takes a seat in `playerEntries` rooms opened after his verification.
  const candidates = rooms.filter(
    (r) => r.createdAt > designated.verifiedAt! && r.seatList.length > 0,
  );
  for (let i = candidates.length - 1; i > 0; i -= 1) {
    const j = Math.floor(rng.next() * (i + 1));
    [candidates[i], candidates[j]] = [candidates[j]!, candidates[i]!];
  }
  if (candidates.length < o.playerEntries)
    log(`  warning: only ${candidates.length} rooms for the designated player's entries`);
  for (const room of candidates.slice(0, o.playerEntries))
    room.seatList[Math.floor(rng.next() * room.seatList.length)]!.user = designated;

  // Payment method and times of the confirmed seats; draw times.
  for (const room of rooms) {
    for (const seat of room.seatList) {
      seat.method = rng.chance(seat.user.pixPreference) ? 'pix' : 'balance';
      seat.confirmedAt = seat.method === 'pix' ? seat.at + (20 + rng.next() * 280) * 1000 : seat.at;
    }
    if (room.status === 'finalizada')
      room.closeAt =
        Math.max(...room.seatList.map((s) => s.confirmedAt!)) + (1 + rng.next() * 4) * 1000;
    // A scheduled room cancelled at its draw date, after its only entry was paid.
    if (room.status === 'cancelada')
      room.closeAt = Math.max(room.closeAt!, room.seatList[0]!.confirmedAt! + MINUTE);
  }

  // PIX seats that expired unpaid (they count as participations, move no money).
  const hold = config.pix.seatHoldSeconds * 1000;
  const seatable = rooms.filter((r) => r.status !== 'cancelada');
  for (let i = 0; i < expired && seatable.length > 0; i += 1) {
    const room = seatable[Math.floor(rng.next() * seatable.length)]!;
    const end = room.closeAt ?? now;
    const k = eligibleCount(players, room.createdAt);
    const inRoom = new Set(room.seatList.map((s) => s.user.id));
    const taken = new Set<number>();
    players.forEach((p, idx) => {
      if (idx < k && inRoom.has(p.id)) taken.add(idx);
    });
    if (taken.size >= k) continue;
    const [idx] = pickDistinct(rng, prefix, k, 1, taken);
    if (idx === undefined) continue;
    const at = room.createdAt + rng.next() * Math.max(0, end - hold - room.createdAt);
    const seat = newSeat(players[idx]!, at);
    seat.status = 'cancelado';
    seat.method = 'pix';
    seat.expiresAt = at + hold;
    room.seatList.push(seat);
  }
  return rooms;
}

/** The ledger as it is written: rows to insert, cached balances kept (and checked) on the way. */
class LedgerBook {
  transactions: (typeof ledgerTransactions)['$inferInsert'][] = [];
  entries: (typeof ledgerEntries)['$inferInsert'][] = [];
  balances = new Map<AccountKey, number>();
  ids = new Map<AccountKey, string>();
  constructor(private readonly platform: Record<string, string>) {}

  id(key: AccountKey) {
    if (key in this.platform) return this.platform[key]!;
    let id = this.ids.get(key);
    if (!id) {
      id = randomUUID();
      this.ids.set(key, id);
      this.balances.set(key, 0);
    }
    return id;
  }

  balance(key: AccountKey) {
    return this.balances.get(key) ?? 0;
  }

  post(
    at: number,
    tx: Omit<(typeof ledgerTransactions)['$inferInsert'], 'id' | 'createdAt'>,
    lines: [AccountKey, number][],
  ) {
    const live = lines.filter(([, amount]) => amount !== 0);
    const sum = live.reduce((s, [, amount]) => s + amount, 0);
    if (sum !== 0) throw new Error(`${tx.idempotencyKey} does not sum to zero (${sum})`);
    const id = randomUUID();
    const createdAt = new Date(at);
    this.transactions.push({ ...tx, id, createdAt });
    for (const [key, amount] of live) {
      const accountId = this.id(key);
      if (!(key in this.platform)) {
        const next = this.balance(key) + amount;
        if (next < 0) throw new Error(`${key} would go below zero at ${tx.idempotencyKey}`);
        this.balances.set(key, next);
      }
      this.entries.push({ id: randomUUID(), transactionId: id, accountId, amount, createdAt });
    }
  }
}

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
    await write(
      user,
      users.map((u) => ({
        id: u.id,
        name: u.name,
        email: u.email,
        emailVerified: u.emailVerified,
        role: u.role,
        banned: u.statusConta === 'suspenso',
        createdAt: new Date(u.createdAt),
        updatedAt: new Date(u.verifiedAt ?? u.createdAt),
      })),
    );
    await write(
      account,
      users.map((u) => ({
        id: randomUUID(),
        accountId: u.id,
        providerId: 'credential',
        userId: u.id,
        password: u === admin ? adminHash : u === designated ? playerHash : nobodyHash,
        createdAt: new Date(u.createdAt),
        updatedAt: new Date(u.createdAt),
      })),
    );
    await write(
      profiles,
      users.map((u) => {
        const birthYear = 1960 + (u.index % 46);
        return {
          id: u.id,
          nomeCompleto: u.name,
          chavePix: u.chavePix,
          chavePixTipo: u.chavePix ? ('email' as const) : null,
          telefone:
            u.role === 'admin'
              ? null
              : `${DDDS[u.index % DDDS.length]}9${String(u.index).padStart(8, '0')}`,
          cpf: u.role === 'admin' ? null : cpfFromBase(String(300_000_000 + u.index)),
          dataNascimento: `${birthYear}-${String((u.index % 12) + 1).padStart(2, '0')}-${String((u.index % 28) + 1).padStart(2, '0')}`,
          isVerified: u.identity === 'verificado',
          statusConta: u.statusConta,
          createdAt: new Date(u.createdAt),
          updatedAt: new Date(u.verifiedAt ?? u.createdAt),
        };
      }),
    );
    await write(
      verificacaoUsuario,
      users
        .filter((u) => u.identity)
        .map((u) => {
          const submittedAt = u.verifiedAt
            ? u.verifiedAt - 20 * MINUTE
            : u.createdAt + (now - u.createdAt) * 0.2;
          return {
            userId: u.id,
            tipoDocumento: u.index % 3 === 0 ? ('cnh' as const) : ('rg' as const),
            numeroDocumento: String(10_000_000 + u.index * 7),
            fotoDocumentoKey: `identity/${randomUUID()}`,
            selfieKey: `identity/${randomUUID()}`,
            statusVerificacao: u.identity!,
            motivoRejeicao: u.identity === 'rejeitado' ? 'Documento ilegível.' : null,
            submittedAt: new Date(submittedAt),
            reviewedBy: u.identity === 'pendente' ? null : admin.id,
            reviewedAt:
              u.identity === 'pendente'
                ? null
                : new Date(u.verifiedAt ?? Math.min(now - MINUTE, submittedAt + HOUR)),
          };
        }),
    );
    await write(
      userActivity,
      users
        .filter((u) => u.lastActivity !== null)
        .map((u) => ({ userId: u.id, lastActivity: new Date(u.lastActivity!) })),
    );
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
    const platform = {
      platform_revenue: await accountId(tx, { kind: 'platform_revenue' }),
      platform_cashback: await accountId(tx, { kind: 'platform_cashback' }),
      pix_clearing: await accountId(tx, { kind: 'pix_clearing' }),
    };
    const book = new LedgerBook(platform);
    const charges: (typeof pixCharges)['$inferInsert'][] = [];
    const received: (typeof pixReceived)['$inferInsert'][] = [];
    const draws: (typeof sorteios)['$inferInsert'][] = [];
    const payoutRows: (typeof payouts)['$inferInsert'][] = [];
    const expirySeconds = Math.min(config.pix.chargeExpirySeconds, config.pix.seatHoldSeconds);
    // Historic charges: their BR Code and QR image are never shown again; kept short.
    const charge = (
      c: Omit<(typeof pixCharges)['$inferInsert'], 'brCode' | 'qrPng' | 'provider'>,
    ) =>
      charges.push({
        ...c,
        provider: 'simulator',
        brCode: `seed-scale:${c.txid}`,
        qrPng: '',
      });
    const pixIn = (
      userId: string,
      at: number,
      amount: number,
      purpose: 'participacao' | 'topup',
      participacaoId: string | null,
      description: string,
    ) => {
      const txid = randomAlphanumeric(25);
      const endToEndId = `E${randomAlphanumeric(31)}`;
      const createdAt = at - (30 + Math.floor(rng.next() * 240)) * 1000;
      charge({
        txid,
        purpose,
        userId,
        participacaoId,
        amount,
        description,
        status: 'CONCLUIDA',
        expiresAt: new Date(createdAt + expirySeconds * 1000),
        paidAt: new Date(at),
        endToEndId,
        createdAt: new Date(createdAt),
      });
      received.push({
        endToEndId,
        txid,
        amount,
        paidAt: new Date(at - 1000),
        outcome: purpose,
        receivedAt: new Date(at),
      });
      return { txid, endToEndId };
    };

    type Event =
      | { at: number; kind: 'entry'; room: PlannedRoom; seat: Seat }
      | { at: number; kind: 'close'; room: PlannedRoom };
    const events: Event[] = [];
    for (const room of planned) {
      for (const seat of room.seatList)
        if (seat.status === 'confirmado')
          events.push({ at: seat.confirmedAt!, kind: 'entry', room, seat });
      if (room.closeAt !== null) events.push({ at: room.closeAt, kind: 'close', room });
    }
    events.sort((a, b) => a.at - b.at);
    for (const event of events) {
      const { room } = event;
      const t = ROOM_TYPES[room.type];
      if (event.kind === 'entry') {
        const { seat } = event;
        const u = seat.user;
        const pool = `room_pool:${room.id}`;
        const saldo = `user_saldo:${u.id}`;
        const cashback = `user_cashback:${u.id}`;
        if (seat.method === 'pix') {
          const pix = pixIn(
            u.id,
            seat.confirmedAt!,
            t.entry,
            'participacao',
            seat.id,
            `Participação em sorteio - Sala ${room.type.replace('_', ' ')}`,
          );
          seat.txid = pix.txid;
          book.post(
            seat.confirmedAt!,
            {
              kind: 'entry_pix',
              idempotencyKey: `pix:${pix.endToEndId}`,
              description: 'Entrada paga por PIX',
              userId: u.id,
              salaId: room.id,
              participacaoId: seat.id,
              metadata: { endToEndId: pix.endToEndId, txid: pix.txid },
            },
            [
              ['pix_clearing', -t.entry],
              [pool, t.entry],
            ],
          );
        } else {
          const fromCashback = Math.min(book.balance(cashback), t.entry);
          const fromSaldo = t.entry - fromCashback;
          const short = fromSaldo - book.balance(saldo);
          if (short > 0) {
            // Topped up by PIX a few minutes before joining.
            const amount =
              TOPUP_AMOUNTS.find((a) => a >= short && rng.chance(0.6)) ??
              Math.max(short, TOPUP_AMOUNTS.at(-1)!);
            const at = Math.max(u.createdAt + 1000, seat.at - (1 + rng.next() * 19) * MINUTE);
            const pix = pixIn(u.id, at, amount, 'topup', null, 'Adicionar saldo - Sorteio Certo');
            book.post(
              at,
              {
                kind: 'topup',
                idempotencyKey: `pix:${pix.endToEndId}`,
                description: 'Saldo adicionado por PIX',
                userId: u.id,
                metadata: { endToEndId: pix.endToEndId, txid: pix.txid },
              },
              [
                ['pix_clearing', -amount],
                [saldo, amount],
              ],
            );
          }
          seat.fromCashback = fromCashback;
          book.post(
            seat.confirmedAt!,
            {
              kind: 'entry_balance',
              idempotencyKey: `entry:${seat.id}`,
              description: `Entrada na sala ${room.type}`,
              userId: u.id,
              salaId: room.id,
              participacaoId: seat.id,
              metadata: { fromCashback, fromSaldo },
            },
            [
              [cashback, -fromCashback],
              [saldo, -fromSaldo],
              [pool, t.entry],
            ],
          );
        }
        const earned = percentOf(t.entry, config.cashbackBp);
        if (earned > 0)
          book.post(
            seat.confirmedAt!,
            {
              kind: 'cashback',
              idempotencyKey: `cashback:${seat.id}`,
              description: 'Cashback da participação',
              userId: u.id,
              salaId: room.id,
              participacaoId: seat.id,
            },
            [
              ['platform_cashback', -earned],
              [cashback, earned],
            ],
          );
        continue;
      }
      const poolKey = `room_pool:${room.id}`;
      if (room.status === 'cancelada') {
        for (const seat of room.seatList.filter((s) => s.status === 'confirmado')) {
          const back = Math.min(seat.fromCashback, t.entry);
          // As the product refunds (draws.service planRefunds): the cashback the entry earned is
          // taken back as far as the player still holds Cashback; the rest is recorded.
          const cashbackKey = `user_cashback:${seat.user.id}`;
          const earned = percentOf(t.entry, config.cashbackBp);
          const reversed = Math.min(earned, book.balance(cashbackKey) + back);
          book.post(
            event.at,
            {
              kind: 'refund',
              idempotencyKey: `refund:${seat.id}`,
              description: `Reembolso: sala ${room.type} cancelada`,
              userId: seat.user.id,
              salaId: room.id,
              participacaoId: seat.id,
              metadata: {
                cashbackEarned: earned,
                cashbackReversed: reversed,
                cashbackUnrecovered: earned - reversed,
              },
            },
            [
              [poolKey, -t.entry],
              [cashbackKey, back],
              [`user_saldo:${seat.user.id}`, t.entry - back],
            ],
          );
          if (reversed > 0)
            book.post(
              event.at,
              {
                kind: 'cashback_reversal',
                idempotencyKey: `cashback-reversal:${seat.id}`,
                description: `Estorno do cashback: sala ${room.type} cancelada`,
                userId: seat.user.id,
                salaId: room.id,
                participacaoId: seat.id,
              },
              [
                [cashbackKey, -reversed],
                ['platform_cashback', reversed],
              ],
            );
        }
        continue;
      }
      // The draw: the pool's fee to the platform, the net prize to the winner's Saldo, then by PIX.
      const winner = room.seatList.find((s) => s.winner)!;
      const pool = book.balance(poolKey);
      const fee = percentOf(pool, t.feeBp);
      const net = pool - fee;
      book.post(
        event.at,
        {
          kind: 'prize',
          idempotencyKey: `prize:${room.id}`,
          description: `Prêmio da sala ${room.type}`,
          userId: winner.user.id,
          salaId: room.id,
          participacaoId: winner.id,
          metadata: { pool, fee, net },
        },
        [
          [poolKey, -pool],
          ['platform_revenue', fee],
          [`user_saldo:${winner.user.id}`, net],
        ],
      );
      const sorteioId = randomUUID();
      draws.push({
        id: sorteioId,
        salaId: room.id,
        userIdVencedor: winner.user.id,
        numeroVencedor: room.draw!.winningNumber,
        winnerIndex: room.draw!.winnerIndex,
        entrantsDigest: room.draw!.entrantsDigest,
        beacon: '',
        valorPremioLiquido: net,
        statusPagamentoPremio: 'confirmado',
        hashProva: room.draw!.hashProva,
        entrants: room.draw!.entrants,
        timestampSorteio: new Date(event.at),
        createdAt: new Date(event.at),
      });
      if (winner.user.chavePix && net > 0) {
        const payoutId = randomUUID();
        const idEnvio = `PR${randomAlphanumeric(30)}`;
        payoutRows.push({
          id: payoutId,
          kind: 'prize',
          userId: winner.user.id,
          sorteioId,
          amount: net,
          pixKey: winner.user.chavePix,
          idEnvio,
          status: 'confirmado',
          attempts: 1,
          nextAttemptAt: new Date(event.at),
          endToEndId: `E${randomAlphanumeric(31)}`,
          createdAt: new Date(event.at),
          updatedAt: new Date(event.at + 20_000),
        });
        book.post(
          event.at,
          {
            kind: 'withdrawal',
            idempotencyKey: `payout:${payoutId}`,
            description: 'Prêmio enviado por PIX',
            userId: winner.user.id,
            metadata: { payoutId, idEnvio },
          },
          [
            [`user_saldo:${winner.user.id}`, -net],
            ['pix_clearing', net],
          ],
        );
      }
    }
    // Seats that expired unpaid had a PIX charge too.
    for (const room of planned)
      for (const seat of room.seatList.filter((s) => s.status === 'cancelado')) {
        seat.txid = randomAlphanumeric(25);
        charge({
          txid: seat.txid,
          purpose: 'participacao',
          userId: seat.user.id,
          participacaoId: seat.id,
          amount: ROOM_TYPES[room.type].entry,
          description: `Participação em sorteio - Sala ${room.type.replace('_', ' ')}`,
          status: 'EXPIRADA',
          expiresAt: new Date(seat.at + 3000 + expirySeconds * 1000),
          createdAt: new Date(seat.at + 3000),
        });
      }
    lap(
      `ledger simulated: ${book.transactions.length} transactions, ${book.entries.length} entries`,
    );

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
