/** Joining a room: one seat, paid from the balance or held for PIX (spec 000 sections 4 and 5). */
import { type PaymentMethod, joinMessages } from '@sorteio/shared';
import { type SQL, and, eq, ne, sql } from 'drizzle-orm';
import type { Config } from '../../../config';
import type { Db } from '../../../db/client';
import { first } from '../../../db/priority-pool';
import { type RowInsert, writesAsStatements } from '../../../db/row-insert';
import { participacoes, profiles, salas, user } from '../../../db/schema';
import {
  type IdempotencyClaim,
  type IdempotentAnswer,
  claimKey,
  idempotencyClaim,
  idempotent,
  storeAnswer,
} from '../../../lib/idempotency';
import { publicRoomSeatsNotice } from '../../../realtime/room-events';
import { assertMayPlay, checkMayPlay } from '../../responsible-play/responsible-play.service';
import { type ClientInfo, securityEventInsert } from '../../security/security.service';
import { adoptLocked, moneyTransaction } from '../../wallet';
import { payEntryFromBalance } from './entry-payment';
import {
  insertSeatHeld,
  insertSeatPaid,
  lockBalanceJoin,
  lockRoom,
  writeTogether,
} from './join-statements';
import { luckyNumber, toParticipation, toRoom } from './room-records';
import { inRoomQueue, isClosedForGood, rememberStatus } from './room-turns';
import { PUBLIC_SEAT, type SeatAccess } from './seat-access';
import type { JoinResult } from './seat-batch';
import { queueSeat } from './seat-queue';
import {
  type JoinMessages,
  assertMayJoin,
  refusalOf,
  seatRefusal,
  seatRefusals,
} from './seat-rules';

/** How balance joins took their locks (for the tests): in one statement, or one by one. */
export const balanceJoinLocks = { together: 0, oneByOne: 0 };

/** The joining player's standing, as the request's session read it. */
export interface JoinCaller {
  role: string;
  isVerified: boolean;
  statusConta: string | null;
}

/**
 * Joins a room in one database transaction: the room row is locked, so the seat count can never
 * pass max_participantes and a lucky number is unique; a user never holds two seats (also a unique
 * index). Paid from the balance: confirmed at once (Cashback first, then Saldo). By PIX: the seat
 * is held as pendente until `expiresAt`. Whether the player may take the seat is the seat rules'
 * answer (seat-rules.ts).
 */
export async function joinRoom({
  db,
  config,
  userId,
  roomId,
  metodo,
  access = PUBLIC_SEAT,
  messages = joinMessages,
  luckyNumberOf,
  caller,
  alongside = [],
  seatNotice,
  claim,
}: {
  db: Db;
  config: Config;
  userId: string;
  roomId: string;
  metodo: PaymentMethod;
  /**
   * How the caller reached the room, checked by the one seat guard (seat-access.ts). Public by
   * default: a private room's seats then answer 404.
   */
  access?: SeatAccess;
  /** Private rooms answer with their own texts (spec 001 section 5). */
  messages?: JoinMessages;
  /** Private rooms give lucky numbers of their own shape (spec 001 section 3). */
  luckyNumberOf?: (attempt: number) => string;
  /**
   * Who is joining as this request's session read them (role, identity check, account status):
   * saves reading them again. Without it they are read here.
   */
  caller?: JoinCaller;
  /**
   * The caller's own writes that belong with the seat (the security log row): committed in the
   * same database transaction, sent in the same statement as the seat's last writes.
   */
  alongside?: (SQL | RowInsert)[];
  /**
   * An expression on the room row evaluated by the statement that counts the seat (its
   * RETURNING): the live update's NOTIFY, sent with the commit.
   */
  seatNotice?: SQL;
  /**
   * The request's idempotency key: taken first in the seat's transaction, with the answer stored
   * last (run by `idempotent`, which answers a retry).
   */
  claim?: IdempotencyClaim;
}): Promise<JoinResult> {
  // Without the session's reading, one statement reads who is joining and a public room's status:
  // a room seen closed is refused here, without queueing for its lock (a full room's crowd).
  // Private rooms go through the seat rules in the transaction, so this never tells whether one
  // exists. With the session's reading, a public room this process has seen closed for good is
  // refused from memory and any other closed one under its lock.
  const [who] = caller
    ? [{ ...caller, publicRoomStatus: null as string | null }]
    : await db
        .select({
          role: user.role,
          isVerified: profiles.isVerified,
          statusConta: profiles.statusConta,
          publicRoomStatus: sql<
            string | null
          >`(select ${salas.status} from ${salas} where ${salas.id} = ${roomId} and ${salas.tipoSala} <> 'privada')`,
        })
        .from(user)
        .leftJoin(profiles, eq(profiles.id, user.id))
        .where(eq(user.id, userId));
  assertMayJoin(who);
  if (access.kind === 'public') {
    // who.publicRoomStatus is null for a private room's record: it goes to the seat rules.
    rememberStatus(roomId, null, who.publicRoomStatus);
    if (who.publicRoomStatus && who.publicRoomStatus !== 'aberta')
      throw seatRefusals.notOpen(messages);
  }
  const byBalance = metodo === 'balance';
  const joinLocked = () =>
    moneyTransaction(db, async (tx) => {
      await claimKey(tx, claim);
      const together = byBalance ? await lockBalanceJoin(tx, { roomId, userId }) : [];
      const [locks] = together.length === 3 ? together : [];
      if (byBalance) balanceJoinLocks[locks ? 'together' : 'oneByOne'] += 1;
      const [room] = locks ? [locks.room] : await lockRoom(tx, { roomId });
      const holdsSeat = async () =>
        (
          await tx
            .select({ id: participacoes.id })
            .from(participacoes)
            .where(
              and(
                eq(participacoes.salaId, roomId),
                eq(participacoes.userId, userId),
                ne(participacoes.statusPagamento, 'cancelado'),
              ),
            )
        ).length > 0;
      const refusal = await seatRefusal(tx, room, {
        access,
        messages,
        // Responsible play under the player's lock, at the room's price.
        mayPlay: ({ valorEntrada }) => {
          const spending = { userId, kind: 'spending', amountCentavos: valorEntrada } as const;
          return refusalOf(() =>
            locks
              ? checkMayPlay(tx, locks, { ...spending, now: new Date() })
              : assertMayPlay(tx, spending),
          );
        },
        holdsSeat,
      });
      if (refusal?.reason === 'ROOM_NOT_OPEN') rememberStatus(roomId, room!.tipoSala, room!.status);
      if (refusal || !room) throw refusal ?? seatRefusals.notFound(messages);
      // The room row is locked: no other join of this room runs now. The insert itself refuses a
      // second seat and a lucky number already taken in the room (the unique indexes
      // participacoes_one_seat_idx and participacoes_numero_idx): when it inserts nothing, the
      // player either holds a seat already or the number was taken, and the next one is tried.
      const nextNumber = (attempt: number) =>
        luckyNumberOf?.(attempt) ?? luckyNumber(room.tipoSala, Date.now() + attempt);
      const now = new Date();
      let created: typeof participacoes.$inferSelect | undefined;
      for (let attempt = 0; !created; attempt += 1) {
        if (attempt === 20) throw new Error('no free lucky number after 20 attempts');
        const seat = {
          userId,
          roomId,
          numeroSorte: nextNumber(attempt),
          valorPago: room.valorEntrada,
          metodoPagamento: metodo,
        };
        [created] = byBalance
          ? await insertSeatPaid(tx, { ...seat, confirmedAt: now })
          : await insertSeatHeld(tx, {
              ...seat,
              expiresAt: new Date(now.getTime() + config.pix.seatHoldSeconds * 1000),
            });
        if (!created && (await holdsSeat())) throw seatRefusals.alreadyIn(messages);
      }
      // The seat count, written with the seat's last statement (below); the row is locked, so
      // the room after it is known without reading it back.
      const seatCount = sql`update ${salas} set ${sql.identifier(salas.participantesAtual.name)} = ${salas.participantesAtual} + 1, ${sql.identifier(salas.updatedAt.name)} = ${now} where ${salas.id} = ${roomId}${seatNotice ? sql` returning ${seatNotice}` : sql``}`;
      let after: typeof salas.$inferSelect = {
        ...room,
        participantesAtual: room.participantesAtual + 1,
        updatedAt: now,
      };
      if (byBalance) {
        const closed = await payEntryFromBalance(tx, config, {
          participation: created,
          tipoSala: room.tipoSala,
          room: after,
          locked:
            locks &&
            adoptLocked(
              tx,
              together.map((row) => row.account),
            ),
          alongside: writesAsStatements([seatCount, ...alongside]),
        });
        if (closed) after = (await tx.select().from(salas).where(eq(salas.id, roomId)))[0]!;
      } else {
        await writeTogether(tx, writesAsStatements([seatCount, ...alongside]));
      }
      return storeAnswer(tx, claim, {
        participation: toParticipation(created),
        room: toRoom(after),
      });
    });
  // A public seat paid from the balance may be taken together with the other seats queued
  // meanwhile, of its room or others (seatBatch); any other join waits its room's turn.
  const result =
    access.kind === 'public' && byBalanceAlone(metodo, caller, luckyNumberOf)
      ? await queueSeat(db, config, {
          roomId,
          userId,
          messages,
          alongside,
          seatNotice,
          claim,
          alone: joinLocked,
        })
      : await inRoomQueue(roomId, () => {
          // Seen closed while this join waited its turn.
          if (access.kind === 'public' && isClosedForGood(roomId))
            throw seatRefusals.notOpen(messages);
          // Its turn came: its connection before the session reads of callers still arriving.
          return first(joinLocked);
        });
  rememberStatus(roomId, result.room.tipoSala, result.room.status);
  return result;
}

const byBalanceAlone = (
  metodo: PaymentMethod,
  caller: JoinCaller | undefined,
  luckyNumberOf: ((attempt: number) => string) | undefined,
) => metodo === 'balance' && caller !== undefined && luckyNumberOf === undefined;

/**
 * A player joins a public room (POST /api/rooms/:id/join): the live update of the room's seats
 * and the player's security log row go with the seat's commit. Under an idempotency key, a retry
 * gets the first join's answer (replayed) and takes no second seat.
 */
export async function joinPublicRoom({
  db,
  config,
  userId,
  roomId,
  metodo,
  caller,
  client,
  idempotencyKey,
}: {
  db: Db;
  config: Config;
  userId: string;
  roomId: string;
  metodo: PaymentMethod;
  caller?: JoinCaller;
  client: ClientInfo;
  idempotencyKey?: string;
}): Promise<IdempotentAnswer<JoinResult>> {
  const claim = idempotencyClaim(userId, idempotencyKey, 'room.join', { roomId, metodo });
  return idempotent(db, claim, async (claim) =>
    joinRoom({
      db,
      config,
      userId,
      roomId,
      metodo,
      access: PUBLIC_SEAT,
      caller,
      seatNotice: publicRoomSeatsNotice(),
      // The security log row is committed with the seat, in the seat's last statement.
      alongside: [await securityEventInsert({ userId, action: 'draw_participation', client })],
      claim,
    }),
  );
}
