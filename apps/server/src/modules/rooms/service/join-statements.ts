/**
 * The statements of a join on its own (join.ts), each compiled once: the locks it takes and the
 * seat it inserts; and how its last writes are sent together.
 */
import { type SQL, and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import { compiled } from '../../../db/compiled';
import { ledgerAccounts, participacoes, responsiblePlay, salas, user } from '../../../db/schema';
import { playRowFields } from '../../responsible-play/responsible-play.service';
import type { Tx } from '../../wallet';

/** The room row, locked (the join's first statement in its transaction). */
export const lockRoom = compiled('join_lock_room', (db, name) =>
  db
    .select()
    .from(salas)
    .where(eq(salas.id, sql.placeholder('roomId')))
    .for('update')
    .prepare(name),
);

/**
 * A seat paid from the balance takes every lock it needs in ONE statement, in the documented order
 * (decision 007): the room row, the player's responsible-play row, then the player's Cashback and
 * Saldo and the room's pool in id order. PostgreSQL locks each result row's tables in the order of
 * `FOR UPDATE OF`, after sorting, so the three rows lock room, player, then accounts by id.
 * Returns fewer than three rows when something is still to be created (a player's first play, a
 * room's first seat): the join then takes its locks one by one, creating what is missing.
 */
export const lockBalanceJoin = compiled('join_lock_balance', (db, name) =>
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
    .where(eq(salas.id, sql.placeholder('roomId')))
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
        salaId: sql.placeholder('roomId'),
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
export const insertSeatPaid = seatInsert(true);
export const insertSeatHeld = seatInsert(false);

/** Data-modifying statements without results, sent to the database as ONE statement. */
export async function writeTogether(tx: Tx, statements: SQL[]) {
  if (statements.length === 0) return;
  await tx.execute(
    sql`with ${sql.join(
      statements.map((statement, i) => sql`${sql.raw(`w${i}`)} as (${statement})`),
      sql`, `,
    )} select 1`,
  );
}
