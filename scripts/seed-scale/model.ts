/** The scale seed's options, plan types, constants, PRNG and bulk insert. */
import { type publicRoomTypes, type runDraw } from '@sorteio/shared';
import { getTableName } from 'drizzle-orm';
import type { PgInsertValue, PgTable } from 'drizzle-orm/pg-core';
import { type LedgerAudit } from '../../apps/server/src/modules/wallet/ledger-audit';
import { type Tx } from '../../apps/server/src/modules/wallet/ledger.service';

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
export const EMAIL_DOMAIN = 'scale.sorteiocerto.com.br';

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** The rooms an administrator creates (as the demo's), and how often players pick each type. */
export const ROOM_TYPES: Record<
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
export type RoomType = (typeof publicRoomTypes)[number];

export const TOPUP_AMOUNTS = [2000, 5000, 10000, 20000, 50000, 100000];

// prettier-ignore
export const FIRST_NAMES = [
  'Ana', 'Bruno', 'Camila', 'Carlos', 'Daniela', 'Eduardo', 'Fernanda', 'Felipe', 'Gabriela',
  'Gustavo', 'Helena', 'Igor', 'Isabela', 'João', 'Juliana', 'Lucas', 'Larissa', 'Marcos',
  'Mariana', 'Mateus', 'Natália', 'Otávio', 'Patrícia', 'Paulo', 'Rafael', 'Renata', 'Rodrigo',
  'Sabrina', 'Thiago', 'Vanessa', 'Vinícius', 'Yasmin', 'Letícia', 'André', 'Beatriz', 'Diego',
];
// prettier-ignore
export const LAST_NAMES = [
  'Silva', 'Santos', 'Oliveira', 'Souza', 'Rodrigues', 'Ferreira', 'Alves', 'Pereira', 'Lima',
  'Gomes', 'Costa', 'Ribeiro', 'Martins', 'Carvalho', 'Almeida', 'Lopes', 'Soares', 'Fernandes',
  'Vieira', 'Barbosa', 'Rocha', 'Dias', 'Nascimento', 'Andrade', 'Moreira', 'Nunes', 'Mendes',
];
export const DDDS = ['11', '21', '31', '41', '51', '61', '71', '81', '85', '19', '27', '48'];

/** Small deterministic PRNG (mulberry32): the same seed gives the same plan. */
export function prng(seed: number) {
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
export type Rng = ReturnType<typeof prng>;

/** Appends the two CPF check digits (Receita Federal modulo-11 rule). */
export function cpfFromBase(base: string): string {
  const digits = base.split('').map(Number);
  for (const length of [9, 10]) {
    const sum = digits.slice(0, length).reduce((acc, d, i) => acc + d * (length + 1 - i), 0);
    const rest = sum % 11;
    digits.push(rest < 2 ? 0 : 11 - rest);
  }
  return digits.join('');
}

export interface SeedUser {
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

export interface Seat {
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

export interface PlannedRoom {
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

export type AccountKey = string;

/** Inserts rows in statements of at most ~30,000 parameters. */
export async function insertAll<T extends PgTable>(
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
