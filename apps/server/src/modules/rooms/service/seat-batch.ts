/**
 * Queued public seats paid from the balance, of one room or of many, taken in ONE transaction
 * (seat-queue.ts forms the batches), each judged by the seat rules as a join on its own would be.
 */
import type { Participation, Room } from '@sorteio/shared';
import { type SQL, asc, eq, sql } from 'drizzle-orm';
import type { Config } from '../../../config';
import type { Db } from '../../../db/client';
import { compiled } from '../../../db/compiled';
import { type RowInsert, writesAsStatements } from '../../../db/row-insert';
import { participacoes, responsiblePlay, salas, user } from '../../../db/schema';
import type { AppError } from '../../../lib/errors';
import {
  type IdempotencyClaim,
  IdempotencyKeyTaken,
  claimKeys,
  settleKeys,
} from '../../../lib/idempotency';
import { mayPlayEach, playRowFields } from '../../responsible-play/responsible-play.service';
import { type Tx, lockAccounts, moneyTransaction, postTransactions } from '../../wallet';
import { closeIfComplete, entryAccounts, entryPosts, splitEntry } from './entry-payment';
import { luckyNumber, toParticipation, toRoom } from './room-records';
import { rememberStatus } from './room-turns';
import { PUBLIC_SEAT } from './seat-access';
import {
  type JoinMessages,
  freeSeatsOf,
  roomRefusal,
  seatRefusal,
  seatRefusals,
} from './seat-rules';

export type JoinResult = { participation: Participation; room: Room };

/** A public seat paid from the balance, waiting for its turn. */
export interface QueuedSeat {
  roomId: string;
  userId: string;
  messages: JoinMessages;
  alongside: (SQL | RowInsert)[];
  seatNotice?: SQL;
  /** The request's idempotency key (joinRoom's `claim`). */
  claim?: IdempotencyClaim;
  /** The join on its own (joinRoom's transaction), when its turn comes with nobody else. */
  alone: () => Promise<JoinResult>;
  settle: { resolve: (r: JoinResult) => void; reject: (e: unknown) => void };
}

// The statements of a batch of seats, each compiled once with its lists as array parameters: the
// same parsed and planned statement for a batch of any size, and nothing to build per batch.

/** The rooms' rows, locked in id order (a batch's first statement). */
const lockRooms = compiled('join_lock_rooms', (db, name) =>
  db
    .select()
    .from(salas)
    .where(sql`${salas.id} = any(${sql.placeholder('ids')}::uuid[])`)
    .orderBy(asc(salas.id))
    .for('update')
    .prepare(name),
);

/**
 * Several players' responsible-play rows locked in user id order (as `mayPlayEach` locks them),
 * each with the rooms among `roomIds` where the player holds a seat: "already in" read by the same
 * statement as the locks. Run after the rooms' rows are locked, so its snapshot sees every seat
 * taken in those rooms before (a seat is only taken under its room's lock, decision 007).
 */
const lockPlayersHolding = compiled('join_lock_players_held', (db, name) =>
  db
    .select({
      ...playRowFields,
      held: sql<
        string[]
      >`(select coalesce(json_agg(${participacoes.salaId}), '[]'::json) from ${participacoes} where ${participacoes.userId} = ${responsiblePlay.userId} and ${participacoes.salaId} = any(${sql.placeholder('roomIds')}::uuid[]) and ${participacoes.statusPagamento} <> 'cancelado')`,
    })
    .from(responsiblePlay)
    .innerJoin(user, eq(user.id, responsiblePlay.userId))
    .where(sql`${responsiblePlay.userId} = any(${sql.placeholder('userIds')}::text[])`)
    .orderBy(asc(responsiblePlay.userId))
    .for('update', { of: responsiblePlay })
    .prepare(name),
);

/**
 * Seats paid from the balance, one per row of the arrays (players, rooms, lucky numbers, prices),
 * confirmed at `confirmedAt`; a seat whose number is taken in its room inserts nothing
 * (participacoes_numero_idx). The select gives every column, in the table's order.
 */
const insertSeatsPaid = compiled('join_insert_seats_each', (db, name) =>
  db
    .insert(participacoes)
    .select(
      sql`select gen_random_uuid(), s.user_id, s.sala_id, s.numero_sorte, s.valor_pago, 'confirmado', 'balance', false, null, null, ${sql.placeholder('confirmedAt')}::timestamptz, now(), now()
            from unnest(${sql.placeholder('userIds')}::text[], ${sql.placeholder('roomIds')}::uuid[], ${sql.placeholder('numbers')}::text[], ${sql.placeholder('prices')}::bigint[])
              as s(user_id, sala_id, numero_sorte, valor_pago)`,
    )
    .onConflictDoNothing()
    .returning()
    .prepare(name),
);

const countSeat = (held: Map<string, number>, key: string) =>
  held.set(key, (held.get(key) ?? 0) + 1);

/**
 * Takes several queued public seats paid from the balance, of one room or of many, in ONE
 * transaction, with the checks and answers each would get on its own (joinRoom), in the lock order
 * of decision 007: the rooms' rows locked in one statement; the players' responsible-play rows in
 * one, which reads "already in" too; every player's Cashback and Saldo and the rooms' pools locked in
 * one sorted statement; the seats inserted in one; the entries, cashback, seat counts, security log
 * rows and live updates written in one. Each seat gets its result or its refusal (refused seats
 * write nothing); the results show the room as it was right after that seat, the room's last seat
 * as the transaction left it (closed when it filled the room).
 */
export async function seatBatch(
  db: Db,
  config: Config,
  batch: QueuedSeat[],
): Promise<(JoinResult | AppError | IdempotencyKeyTaken)[]> {
  return moneyTransaction(db, async (tx) => {
    // The seats' idempotency keys first (joinRoom's claimKey, one statement): a seat whose key
    // another request committed takes nothing and gets that request's answer (`idempotent`).
    const claims = batch.flatMap((seat) => (seat.claim ? [seat.claim] : []));
    const claimed = await claimKeys(tx, claims);
    const outcome: (JoinResult | AppError | IdempotencyKeyTaken | undefined)[] = batch.map(
      (seat) => (seat.claim && !claimed.has(seat.claim) ? new IdempotencyKeyTaken() : undefined),
    );
    const outcomes = await takeSeats(tx, config, batch, outcome);
    // The answers of the seats taken are stored with their keys; the keys of the seats refused are
    // freed, as their own rolled-back transaction would have left them.
    await settleKeys(
      tx,
      batch.flatMap((seat, i) =>
        seat.claim && claimed.has(seat.claim) && !(outcomes[i] instanceof Error)
          ? [{ claim: seat.claim, body: outcomes[i] }]
          : [],
      ),
      batch.flatMap((seat, i) =>
        seat.claim && claimed.has(seat.claim) && outcomes[i] instanceof Error ? [seat.claim] : [],
      ),
    );
    return outcomes;
  });
}

/** The seats of a batch, in the batch's transaction (seatBatch): each seat's result or refusal. */
async function takeSeats(
  tx: Tx,
  config: Config,
  batch: QueuedSeat[],
  outcome: (JoinResult | AppError | IdempotencyKeyTaken | undefined)[],
): Promise<(JoinResult | AppError | IdempotencyKeyTaken)[]> {
  const refuse = (i: number, error: AppError) => {
    outcome[i] ??= error;
  };
  const open = () => batch.flatMap((_, i) => (outcome[i] === undefined ? [i] : []));
  const done = () => outcome as (JoinResult | AppError | IdempotencyKeyTaken)[];
  const roomIds = [...new Set(batch.map((seat) => seat.roomId))];
  const rooms = new Map((await lockRooms(tx, { ids: roomIds })).map((room) => [room.id, room]));
  const roomOf = (i: number) => rooms.get(batch[i]!.roomId)!;
  // Only the players of rooms they may reach have their responsible-play rows locked.
  for (const [i, seat] of batch.entries()) {
    const refusal = await roomRefusal(tx, rooms.get(seat.roomId), PUBLIC_SEAT, seat.messages);
    if (refusal) refuse(i, refusal);
  }
  if (open().length === 0) return done();
  const { verdicts, rows: players } = await mayPlayEach(tx, {
    plays: open().map((i) => ({
      userId: batch[i]!.userId,
      amountCentavos: roomOf(i).valorEntrada,
    })),
    kind: 'spending',
    lock: (userIds) => lockPlayersHolding(tx, { userIds, roomIds }),
  });
  /** The seat rules on seat i, with the seats its room has left in this transaction. */
  const judge = async (i: number, freeSeats?: number) => {
    const { roomId, userId, messages } = batch[i]!;
    const refusal = await seatRefusal(tx, rooms.get(roomId), {
      access: PUBLIC_SEAT,
      messages,
      mayPlay: () => verdicts.get(userId) ?? null,
      holdsSeat: players.get(userId)!.held.includes(roomId),
      freeSeats,
    });
    if (refusal?.reason === 'ROOM_NOT_OPEN')
      rememberStatus(roomId, roomOf(i).tipoSala, roomOf(i).status);
    if (refusal) refuse(i, refusal);
    return refusal;
  };
  for (const i of open()) await judge(i);
  // Then, in arrival order: a free seat in the room (seats taken before it count), then the
  // balance to pay it.
  const free = new Map([...rooms.values()].map((room) => [room.id, freeSeatsOf(room)]));
  const accepted: { i: number; split: { fromCashback: number; fromSaldo: number } }[] = [];
  if (open().length > 0) {
    const locked = await lockAccounts(
      tx,
      entryAccounts(
        [...new Set(open().map((i) => batch[i]!.roomId))],
        open().map((i) => batch[i]!.userId),
      ),
    );
    for (const i of open()) {
      const { roomId, userId } = batch[i]!;
      if (await judge(i, free.get(roomId))) continue;
      const split = splitEntry(locked, userId, roomOf(i).valorEntrada);
      if (!split) refuse(i, seatRefusals.insufficientBalance());
      else {
        accepted.push({ i, split });
        free.set(roomId, free.get(roomId)! - 1);
      }
    }
  }
  if (accepted.length === 0) return done();
  // The seats, each with a lucky number of its own: a number already taken in the room inserts
  // nothing (participacoes_numero_idx), and that seat tries another.
  const now = new Date();
  const created = new Map<string, typeof participacoes.$inferSelect>();
  const numbers = new Set<string>();
  for (let attempt = 0; created.size < accepted.length; attempt += 1) {
    if (attempt === 20) throw new Error('no free lucky number after 20 attempts');
    const values = accepted
      .filter(({ i }) => !created.has(batch[i]!.userId))
      .map(({ i }) => {
        const { roomId, userId } = batch[i]!;
        const room = roomOf(i);
        let numeroSorte: string;
        do numeroSorte = luckyNumber(room.tipoSala, now.getTime() + attempt);
        while (numbers.has(`${roomId}:${numeroSorte}`));
        numbers.add(`${roomId}:${numeroSorte}`);
        return { userId, roomId, numeroSorte, valorPago: room.valorEntrada };
      });
    for (const row of await insertSeatsPaid(tx, {
      userIds: values.map((v) => v.userId),
      roomIds: values.map((v) => v.roomId),
      numbers: values.map((v) => v.numeroSorte),
      prices: values.map((v) => v.valorPago),
      confirmedAt: now.toISOString(),
    }))
      created.set(row.userId, row);
  }
  // The entries and their cashback, the seat counts (their RETURNING sends the live updates with
  // the commit) and each seat's own writes (the security log rows): ONE statement.
  const taken = new Map<string, number>();
  for (const { i } of accepted) countSeat(taken, batch[i]!.roomId);
  const seatNotice = batch.find((seat) => seat.seatNotice)?.seatNotice;
  const counts = sql.join(
    [...taken].map(([roomId, n]) => sql`(${roomId}::uuid, ${n}::int)`),
    sql`, `,
  );
  await postTransactions(
    tx,
    accepted.flatMap(({ i, split }) =>
      entryPosts(config, created.get(batch[i]!.userId)!, roomOf(i).tipoSala, split),
    ),
    [
      sql`update ${salas} set ${sql.identifier(salas.participantesAtual.name)} = ${salas.participantesAtual} + taken.n, ${sql.identifier(salas.updatedAt.name)} = ${now} from (values ${counts}) as taken(id, n) where ${salas.id} = taken.id${seatNotice ? sql` returning ${seatNotice}` : sql``}`,
      ...writesAsStatements(accepted.flatMap(({ i }) => batch[i]!.alongside)),
    ],
  );
  const after = (room: typeof salas.$inferSelect, n: number) => ({
    ...room,
    participantesAtual: room.participantesAtual + n,
    updatedAt: now,
  });
  const last = new Map<string, typeof salas.$inferSelect>();
  for (const [roomId, n] of taken) {
    let room = after(rooms.get(roomId)!, n);
    if (await closeIfComplete(tx, roomId, room))
      room = (await tx.select().from(salas).where(eq(salas.id, roomId)))[0]!;
    last.set(roomId, room);
  }
  const seen = new Map<string, number>();
  for (const { i } of accepted) {
    const { roomId, userId } = batch[i]!;
    countSeat(seen, roomId);
    const k = seen.get(roomId)!;
    outcome[i] = {
      participation: toParticipation(created.get(userId)!),
      room: toRoom(k === taken.get(roomId) ? last.get(roomId)! : after(rooms.get(roomId)!, k)),
    };
  }
  return done();
}
