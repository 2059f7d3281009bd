/** Rooms and seats as records: creating a room, reading rooms and seats, their API shapes. */
import { createHash, randomBytes, randomInt } from 'node:crypto';
import {
  type Participation,
  type Room,
  computePrize,
  formatLuckyNumber,
  joinMessages,
} from '@sorteio/shared';
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { ledgerAccounts, participacoes, type roomTypes, salas } from '../../../db/schema';
import { AppError } from '../../../lib/errors';
import type { DbOrTx } from '../../wallet';
import { isPrivateRoomType } from './seat-access';

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
export async function getPublicRoom(db: DbOrTx, roomId: string): Promise<Room> {
  const [row] = await db.select().from(salas).where(eq(salas.id, roomId));
  if (!row || isPrivateRoomType(row.tipoSala))
    throw new AppError('NOT_FOUND', { message: joinMessages.notFound });
  return toRoom(row);
}

/** The caller's live seat in a public room (404 for a private room's record). */
export async function findMyParticipation(
  db: Db,
  userId: string,
  roomId: string,
): Promise<Participation | null> {
  await getPublicRoom(db, roomId);
  const [row] = await db
    .select()
    .from(participacoes)
    .where(
      and(
        eq(participacoes.userId, userId),
        eq(participacoes.salaId, roomId),
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
