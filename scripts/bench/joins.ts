/**
 * Issue "public rooms, PIX and the wallet": 50 concurrent clients joining rooms paid from the
 * balance through the HTTP API with real sessions, against the same database work as a raw SQL
 * transaction loop; and a hot room (1,000 simultaneous attempts for 100 seats).
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { App } from '../../apps/server/src/lib/fastify';
import { account, profiles, salas, user } from '../../apps/server/src/db/schema';
import { hashPassword } from '../../apps/server/src/lib/password';
import { createRoom, joinRoom } from '../../apps/server/src/modules/rooms/rooms.service';
import { postTransaction } from '../../apps/server/src/modules/wallet/ledger.service';
import { type LoadResult, runLoad } from './harness';

const USERS = 100;
const ROOMS = 50;

async function makePlayers(app: App, count: number, withSessions: string | null) {
  const db = app.database.db;
  const hash = await hashPassword('senha-de-bench-1');
  const players: { id: string; email: string; cookie: string }[] = [];
  for (let i = 0; i < count; i += 1) {
    const id = randomUUID();
    const email = `join-${id.slice(0, 8)}@bench.sorteiocerto.com.br`;
    await db.insert(user).values({ id, email, name: 'bench', emailVerified: true });
    await db.insert(account).values({
      id: randomUUID(),
      accountId: id,
      providerId: 'credential',
      userId: id,
      password: hash,
    });
    await db.insert(profiles).values({
      id,
      nomeCompleto: 'Jogador Bench',
      isVerified: true,
      dataNascimento: '1990-01-01',
    });
    await postTransaction(db, {
      kind: 'topup',
      idempotencyKey: `bench:${id}`,
      description: 'bench',
      userId: id,
      entries: [
        { account: { kind: 'pix_clearing' }, amount: -10_000_000 },
        { account: { kind: 'user_saldo', userId: id }, amount: 10_000_000 },
      ],
    });
    let cookie = '';
    if (withSessions) {
      const res = await fetch(`${withSessions}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          origin: app.config.baseUrl,
          'x-forwarded-for': `10.9.${i >> 8}.${i & 255}`,
        },
        body: JSON.stringify({ email, password: 'senha-de-bench-1' }),
      });
      cookie = res.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
    }
    players.push({ id, email, cookie });
  }
  return players;
}

async function makeRooms(app: App, count: number, seats: number) {
  const rooms: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const r = await createRoom({
      db: app.database.db,
      input: {
        tipoSala: 'prata',
        valorEntradaCentavos: 100,
        maxParticipantes: seats,
        taxaBp: 1000,
      },
    });
    rooms.push(r.id);
  }
  return rooms;
}

/** The join's database work as plain SQL in one transaction (the baseline the API is compared to). */
async function rawJoin(app: App, userId: string, roomId: string) {
  await app.database.db.transaction(async (tx) => {
    const [room] = await tx
      .select()
      .from(salas)
      .where(sql`${salas.id} = ${roomId}`)
      .for('update');
    if (!room || room.participantesAtual >= room.maxParticipantes) throw new Error('full');
    await tx.execute(
      sql`select id from participacoes where sala_id = ${roomId} and user_id = ${userId} and status_pagamento <> 'cancelado'`,
    );
    const numero = `R${randomUUID().slice(0, 7)}`;
    const inserted = await tx.execute(
      sql`insert into participacoes (user_id, sala_id, numero_sorte, valor_pago, status_pagamento, metodo_pagamento, confirmed_at)
          values (${userId}, ${roomId}, ${numero}, 100, 'confirmado', 'balance', now()) returning id`,
    );
    const [p] = (inserted as { rows: { id: string }[] }).rows;
    await tx.execute(
      sql`update salas set participantes_atual = participantes_atual + 1 where id = ${roomId}`,
    );
    await postTransaction(tx, {
      kind: 'entry_balance',
      idempotencyKey: `raw:${p!.id}`,
      description: 'raw',
      userId,
      salaId: roomId,
      participacaoId: p!.id,
      entries: [
        { account: { kind: 'user_saldo', userId }, amount: -100 },
        { account: { kind: 'room_pool', salaId: roomId }, amount: 100 },
      ],
    });
  });
}

export async function benchJoins(
  app: App,
  base: string,
  label: string,
): Promise<{ rows: LoadResult[]; notes: string[]; sampleCookie: string }> {
  const players = await makePlayers(app, USERS, base);
  const apiRooms = await makeRooms(app, ROOMS, 1000);
  const pairs = apiRooms.flatMap((roomId) => players.map((p) => ({ roomId, p })));
  const api = await runLoad({
    name: `${label}: join via API (50 clients)`,
    clients: 50,
    total: pairs.length,
    task: async (_c, i) => {
      const { roomId, p } = pairs[i]!;
      const res = await fetch(`${base}/api/rooms/${roomId}/join`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          origin: app.config.baseUrl,
          cookie: p.cookie,
        },
        body: JSON.stringify({ metodo: 'balance' }),
      });
      if (res.status !== 200) throw new Error(`join ${res.status}: ${await res.text()}`);
      await res.arrayBuffer();
    },
  });
  const rawRooms = await makeRooms(app, ROOMS, 1000);
  const rawPairs = rawRooms.flatMap((roomId) => players.map((p) => ({ roomId, p })));
  const raw = await runLoad({
    name: `${label}: same work as raw SQL (50 callers)`,
    clients: 50,
    total: rawPairs.length,
    task: (_c, i) => rawJoin(app, rawPairs[i]!.p.id, rawPairs[i]!.roomId),
  });
  // Hot room: 1,000 different players at once for 100 seats (through the join service).
  const crowd = await makePlayers(app, 1000, null);
  const [hot] = await makeRooms(app, 1, 100);
  const start = performance.now();
  const results = await Promise.allSettled(
    crowd.map((p) =>
      joinRoom({
        db: app.database.db,
        config: app.config,
        userId: p.id,
        salaId: hot!,
        metodo: 'balance',
      }),
    ),
  );
  const ms = performance.now() - start;
  const seated = results.filter((r) => r.status === 'fulfilled').length;
  const [room] = await app.database.db
    .select()
    .from(salas)
    .where(sql`${salas.id} = ${hot}`);
  return {
    sampleCookie: players[0]!.cookie,
    rows: [api, raw],
    notes: [
      `${label}: API/raw throughput ratio ${(api.perSecond / raw.perSecond).toFixed(2)} (p50 ${(api.p50 / raw.p50).toFixed(2)}x)`,
      `${label}: hot room, 1000 simultaneous attempts for 100 seats: ${seated} seated, room count ${room?.participantesAtual}, status ${room?.status}, ${ms.toFixed(0)} ms`,
    ],
  };
}
