/** PIX seats whose hold ended unpaid (DESIGN.md section 4: released when the charge expires). */
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { participacoes, salas } from '../../../db/schema';
import { moneyTransaction } from '../../wallet';

/** Frees PIX seats whose hold ended unpaid (participation cancelado, seat count down); returns the rooms touched. */
export async function expireUnpaidSeats(db: Db, now = new Date()): Promise<string[]> {
  const due = await db
    .select({ id: participacoes.id, roomId: participacoes.salaId })
    .from(participacoes)
    .where(and(eq(participacoes.statusPagamento, 'pendente'), lt(participacoes.expiresAt, now)))
    .limit(200);
  const freed: string[] = [];
  for (const p of due) {
    const done = await moneyTransaction(db, async (tx) => {
      // Same lock order as joining and confirming: the room first, then the participation.
      await tx.select({ id: salas.id }).from(salas).where(eq(salas.id, p.roomId)).for('update');
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
        .where(eq(salas.id, p.roomId));
      return true;
    });
    if (done) freed.push(p.roomId);
  }
  return freed;
}
