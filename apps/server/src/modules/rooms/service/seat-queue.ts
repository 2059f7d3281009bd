/**
 * The line of public seats paid from the balance: under load, the joins of many players cost a few
 * transactions instead of one each (seat-batch.ts), and a crowd on one room costs a few too.
 */
import type { Config } from '../../../config';
import type { Db } from '../../../db/client';
import { first } from '../../../db/priority-pool';
import { isClosedForGood, rememberStatus } from './room-turns';
import { type JoinResult, type QueuedSeat, seatBatch } from './seat-batch';
import { seatRefusals } from './seat-rules';

/**
 * Counted for /metrics: transactions that took several queued seats, the seats they took, the
 * most seats and rooms one took, and the transactions that failed and were taken seat by seat.
 */
export const seatBatches = { transactions: 0, seats: 0, largest: 0, mostRooms: 0, fallbacks: 0 };

/** At most this many seats are taken by one transaction; the rest wait for the next. */
export const SEAT_BATCH_MAX = 100;

/**
 * How many seat transactions of one database run at once. Two: while the database works on one,
 * this process prepares or answers the other; more would only make each wait for the other's locks
 * and for connections.
 */
export const SEAT_BATCHES_IN_FLIGHT = 2;

/** Seats waiting for their turn, per database, and what the transactions in flight hold. */
interface SeatLine {
  waiting: QueuedSeat[];
  inFlight: number;
  /** Rooms and players of the transactions in flight: their next seats wait for them. */
  rooms: Map<string, number>;
  players: Set<string>;
}
const seatLines = new WeakMap<Db, SeatLine>();

/**
 * Queues a public seat paid from the balance. Seats are taken in arrival order by at most
 * SEAT_BATCHES_IN_FLIGHT transactions at a time; when one ends, the seats that arrived meanwhile,
 * whatever their rooms, are taken by ONE transaction (seatBatch).
 */
export function queueSeat(
  db: Db,
  config: Config,
  seat: Omit<QueuedSeat, 'settle'>,
): Promise<JoinResult> {
  return new Promise((resolve, reject) => {
    let line = seatLines.get(db);
    if (!line)
      seatLines.set(
        db,
        (line = { waiting: [], inFlight: 0, rooms: new Map(), players: new Set() }),
      );
    line.waiting.push({ ...seat, settle: { resolve, reject } });
    // A seat whose room or player is in a transaction in flight cannot start, and coming last it
    // holds back no other seat: nothing to look at until that transaction ends (a hot room's
    // crowd would otherwise rescan the whole line at every arrival).
    if (line.rooms.has(seat.roomId) || line.players.has(seat.userId)) return;
    takeSeats(db, config, line);
  });
}

const hold = (held: Map<string, number>, key: string, by: number) => {
  const n = (held.get(key) ?? 0) + by;
  if (n === 0) held.delete(key);
  else held.set(key, n);
};

/** Starts transactions for the waiting seats while fewer than SEAT_BATCHES_IN_FLIGHT run. */
function takeSeats(db: Db, config: Config, line: SeatLine) {
  while (line.inFlight < SEAT_BATCHES_IN_FLIGHT && line.waiting.length > 0) {
    // A seat waits when its room is in a transaction in flight (the row lock would make it wait
    // there, holding a connection), when its player already has a seat in this one or in flight
    // (one seat per player per transaction: a second request is told it is already in), or when
    // this one is full; the room's and the player's later seats then wait too, so each room and
    // each player keep arrival order.
    const batch: QueuedSeat[] = [];
    const later: QueuedSeat[] = [];
    const waitingRooms = new Set<string>();
    const waitingPlayers = new Set<string>();
    const players = new Set<string>();
    for (const seat of line.waiting) {
      if (isClosedForGood(seat.roomId)) {
        // Seen closed while this join waited its turn.
        seat.settle.reject(seatRefusals.notOpen(seat.messages));
      } else if (
        batch.length < SEAT_BATCH_MAX &&
        !line.rooms.has(seat.roomId) &&
        !waitingRooms.has(seat.roomId) &&
        !line.players.has(seat.userId) &&
        !players.has(seat.userId) &&
        !waitingPlayers.has(seat.userId)
      ) {
        batch.push(seat);
        players.add(seat.userId);
      } else {
        later.push(seat);
        waitingRooms.add(seat.roomId);
        waitingPlayers.add(seat.userId);
      }
    }
    line.waiting = later;
    if (batch.length === 0) return;
    line.inFlight += 1;
    for (const seat of batch) {
      hold(line.rooms, seat.roomId, 1);
      line.players.add(seat.userId);
    }
    void takeTogether(db, config, batch).finally(() => {
      line.inFlight -= 1;
      for (const seat of batch) {
        hold(line.rooms, seat.roomId, -1);
        line.players.delete(seat.userId);
      }
      takeSeats(db, config, line);
    });
  }
}

/** Takes a batch of seats: alone, together, or (when together failed) one by one. */
async function takeTogether(db: Db, config: Config, batch: QueuedSeat[]): Promise<void> {
  const settle = (seat: QueuedSeat, outcome: unknown) => {
    if (outcome instanceof Error) seat.settle.reject(outcome);
    else {
      const result = outcome as JoinResult;
      // Known before the next batch is formed: a room this one closed refuses the rest at once.
      rememberStatus(result.room.id, result.room.tipoSala, result.room.status);
      seat.settle.resolve(result);
    }
  };
  const alone = (seat: QueuedSeat) =>
    first(seat.alone).then(
      (result) => settle(seat, result),
      (error: unknown) => seat.settle.reject(error),
    );
  if (batch.length === 1) return alone(batch[0]!);
  let outcomes: (JoinResult | Error)[];
  try {
    outcomes = await first(() => seatBatch(db, config, batch));
  } catch {
    // The transaction rolled back (one seat's own write failed, say): each seat is taken on its
    // own, as it would have been without the others, and gets its own answer.
    seatBatches.fallbacks += 1;
    for (const seat of batch) await alone(seat);
    return;
  }
  seatBatches.transactions += 1;
  const taken = outcomes.filter((o) => !(o instanceof Error)).length;
  seatBatches.seats += taken;
  seatBatches.largest = Math.max(seatBatches.largest, taken);
  seatBatches.mostRooms = Math.max(
    seatBatches.mostRooms,
    new Set(batch.map((seat) => seat.roomId)).size,
  );
  batch.forEach((seat, i) => settle(seat, outcomes[i]));
}
