/** Public rooms and joining them (spec 000 sections 4, 5 and 9; DESIGN.md section 4). */
import { createHash, randomBytes, randomInt } from 'node:crypto';
import {
  type Participation,
  type PaymentMethod,
  type Role,
  type Room,
  computePrize,
  isStaffRole,
  joinMessages,
  percentOf,
  responsiblePlayMessages,
} from '@sorteio/shared';
import { type SQL, and, desc, eq, lt, ne, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { compiled } from '../../db/compiled';
import { first } from '../../db/priority-pool';
import { participacoes, profiles, type roomTypes, salas, user } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { assertMayPlay, assertNotExcluded } from '../responsible-play/responsible-play.service';
import {
  type DbOrTx,
  type PostInput,
  type Tx,
  lockAccounts,
  lockedBalance,
  moneyTransaction,
  postTransaction,
  postTransactions,
} from '../wallet/ledger.service';
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
 * Lucky number of a public room (spec 000 section 9): first letter of the room type in uppercase,
 * the last 4 digits of the current millisecond time, then a random 3-digit zero-padded number.
 */
export function luckyNumber(tipoSala: string, now = Date.now()): string {
  return `${tipoSala.charAt(0).toUpperCase()}${String(now % 10_000).padStart(4, '0')}${String(randomInt(1000)).padStart(3, '0')}`;
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
  alongside?: SQL[];
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
  const joinLocked = () =>
    moneyTransaction(db, async (tx) => {
      const [room] = await lockRoom(tx, { salaId });
      if (!room) throw new AppError('NOT_FOUND', { message: messages.notFound });
      await assertSeatAccess(tx, room, access, messages.notFound);
      // Responsible play: self-exclusion and the player's spending limits, under the player's lock.
      await assertMayPlay(tx, { userId, kind: 'spending', amountCentavos: room.valorEntrada });
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
      const byBalance = metodo === 'balance';
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
          alongside: [seatCount, ...alongside],
        });
        if (closed) after = (await tx.select().from(salas).where(eq(salas.id, salaId)))[0]!;
      } else {
        await writeTogether(tx, [seatCount, ...alongside]);
      }
      return { participation: toParticipation(created), room: toRoom(after) };
    });
  const result = await inRoomQueue(salaId, () => {
    // Seen closed while this join waited its turn.
    if (access.kind === 'public' && closedForGood.has(salaId)) throw notOpen();
    // Its turn came: its connection before the session reads of callers still arriving.
    return first(joinLocked);
  });
  rememberStatus(salaId, result.room.tipoSala, result.room.status);
  return result;
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
  }: {
    participation: typeof participacoes.$inferSelect;
    tipoSala: string;
    /** The room row as this transaction last wrote it, when the caller has it. */
    room?: typeof salas.$inferSelect;
    /** Other writes sent in the same statement as the ledger posts. */
    alongside?: SQL[];
  },
): Promise<boolean> {
  const { userId, salaId, valorPago } = participation;
  const cashbackRef = { kind: 'user_cashback', userId } as const;
  const saldoRef = { kind: 'user_saldo', userId } as const;
  const locked = await lockAccounts(tx, [cashbackRef, saldoRef, { kind: 'room_pool', salaId }]);
  const cashback = lockedBalance(locked, cashbackRef);
  const saldo = lockedBalance(locked, saldoRef);
  const fromCashback = Math.min(cashback, valorPago);
  const fromSaldo = valorPago - fromCashback;
  if (fromSaldo > saldo)
    throw new AppError('BAD_REQUEST', {
      message: joinMessages.insufficient,
      reason: 'INSUFFICIENT_BALANCE',
    });
  // The entry and its cashback written together (one insert each of transactions and entries,
  // one update of the balances).
  const cashbackCredit = cashbackPost(config, participation);
  await postTransactions(
    tx,
    [
      {
        kind: 'entry_balance',
        idempotencyKey: `entry:${participation.id}`,
        description: `Entrada na sala ${tipoSala}`,
        userId,
        salaId,
        participacaoId: participation.id,
        metadata: { fromCashback, fromSaldo },
        entries: [
          { account: cashbackRef, amount: -fromCashback },
          { account: saldoRef, amount: -fromSaldo },
          { account: { kind: 'room_pool', salaId }, amount: valorPago },
        ],
      },
      ...(cashbackCredit ? [cashbackCredit] : []),
    ],
    alongside,
  );
  return closeIfComplete(tx, salaId, room);
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
