/**
 * The players, rooms and joins of `npm run bench` (index.ts): seeded straight into the database,
 * with session cookies minted the way the auth library signs them.
 */
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { type Db } from '../../apps/server/src/db/client';
import { session } from '../../apps/server/src/db/schema';
import {
  type SeedLabels,
  seedPlayers as seedSaldoPlayers,
  seedRooms as seedCompactRooms,
} from '../cluster/seed';
import { signInPlayers } from '../cluster/mixed-load';
import type { LoadRequest } from './load';

export const PASSWORD = 'senha-de-bench-1';
/** 50 concurrent clients, each a player of its own, over 50 rooms. */
export const CLIENTS = 50;
export const ROOMS = 50;
/** Joins per client (each into another room): CLIENTS × this joins per run. */
export const JOINS_PER_CLIENT = 50;
/**
 * Joins per client sent first, into rooms of their own, and not measured (BENCH_WARMUP): the
 * first requests after the server starts meet cold code, new database connections and statements
 * not yet prepared; the baseline's callers warm up the same way. Their figures are in the notes.
 */
export const WARMUP_PER_CLIENT = Number(process.env.BENCH_WARMUP ?? 5);
export const HOT_PLAYERS = 1000;
export const HOT_SEATS = 100;
export const READS = 5000;
export const ENTRY = 100;

export interface Player {
  id: string;
  email: string;
  cookie: string;
}

export const SESSION_COOKIE = 'sorteio.session_token';

/** The auth library's signed cookie value: `token.base64(HMAC-SHA256(secret, token))`, URI-encoded. */
export const signedToken = (token: string, secret: string) =>
  encodeURIComponent(`${token}.${createHmac('sha256', secret).update(token).digest('base64')}`);

const BENCH_LABELS: SeedLabels = {
  domain: 'bench.sorteiocerto.com.br',
  name: 'Bench',
  fullName: 'Jogador Bench',
  keyPrefix: 'bench',
  description: 'Saldo do benchmark',
};

/**
 * Players with a verified identity and `balance` centavos of Saldo (one grant per 100). With
 * `appSecret`, each also gets a session row and its signed cookie, as a sign-in would leave them
 * (the 1,000 players of the hot room: 1,000 password checks would take minutes); the method is
 * checked against a real sign-in's cookie before it is used (`checkMintedCookies`).
 */
export async function seedPlayers(
  db: Db,
  tag: string,
  count: number,
  balance: number,
  hash: string,
  appSecret?: string,
): Promise<Player[]> {
  const seeded = await seedSaldoPlayers(db, tag, count, balance, hash, BENCH_LABELS);
  const players: Player[] = seeded.map((p) => ({ ...p, cookie: '' }));
  if (!appSecret) return players;
  for (let from = 0; from < players.length; from += 100) {
    const batch = players.slice(from, from + 100);
    const now = new Date();
    const rows = batch.map((p) => ({
      id: randomUUID(),
      token: randomBytes(24).toString('base64url'),
      userId: p.id,
      expiresAt: new Date(now.getTime() + 86_400_000),
      ipAddress: '127.0.0.1',
      userAgent: 'bench',
      createdAt: now,
      updatedAt: now,
    }));
    await db.insert(session).values(rows);
    rows.forEach((r, i) => {
      batch[i]!.cookie = `${SESSION_COOKIE}=${signedToken(r.token, appSecret)}`;
    });
  }
  return players;
}

/** Rooms of `seats` seats at ENTRY centavos. */
export const seedRooms = (db: Db, count: number, seats: number) =>
  seedCompactRooms(db, count, seats, ENTRY);

export async function signInAll(base: string, players: Player[], concurrency: number) {
  const cookies = new Map(
    (await signInPlayers(base, players, concurrency, PASSWORD)).map((p) => [p.email, p.cookie]),
  );
  for (const p of players) p.cookie = cookies.get(p.email)!;
}

/** Fails unless a cookie from a real sign-in is signed the way the minted ones are. */
export function checkMintedCookies(signedIn: Player, appSecret: string) {
  const value = signedIn.cookie.match(
    new RegExp(`${SESSION_COOKIE.replace('.', '\\.')}=([^;]+)`),
  )?.[1];
  const token = value ? decodeURIComponent(value).split('.')[0] : undefined;
  if (!value || !token || signedToken(token, appSecret) !== value)
    throw new Error(
      `the session cookie of a sign-in (${signedIn.cookie}) is not signed as the benchmark mints them: update signedToken`,
    );
}

/** Client c's j-th join goes to room (c + j) mod ROOMS: at any moment the clients are spread. */
export function joinPairs(
  players: Player[],
  rooms: string[],
  perClient = JOINS_PER_CLIENT,
): [Player, string][] {
  const pairs: [Player, string][] = [];
  for (let j = 0; j < perClient; j += 1)
    for (let c = 0; c < CLIENTS; c += 1) pairs.push([players[c]!, rooms[(c + j) % rooms.length]!]);
  return pairs;
}

export const joinRequest = (p: Player, roomId: string): LoadRequest => ({
  method: 'POST',
  path: `/api/rooms/${roomId}/join`,
  cookie: p.cookie,
  body: '{"metodo":"balance"}',
});
