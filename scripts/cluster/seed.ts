/**
 * Players and rooms for the cluster's drill and benchmark, written through the product's own code
 * (rooms.service, ledger.service) on the database the copies use: verified adult players with a
 * Saldo granted by the platform (so the ledger audit's checks hold), and small rooms drawn
 * automatically when full.
 */
import { randomUUID } from 'node:crypto';
import type { Config } from '../../apps/server/src/config';
import type { Db } from '../../apps/server/src/db/client';
import { account, profiles, user } from '../../apps/server/src/db/schema';
import { hashPassword } from '../../apps/server/src/lib/password';
import { createPrivateRoom } from '../../apps/server/src/modules/private-rooms/private-rooms.service';
import { createRoom } from '../../apps/server/src/modules/rooms/rooms.service';
import { postTransaction } from '../../apps/server/src/modules/wallet/ledger.service';

export const PLAYER_PASSWORD = 'senha-do-ensaio-1';

export interface SeededPlayer {
  id: string;
  email: string;
}

/** How a seeding names its players and their grant: e-mail domain, names, idempotency key, description. */
export interface SeedLabels {
  domain: string;
  name: string;
  fullName: string;
  keyPrefix: string;
  description: string;
}

const DRILL_LABELS: SeedLabels = {
  domain: 'ensaio.sorteiocerto.com.br',
  name: 'Ensaio',
  fullName: 'Jogador do Ensaio',
  keyPrefix: 'cluster',
  description: 'Saldo do ensaio',
};

/**
 * `count` verified players with `balance` centavos of Saldo each, in batches of 100; `hash` is
 * their password's hash (by default that of PLAYER_PASSWORD).
 */
export async function seedPlayers(
  db: Db,
  tag: string,
  count: number,
  balance: number,
  hash?: string,
  labels: SeedLabels = DRILL_LABELS,
): Promise<SeededPlayer[]> {
  const passwordHash = hash ?? (await hashPassword(PLAYER_PASSWORD));
  const players: SeededPlayer[] = [];
  for (let from = 0; from < count; from += 100) {
    const batch = Array.from({ length: Math.min(100, count - from) }, () => {
      const id = randomUUID();
      return { id, email: `${tag}-${id.slice(0, 8)}@${labels.domain}` };
    });
    await db
      .insert(user)
      .values(
        batch.map((p) => ({ id: p.id, email: p.email, name: labels.name, emailVerified: true })),
      );
    await db.insert(account).values(
      batch.map((p) => ({
        id: randomUUID(),
        accountId: p.id,
        providerId: 'credential',
        userId: p.id,
        password: passwordHash,
      })),
    );
    await db.insert(profiles).values(
      batch.map((p) => ({
        id: p.id,
        nomeCompleto: labels.fullName,
        isVerified: true,
        dataNascimento: '1990-01-01',
      })),
    );
    // A grant from the platform, as the demo seed's Saldo: no PIX came in, so the ledger audit's
    // "money in by PIX" check holds on these databases too.
    await postTransaction(db, {
      kind: 'grant',
      idempotencyKey: `${labels.keyPrefix}:${tag}:${from}`,
      description: labels.description,
      entries: [
        { account: { kind: 'platform_grants' }, amount: -balance * batch.length },
        ...batch.map((p) => ({
          account: { kind: 'user_saldo' as const, userId: p.id },
          amount: balance,
        })),
      ],
    });
    players.push(...batch);
  }
  return players;
}

/** Rooms of `seats` seats at `entry` centavos: each is drawn when its last seat is paid. */
export async function seedRooms(db: Db, count: number, seats: number, entry = 100) {
  const rooms: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const room = await createRoom({
      db,
      input: {
        tipoSala: 'prata',
        valorEntradaCentavos: entry,
        maxParticipantes: seats,
        taxaBp: 1000,
      },
    });
    rooms.push(room.id);
  }
  return rooms;
}

/** A private room created by each player, for the mixed load's chat (player id -> room id). */
export async function seedChatRooms(db: Db, config: Config, players: SeededPlayer[]) {
  const rooms = new Map<string, string>();
  for (const p of players) {
    const room = await createPrivateRoom({
      db,
      config,
      creatorId: p.id,
      input: { roomName: 'Bolão do ensaio', entryValue: 1000, maxParticipants: 10 },
    });
    rooms.set(p.id, room.id);
  }
  return rooms;
}
