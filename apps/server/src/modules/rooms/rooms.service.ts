/** Public rooms and joining them (spec 000 sections 4, 5 and 9; DESIGN.md section 4). */
import { createHash, randomBytes, randomInt } from 'node:crypto';
import {
  type Participation,
  type PaymentMethod,
  type Role,
  type Room,
  computePrize,
  formatLuckyNumber,
  isStaffRole,
  joinMessages,
  percentOf,
  responsiblePlayMessages,
} from '@sorteio/shared';
import { type SQL, and, asc, desc, eq, inArray, lt, ne, or, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { compiled } from '../../db/compiled';
import { first } from '../../db/priority-pool';
import { type RowInsert, writesAsStatements } from '../../db/row-insert';
import {
  ledgerAccounts,
  participacoes,
  profiles,
  responsiblePlay,
  type roomTypes,
  salas,
  user,
} from '../../db/schema';
import { AppError } from '../../lib/errors';
import {
  assertMayPlay,
  assertNotExcluded,
  checkMayPlay,
  mayPlayEach,
  playRowFields,
} from '../responsible-play/responsible-play.service';
import {
  type AccountRef,
  type DbOrTx,
  type LockedAccount,
  type PostInput,
  type Tx,
  adoptLocked,
  lockAccounts,
  lockedBalance,
  moneyTransaction,
  postTransaction,
  postTransactions,
} from '../wallet';
import { PUBLIC_SEAT, type SeatAccess, assertSeatAccess, isPrivateRoomType } from './seat-access';

export interface CreateRoomInput {
  tipoSala: (typeof roomTypes)[number];
  valorEntradaCentavos: number;
  maxParticipantes: number;
  taxaBp: number;
  sorteioAutomatico?: boolean;
  temLimitePessoas?: boolean;
  dataSorteio?: Date | null;
  createdBy?: string | null;
}

/**
 * Creates an open room with its draw commitment (DESIGN.md section 5, step 1): a 32-byte seed from
 * the CSPRNG, kept secret, and commitment = hex SHA-256 of the raw seed bytes, published with the
 * room before anyone can join.
 */
export async function createRoom({ db, input }: { db: DbOrTx; input: CreateRoomInput }) {
  const prize = computePrize({
    entryCentavos: input.valorEntradaCentavos,
    maxParticipants: input.maxParticipantes,
    feeBasisPoints: input.taxaBp,
  });
  const seed = randomBytes(32);
  const commitment = createHash('sha256').update(seed).digest('hex');
  const [room] = await db
    .insert(salas)
    .values({
      tipoSala: input.tipoSala,
      status: 'aberta',
      maxParticipantes: input.maxParticipantes,
      valorEntrada: input.valorEntradaCentavos,
      premioBruto: prize.grossCentavos,
      taxaPlataforma: prize.feeCentavos,
      premioLiquido: prize.netCentavos,
      taxaPersonalizadaBp: input.taxaBp,
      sorteioAutomatico: input.sorteioAutomatico ?? true,
      temLimitePessoas: input.temLimitePessoas ?? true,
      dataSorteio: input.dataSorteio ?? null,
      seed,
      commitment,
      createdBy: input.createdBy ?? null,
    })
    .returning();
  if (!room) throw new Error('room insert returned nothing');
  // The room's pool account now rather than at its first seat, so even that seat takes its locks
  // in one statement (joinRoom). A seat still creates it if it is missing.
  await db
    .insert(ledgerAccounts)
    .values({ kind: 'room_pool', salaId: room.id })
    .onConflictDoNothing();
  return room;
}

export function toRoom(row: typeof salas.$inferSelect): Room {
  return {
    id: row.id,
    tipoSala: row.tipoSala,
    status: row.status,
    participantesAtual: row.participantesAtual,
    maxParticipantes: row.maxParticipantes,
    valorEntrada: row.valorEntrada,
    premioBruto: row.premioBruto,
    taxaPlataforma: row.taxaPlataforma,
    premioLiquido: row.premioLiquido,
    taxaPersonalizadaBp: row.taxaPersonalizadaBp,
    sorteioAutomatico: row.sorteioAutomatico,
    temLimitePessoas: row.temLimitePessoas,
    dataSorteio: row.dataSorteio?.toISOString() ?? null,
    commitment: row.commitment,
    commitmentPublishedAt: row.commitmentPublishedAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  };
}

export function toParticipation(row: typeof participacoes.$inferSelect): Participation {
  return {
    id: row.id,
    salaId: row.salaId,
    userId: row.userId,
    numeroSorte: row.numeroSorte,
    valorPago: row.valorPago,
    statusPagamento: row.statusPagamento,
    metodoPagamento: row.metodoPagamento,
    ehVencedor: row.ehVencedor,
    txidPagamento: row.txidPagamento,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Open rooms that still have seats, newest first (spec 000: the participate list). */
export async function listOpenRooms(db: Db): Promise<Room[]> {
  const rows = await db
    .select()
    .from(salas)
    .where(
      and(
        eq(salas.status, 'aberta'),
        ne(salas.tipoSala, 'privada'),
        sql`(not ${salas.temLimitePessoas} or ${salas.participantesAtual} < ${salas.maxParticipantes})`,
      ),
    )
    .orderBy(desc(salas.createdAt));
  return rows.map(toRoom);
}

/** A public room; a private room's backing record answers 404 here (seat-access.ts). */
export async function getPublicRoom(db: DbOrTx, id: string): Promise<Room> {
  const [row] = await db.select().from(salas).where(eq(salas.id, id));
  if (!row || isPrivateRoomType(row.tipoSala))
    throw new AppError('NOT_FOUND', { message: joinMessages.notFound });
  return toRoom(row);
}

/** The caller's live seat in a public room (404 for a private room's record). */
export async function findMyParticipation(
  db: Db,
  userId: string,
  salaId: string,
): Promise<Participation | null> {
  await getPublicRoom(db, salaId);
  const [row] = await db
    .select()
    .from(participacoes)
    .where(
      and(
        eq(participacoes.userId, userId),
        eq(participacoes.salaId, salaId),
        ne(participacoes.statusPagamento, 'cancelado'),
      ),
    );
  return row ? toParticipation(row) : null;
}

/**
 * Lucky number of a public room (spec 000 section 9): the room type's own prefix letter (distinct
 * per type and never a digit look-alike: `luckyNumberPrefixes`, decision 015), the last 4 digits
 * of the current millisecond time, then a random 3-digit zero-padded number.
 */
export function luckyNumber(tipoSala: string, now = Date.now()): string {
  return formatLuckyNumber(tipoSala, now, randomInt(1000));
}

/** The cashback of a confirmed entry as a ledger transaction (null when it is zero). */
function cashbackPost(
  config: Config,
  p: { id: string; userId: string; valorPago: number; salaId: string },
): PostInput | null {
  const amount = percentOf(p.valorPago, config.cashbackBp);
  if (amount <= 0) return null;
  return {
    kind: 'cashback',
    idempotencyKey: `cashback:${p.id}`,
    description: 'Cashback da participação',
    userId: p.userId,
    salaId: p.salaId,
    participacaoId: p.id,
    entries: [
      { account: { kind: 'platform_cashback' }, amount: -amount },
      { account: { kind: 'user_cashback', userId: p.userId }, amount },
    ],
  };
}

/** Cashback of a confirmed entry: from the platform's cashback account to the player's. */
export async function creditCashback(
  tx: DbOrTx,
  config: Config,
  p: { id: string; userId: string; valorPago: number; salaId: string },
) {
  const post = cashbackPost(config, p);
  if (post) await postTransaction(tx, post);
}

/**
 * A room whose seats are all taken and confirmed closes for the draw (status sorteando); the draw
 * itself is the draws module's job. Called with the room row locked.
 */
export async function closeIfComplete(
  tx: DbOrTx,
  salaId: string,
  /** The room row as this transaction last wrote it (saves reading it again). */
  known?: typeof salas.$inferSelect,
) {
  const room = known ?? (await tx.select().from(salas).where(eq(salas.id, salaId)))[0];
  if (
    !room ||
    room.status !== 'aberta' ||
    !room.temLimitePessoas ||
    room.participantesAtual < room.maxParticipantes
  )
    return false;
  const [pending] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(participacoes)
    .where(and(eq(participacoes.salaId, salaId), eq(participacoes.statusPagamento, 'pendente')));
  if ((pending?.n ?? 0) > 0) return false;
  await tx
    .update(salas)
    .set({ status: 'sorteando', updatedAt: new Date() })
    .where(eq(salas.id, salaId));
  return true;
}

/**
 * Joins of one room in this process wait their turn here, in memory, rather than on pooled
 * connections blocked on the room's row lock (a hot room's crowd would hold every connection and
 * starve every other request). The row lock still orders joins across server copies.
 */
const roomQueues = new Map<string, Promise<unknown>>();

function inRoomQueue<T>(salaId: string, work: () => Promise<T>): Promise<T> {
  const previous = roomQueues.get(salaId) ?? Promise.resolve();
  const run = previous.then(work, work);
  const tail = run.then(
    () => undefined,
    () => undefined,
  );
  roomQueues.set(salaId, tail);
  void tail.then(() => {
    if (roomQueues.get(salaId) === tail) roomQueues.delete(salaId);
  });
  return run;
}

/**
 * Public rooms this process has seen past their open life (drawing, drawn, finished, cancelled):
 * no path ever opens such a room again (an administrator opens or closes only 'aberta' and
 * 'fechada' rooms), so a join of one is refused without the database.
 */
const closedForGood = new Set<string>();
const FINAL_STATUSES = new Set(['sorteando', 'sorteada', 'finalizada', 'cancelada']);

function rememberStatus(salaId: string, tipoSala: string | null, status: string | null) {
  if (!status || !FINAL_STATUSES.has(status) || (tipoSala && isPrivateRoomType(tipoSala))) return;
  if (closedForGood.size >= 10_000) closedForGood.clear();
  closedForGood.add(salaId);
}

/** The room row, locked (the join's first statement in its transaction). */
const lockRoom = compiled('join_lock_room', (db, name) =>
  db
    .select()
    .from(salas)
    .where(eq(salas.id, sql.placeholder('salaId')))
    .for('update')
    .prepare(name),
);

/** How balance joins took their locks (for the tests): in one statement, or one by one. */
export const balanceJoinLocks = { together: 0, oneByOne: 0 };

/**
 * A seat paid from the balance takes every lock it needs in ONE statement, in the documented order
 * (decision 007): the room row, the player's responsible-play row, then the player's Cashback and
 * Saldo and the room's pool in id order. PostgreSQL locks each result row's tables in the order of
 * `FOR UPDATE OF`, after sorting, so the three rows lock room, player, then accounts by id.
 * Returns fewer than three rows when something is still to be created (a player's first play, a
 * room's first seat): the join then takes its locks one by one, creating what is missing.
 */
const lockBalanceJoin = compiled('join_lock_balance', (db, name) =>
  db
    .select({
      room: salas,
      ...playRowFields,
      account: {
        id: ledgerAccounts.id,
        kind: ledgerAccounts.kind,
        userId: ledgerAccounts.userId,
        salaId: ledgerAccounts.salaId,
        balance: ledgerAccounts.balance,
      },
    })
    .from(salas)
    .innerJoin(responsiblePlay, eq(responsiblePlay.userId, sql.placeholder('userId')))
    .innerJoin(user, eq(user.id, responsiblePlay.userId))
    .innerJoin(
      ledgerAccounts,
      or(
        and(
          inArray(ledgerAccounts.kind, ['user_cashback', 'user_saldo']),
          eq(ledgerAccounts.userId, sql.placeholder('userId')),
        ),
        and(eq(ledgerAccounts.kind, 'room_pool'), eq(ledgerAccounts.salaId, salas.id)),
      ),
    )
    .where(eq(salas.id, sql.placeholder('salaId')))
    .orderBy(asc(ledgerAccounts.id))
    .for('update', { of: [salas, responsiblePlay, ledgerAccounts] })
    .prepare(name),
);

/**
 * A seat, unless the player holds one in the room already or its lucky number is taken (the
 * unique indexes participacoes_one_seat_idx and participacoes_numero_idx: nothing is returned).
 */
const seatInsert = (byBalance: boolean) =>
  compiled(byBalance ? 'join_insert_seat_balance' : 'join_insert_seat_pix', (db, name) =>
    db
      .insert(participacoes)
      .values({
        userId: sql.placeholder('userId'),
        salaId: sql.placeholder('salaId'),
        numeroSorte: sql.placeholder('numeroSorte'),
        valorPago: sql.placeholder('valorPago'),
        statusPagamento: byBalance ? 'confirmado' : 'pendente',
        metodoPagamento: sql.placeholder('metodoPagamento'),
        // A placeholder never carries null for a timestamp: one statement per way of paying.
        expiresAt: byBalance ? null : sql.placeholder('expiresAt'),
        confirmedAt: byBalance ? sql.placeholder('confirmedAt') : null,
      })
      .onConflictDoNothing()
      .returning()
      .prepare(name),
  );
const insertSeatPaid = seatInsert(true);
const insertSeatHeld = seatInsert(false);

/** The joining player's standing, as the request's session read it. */
export interface JoinCaller {
  role: string;
  isVerified: boolean;
  statusConta: string | null;
}

/** Data-modifying statements without results, sent to the database as ONE statement. */
async function writeTogether(tx: Tx, statements: SQL[]) {
  if (statements.length === 0) return;
  await tx.execute(
    sql`with ${sql.join(
      statements.map((statement, i) => sql`${sql.raw(`w${i}`)} as (${statement})`),
      sql`, `,
    )} select 1`,
  );
}

/**
 * Joins a room in one database transaction: the room row is locked, so the seat count can never
 * pass max_participantes and a lucky number is unique; a user never holds two seats (also a unique
 * index). Paid from the balance: confirmed at once (Cashback first, then Saldo). By PIX: the seat
 * is held as pendente until `expiresAt`.
 */
export async function joinRoom({
  db,
  config,
  userId,
  salaId,
  metodo,
  access = PUBLIC_SEAT,
  messages = joinMessages,
  luckyNumberOf,
  caller,
  alongside = [],
  seatNotice,
}: {
  db: Db;
  config: Config;
  userId: string;
  salaId: string;
  metodo: PaymentMethod;
  /**
   * How the caller reached the room, checked by the one seat guard (seat-access.ts). Public by
   * default: a private room's seats then answer 404.
   */
  access?: SeatAccess;
  /** Private rooms answer with their own texts (spec 001 section 5). */
  messages?: { full: string; alreadyIn: string; notOpen: string; notFound: string };
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
}): Promise<{ participation: Participation; room: Room }> {
  // Who may play: staff never (checked first), players with a verified identity and an active
  // account. Without the session's reading, one statement reads them and a public room's status:
  // a room seen closed is refused here, without queueing for its lock (a full room's crowd).
  // Private rooms go through the seat guard in the transaction, so this never tells whether one
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
          >`(select ${salas.status} from ${salas} where ${salas.id} = ${salaId} and ${salas.tipoSala} <> 'privada')`,
        })
        .from(user)
        .leftJoin(profiles, eq(profiles.id, user.id))
        .where(eq(user.id, userId));
  if (who && isStaffRole(who.role as Role))
    throw new AppError('FORBIDDEN', {
      message: responsiblePlayMessages.staffCannotPlay,
      reason: 'STAFF_CANNOT_PLAY',
    });
  if (!who?.isVerified || who.statusConta !== 'ativo') {
    throw new AppError('FORBIDDEN', {
      message:
        'Verificação Necessária: envie uma foto do documento e uma selfie na aba Verificação do seu perfil.',
      reason: 'NOT_VERIFIED',
    });
  }
  const notOpen = () =>
    new AppError('CONFLICT', { message: messages.notOpen, reason: 'ROOM_NOT_OPEN' });
  if (access.kind === 'public') {
    // who.publicRoomStatus is null for a private room's record: it goes to the seat guard.
    rememberStatus(salaId, null, who.publicRoomStatus);
    if (who.publicRoomStatus && who.publicRoomStatus !== 'aberta') throw notOpen();
  }
  const byBalance = metodo === 'balance';
  const joinLocked = () =>
    moneyTransaction(db, async (tx) => {
      const together = byBalance ? await lockBalanceJoin(tx, { salaId, userId }) : [];
      const [locks] = together.length === 3 ? together : [];
      if (byBalance) balanceJoinLocks[locks ? 'together' : 'oneByOne'] += 1;
      const [room] = locks ? [locks.room] : await lockRoom(tx, { salaId });
      if (!room) throw new AppError('NOT_FOUND', { message: messages.notFound });
      await assertSeatAccess(tx, room, access, messages.notFound);
      // Responsible play: self-exclusion and the player's spending limits, under the player's lock.
      const spending = { userId, kind: 'spending', amountCentavos: room.valorEntrada } as const;
      if (locks) await checkMayPlay(tx, locks, { ...spending, now: new Date() });
      else await assertMayPlay(tx, spending);
      if (room.status !== 'aberta') {
        rememberStatus(salaId, room.tipoSala, room.status);
        throw notOpen();
      }
      const holdsSeat = async () =>
        (
          await tx
            .select({ id: participacoes.id })
            .from(participacoes)
            .where(
              and(
                eq(participacoes.salaId, salaId),
                eq(participacoes.userId, userId),
                ne(participacoes.statusPagamento, 'cancelado'),
              ),
            )
        ).length > 0;
      const alreadyIn = () =>
        new AppError('CONFLICT', { message: messages.alreadyIn, reason: 'ALREADY_JOINED' });
      if (room.temLimitePessoas && room.participantesAtual >= room.maxParticipantes) {
        // "Already in" is the answer a seated player gets, even from a full room.
        if (await holdsSeat()) throw alreadyIn();
        throw new AppError('CONFLICT', { message: messages.full, reason: 'ROOM_FULL' });
      }
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
          salaId,
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
        if (!created && (await holdsSeat())) throw alreadyIn();
      }
      // The seat count, written with the seat's last statement (below); the row is locked, so
      // the room after it is known without reading it back.
      const seatCount = sql`update ${salas} set ${sql.identifier(salas.participantesAtual.name)} = ${salas.participantesAtual} + 1, ${sql.identifier(salas.updatedAt.name)} = ${now} where ${salas.id} = ${salaId}${seatNotice ? sql` returning ${seatNotice}` : sql``}`;
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
        if (closed) after = (await tx.select().from(salas).where(eq(salas.id, salaId)))[0]!;
      } else {
        await writeTogether(tx, writesAsStatements([seatCount, ...alongside]));
      }
      return { participation: toParticipation(created), room: toRoom(after) };
    });
  // A public seat paid from the balance may be taken together with the other seats queued
  // meanwhile, of its room or others (seatBatch); any other join waits its room's turn.
  const result =
    access.kind === 'public' && byBalanceAlone(metodo, caller, luckyNumberOf)
      ? await queueSeat(db, config, {
          salaId,
          userId,
          messages,
          alongside,
          seatNotice,
          alone: joinLocked,
        })
      : await inRoomQueue(salaId, () => {
          // Seen closed while this join waited its turn.
          if (access.kind === 'public' && closedForGood.has(salaId)) throw notOpen();
          // Its turn came: its connection before the session reads of callers still arriving.
          return first(joinLocked);
        });
  rememberStatus(salaId, result.room.tipoSala, result.room.status);
  return result;
}

const byBalanceAlone = (
  metodo: PaymentMethod,
  caller: JoinCaller | undefined,
  luckyNumberOf: ((attempt: number) => string) | undefined,
) => metodo === 'balance' && caller !== undefined && luckyNumberOf === undefined;

type JoinResult = { participation: Participation; room: Room };

/** A public seat paid from the balance, waiting for its turn. */
interface QueuedSeat {
  salaId: string;
  userId: string;
  messages: { full: string; alreadyIn: string; notOpen: string; notFound: string };
  alongside: (SQL | RowInsert)[];
  seatNotice?: SQL;
  /** The join on its own (joinRoom's transaction), when its turn comes with nobody else. */
  alone: () => Promise<JoinResult>;
  settle: { resolve: (r: JoinResult) => void; reject: (e: unknown) => void };
}

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
 * whatever their rooms, are taken by ONE transaction (seatBatch): under load, the joins of many
 * players cost a few transactions instead of one each, and a crowd on one room costs a few too.
 */
function queueSeat(db: Db, config: Config, seat: Omit<QueuedSeat, 'settle'>): Promise<JoinResult> {
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
    if (line.rooms.has(seat.salaId) || line.players.has(seat.userId)) return;
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
      if (closedForGood.has(seat.salaId)) {
        // Seen closed while this join waited its turn.
        seat.settle.reject(
          new AppError('CONFLICT', { message: seat.messages.notOpen, reason: 'ROOM_NOT_OPEN' }),
        );
      } else if (
        batch.length < SEAT_BATCH_MAX &&
        !line.rooms.has(seat.salaId) &&
        !waitingRooms.has(seat.salaId) &&
        !line.players.has(seat.userId) &&
        !players.has(seat.userId) &&
        !waitingPlayers.has(seat.userId)
      ) {
        batch.push(seat);
        players.add(seat.userId);
      } else {
        later.push(seat);
        waitingRooms.add(seat.salaId);
        waitingPlayers.add(seat.userId);
      }
    }
    line.waiting = later;
    if (batch.length === 0) return;
    line.inFlight += 1;
    for (const seat of batch) {
      hold(line.rooms, seat.salaId, 1);
      line.players.add(seat.userId);
    }
    void takeTogether(db, config, batch).finally(() => {
      line.inFlight -= 1;
      for (const seat of batch) {
        hold(line.rooms, seat.salaId, -1);
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
  let outcomes: (JoinResult | AppError)[];
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
    new Set(batch.map((seat) => seat.salaId)).size,
  );
  batch.forEach((seat, i) => settle(seat, outcomes[i]));
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

/** The live seats the players hold in the rooms (any player in any of the rooms). */
/**
 * Several players' responsible-play rows locked in user id order (as `mayPlayEach` locks them),
 * each with the rooms among `salaIds` where the player holds a seat: "already in" read by the same
 * statement as the locks. Run after the rooms' rows are locked, so its snapshot sees every seat
 * taken in those rooms before (a seat is only taken under its room's lock, decision 007).
 */
const lockPlayersHolding = compiled('join_lock_players_held', (db, name) =>
  db
    .select({
      ...playRowFields,
      held: sql<
        string[]
      >`(select coalesce(json_agg(${participacoes.salaId}), '[]'::json) from ${participacoes} where ${participacoes.userId} = ${responsiblePlay.userId} and ${participacoes.salaId} = any(${sql.placeholder('salaIds')}::uuid[]) and ${participacoes.statusPagamento} <> 'cancelado')`,
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
            from unnest(${sql.placeholder('userIds')}::text[], ${sql.placeholder('salaIds')}::uuid[], ${sql.placeholder('numbers')}::text[], ${sql.placeholder('prices')}::bigint[])
              as s(user_id, sala_id, numero_sorte, valor_pago)`,
    )
    .onConflictDoNothing()
    .returning()
    .prepare(name),
);

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
async function seatBatch(
  db: Db,
  config: Config,
  batch: QueuedSeat[],
): Promise<(JoinResult | AppError)[]> {
  return moneyTransaction(db, async (tx) => {
    const outcome: (JoinResult | AppError | undefined)[] = batch.map(() => undefined);
    const refuse = (i: number, error: AppError) => {
      outcome[i] ??= error;
    };
    const open = () => batch.flatMap((_, i) => (outcome[i] === undefined ? [i] : []));
    const done = () => outcome as (JoinResult | AppError)[];
    const salaIds = [...new Set(batch.map((seat) => seat.salaId))];
    const rooms = new Map((await lockRooms(tx, { ids: salaIds })).map((room) => [room.id, room]));
    const roomOf = (i: number) => rooms.get(batch[i]!.salaId)!;
    batch.forEach((seat, i) => {
      const room = rooms.get(seat.salaId);
      if (!room || isPrivateRoomType(room.tipoSala))
        refuse(i, new AppError('NOT_FOUND', { message: seat.messages.notFound }));
    });
    if (open().length === 0) return done();
    const { verdicts, rows: players } = await mayPlayEach(tx, {
      plays: open().map((i) => ({
        userId: batch[i]!.userId,
        amountCentavos: roomOf(i).valorEntrada,
      })),
      kind: 'spending',
      lock: (userIds) => lockPlayersHolding(tx, { userIds, salaIds }),
    });
    for (const i of open()) {
      const refusal = verdicts.get(batch[i]!.userId);
      if (refusal) refuse(i, refusal);
    }
    for (const i of open()) {
      const room = roomOf(i);
      if (room.status === 'aberta') continue;
      rememberStatus(room.id, room.tipoSala, room.status);
      refuse(
        i,
        new AppError('CONFLICT', { message: batch[i]!.messages.notOpen, reason: 'ROOM_NOT_OPEN' }),
      );
    }
    // "Already in" first, as on its own (even from a full room).
    for (const i of open())
      if (players.get(batch[i]!.userId)!.held.includes(batch[i]!.salaId))
        refuse(
          i,
          new AppError('CONFLICT', {
            message: batch[i]!.messages.alreadyIn,
            reason: 'ALREADY_JOINED',
          }),
        );
    // Then, in arrival order: a free seat in the room, then the balance to pay it.
    const free = new Map(
      [...rooms.values()].map((room) => [
        room.id,
        room.temLimitePessoas
          ? room.maxParticipantes - room.participantesAtual
          : Number.POSITIVE_INFINITY,
      ]),
    );
    const full = (i: number) =>
      new AppError('CONFLICT', { message: batch[i]!.messages.full, reason: 'ROOM_FULL' });
    for (const i of open()) if (free.get(batch[i]!.salaId)! <= 0) refuse(i, full(i));
    const accepted: { i: number; split: { fromCashback: number; fromSaldo: number } }[] = [];
    if (open().length > 0) {
      const locked = await lockAccounts(
        tx,
        entryAccounts(
          [...new Set(open().map((i) => batch[i]!.salaId))],
          open().map((i) => batch[i]!.userId),
        ),
      );
      for (const i of open()) {
        const { salaId, userId } = batch[i]!;
        if (free.get(salaId)! <= 0) {
          refuse(i, full(i));
          continue;
        }
        const split = splitEntry(locked, userId, roomOf(i).valorEntrada);
        if (!split) refuse(i, insufficientBalance());
        else {
          accepted.push({ i, split });
          free.set(salaId, free.get(salaId)! - 1);
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
          const { salaId, userId } = batch[i]!;
          const room = roomOf(i);
          let numeroSorte: string;
          do numeroSorte = luckyNumber(room.tipoSala, now.getTime() + attempt);
          while (numbers.has(`${salaId}:${numeroSorte}`));
          numbers.add(`${salaId}:${numeroSorte}`);
          return { userId, salaId, numeroSorte, valorPago: room.valorEntrada };
        });
      for (const row of await insertSeatsPaid(tx, {
        userIds: values.map((v) => v.userId),
        salaIds: values.map((v) => v.salaId),
        numbers: values.map((v) => v.numeroSorte),
        prices: values.map((v) => v.valorPago),
        confirmedAt: now.toISOString(),
      }))
        created.set(row.userId, row);
    }
    // The entries and their cashback, the seat counts (their RETURNING sends the live updates with
    // the commit) and each seat's own writes (the security log rows): ONE statement.
    const taken = new Map<string, number>();
    for (const { i } of accepted) hold(taken, batch[i]!.salaId, 1);
    const seatNotice = batch.find((seat) => seat.seatNotice)?.seatNotice;
    const counts = sql.join(
      [...taken].map(([salaId, n]) => sql`(${salaId}::uuid, ${n}::int)`),
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
    for (const [salaId, n] of taken) {
      let room = after(rooms.get(salaId)!, n);
      if (await closeIfComplete(tx, salaId, room))
        room = (await tx.select().from(salas).where(eq(salas.id, salaId)))[0]!;
      last.set(salaId, room);
    }
    const seen = new Map<string, number>();
    for (const { i } of accepted) {
      const { salaId, userId } = batch[i]!;
      hold(seen, salaId, 1);
      const k = seen.get(salaId)!;
      outcome[i] = {
        participation: toParticipation(created.get(userId)!),
        room: toRoom(k === taken.get(salaId) ? last.get(salaId)! : after(rooms.get(salaId)!, k)),
      };
    }
    return done();
  });
}

/**
 * Pays a seat's entry from the balance, inside the caller's transaction (room row already locked):
 * the player's Cashback, Saldo and the room's pool are locked in one sorted statement, then the
 * entry takes Cashback first, then Saldo, never below zero; credits the cashback and closes a
 * complete room (true when it did).
 */
async function payEntryFromBalance(
  tx: Tx,
  config: Config,
  {
    participation,
    tipoSala,
    room,
    alongside,
    locked: known,
  }: {
    participation: typeof participacoes.$inferSelect;
    tipoSala: string;
    /** The room row as this transaction last wrote it, when the caller has it. */
    room?: typeof salas.$inferSelect;
    /** Other writes sent in the same statement as the ledger posts. */
    alongside?: SQL[];
    /** The entry's accounts, when the caller locked them already. */
    locked?: Map<string, LockedAccount>;
  },
): Promise<boolean> {
  const { userId, salaId, valorPago } = participation;
  const locked = known ?? (await lockAccounts(tx, entryAccounts([salaId], [userId])));
  const split = splitEntry(locked, userId, valorPago);
  if (!split) throw insufficientBalance();
  // The entry and its cashback written together (one insert each of transactions and entries,
  // one update of the balances).
  await postTransactions(tx, entryPosts(config, participation, tipoSala, split), alongside);
  return closeIfComplete(tx, salaId, room);
}

/** A seat's entry paid from the balance (Cashback first, then Saldo) and its cashback. */
function entryPosts(
  config: Config,
  participation: typeof participacoes.$inferSelect,
  tipoSala: string,
  split: { fromCashback: number; fromSaldo: number },
): PostInput[] {
  const { userId, salaId, valorPago } = participation;
  const cashbackCredit = cashbackPost(config, participation);
  return [
    {
      kind: 'entry_balance',
      idempotencyKey: `entry:${participation.id}`,
      description: `Entrada na sala ${tipoSala}`,
      userId,
      salaId,
      participacaoId: participation.id,
      metadata: split,
      entries: [
        { account: { kind: 'user_cashback', userId }, amount: -split.fromCashback },
        { account: { kind: 'user_saldo', userId }, amount: -split.fromSaldo },
        { account: { kind: 'room_pool', salaId }, amount: valorPago },
      ],
    },
    ...(cashbackCredit ? [cashbackCredit] : []),
  ];
}

/** The accounts an entry paid from the balance writes to: each player's Cashback and Saldo, the pool. */
function entryAccounts(salaIds: string[], userIds: string[]): AccountRef[] {
  return [
    ...userIds.flatMap((userId) => [
      { kind: 'user_cashback', userId } as const,
      { kind: 'user_saldo', userId } as const,
    ]),
    ...salaIds.map((salaId) => ({ kind: 'room_pool', salaId }) as const),
  ];
}

const insufficientBalance = () =>
  new AppError('BAD_REQUEST', {
    message: joinMessages.insufficient,
    reason: 'INSUFFICIENT_BALANCE',
  });

/** How an entry of `price` is paid from the locked balances: Cashback first, then Saldo. */
function splitEntry(
  locked: Map<string, LockedAccount>,
  userId: string,
  price: number,
): { fromCashback: number; fromSaldo: number } | null {
  const cashback = lockedBalance(locked, { kind: 'user_cashback', userId });
  const saldo = lockedBalance(locked, { kind: 'user_saldo', userId });
  const fromCashback = Math.min(cashback, price);
  const fromSaldo = price - fromCashback;
  return fromSaldo > saldo ? null : { fromCashback, fromSaldo };
}

/** Pays a seat held for PIX from the balance instead (the private room's payment card). */
export async function payPendingWithBalance({
  db,
  config,
  userId,
  participacaoId,
}: {
  db: Db;
  config: Config;
  userId: string;
  participacaoId: string;
}) {
  const [p0] = await db
    .select({ salaId: participacoes.salaId })
    .from(participacoes)
    .where(and(eq(participacoes.id, participacaoId), eq(participacoes.userId, userId)));
  if (!p0) throw new AppError('NOT_FOUND', { message: 'Participação não encontrada.' });
  return moneyTransaction(db, async (tx) => {
    const [room] = await tx.select().from(salas).where(eq(salas.id, p0.salaId)).for('update');
    const [p] = await tx
      .select()
      .from(participacoes)
      .where(eq(participacoes.id, participacaoId))
      .for('update');
    if (!room || !p) throw new AppError('NOT_FOUND', { message: 'Participação não encontrada.' });
    await assertNotExcluded(tx, userId);
    if (p.statusPagamento === 'confirmado')
      throw new AppError('CONFLICT', {
        message: 'Esta participação já está paga.',
        reason: 'ALREADY_PAID',
      });
    if (p.statusPagamento !== 'pendente')
      throw new AppError('CONFLICT', {
        message: 'O prazo desta reserva terminou e a vaga foi liberada.',
        reason: 'SEAT_EXPIRED',
      });
    const now = new Date();
    const [confirmed] = await tx
      .update(participacoes)
      .set({
        statusPagamento: 'confirmado',
        metodoPagamento: 'balance',
        confirmedAt: now,
        expiresAt: null,
        updatedAt: now,
      })
      .where(eq(participacoes.id, p.id))
      .returning();
    await payEntryFromBalance(tx, config, { participation: confirmed!, tipoSala: room.tipoSala });
    return { participation: toParticipation(confirmed!) };
  });
}

/** Frees PIX seats whose hold ended unpaid (participation cancelado, seat count down); returns the rooms touched. */
export async function expireUnpaidSeats(db: Db, now = new Date()): Promise<string[]> {
  const due = await db
    .select({ id: participacoes.id, salaId: participacoes.salaId })
    .from(participacoes)
    .where(and(eq(participacoes.statusPagamento, 'pendente'), lt(participacoes.expiresAt, now)))
    .limit(200);
  const freed: string[] = [];
  for (const p of due) {
    const done = await moneyTransaction(db, async (tx) => {
      // Same lock order as joining and confirming: the room first, then the participation.
      await tx.select({ id: salas.id }).from(salas).where(eq(salas.id, p.salaId)).for('update');
      const [row] = await tx
        .select()
        .from(participacoes)
        .where(eq(participacoes.id, p.id))
        .for('update');
      if (!row || row.statusPagamento !== 'pendente' || !row.expiresAt || row.expiresAt >= now)
        return false;
      await tx
        .update(participacoes)
        .set({ statusPagamento: 'cancelado', updatedAt: now })
        .where(eq(participacoes.id, p.id));
      await tx
        .update(salas)
        .set({
          participantesAtual: sql`greatest(${salas.participantesAtual} - 1, 0)`,
          updatedAt: now,
        })
        .where(eq(salas.id, p.salaId));
      return true;
    });
    if (done) freed.push(p.salaId);
  }
  return freed;
}
