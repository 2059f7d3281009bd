/** The plan of the scale seed: the accounts, and the rooms with their seats over time. */
import { randomUUID } from 'node:crypto';
import { publicRoomTypes } from '@sorteio/shared';
import { type Config } from '../../apps/server/src/config';
import {
  DAY,
  EMAIL_DOMAIN,
  FIRST_NAMES,
  HOUR,
  LAST_NAMES,
  MINUTE,
  type PlannedRoom,
  ROOM_TYPES,
  type Rng,
  type RoomType,
  type ScaleOptions,
  type Seat,
  type SeedUser,
} from './model';

export function planUsers(rng: Rng, o: ScaleOptions, now: number, start: number): SeedUser[] {
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
export function eligibleCount(players: SeedUser[], at: number) {
  let lo = 0;
  let hi = players.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (players[mid]!.verifiedAt! < at) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export function pickDistinct(
  rng: Rng,
  prefix: number[],
  k: number,
  n: number,
  taken = new Set<number>(),
) {
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

export function pickType(rng: Rng): RoomType {
  const total = publicRoomTypes.reduce((s, t) => s + ROOM_TYPES[t].popularity, 0);
  let r = rng.next() * total;
  for (const t of publicRoomTypes) {
    r -= ROOM_TYPES[t].popularity;
    if (r < 0) return t;
  }
  return 'bronze';
}

export function newSeat(user: SeedUser, at: number): Seat {
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

export type RoomDraft = Omit<PlannedRoom, 'id' | 'seedHex' | 'commitment' | 'draw'>;

export function planRooms(
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
