/** The export's rooms section: the player's entries (with room and draw), draws won, rooms created. */
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { participacoes, salas, sorteios } from '../../db/schema';

export async function exportRoomRecords(db: Db, userId: string) {
  const entries = await db
    .select({ participacao: participacoes, sala: salas, sorteio: sorteios })
    .from(participacoes)
    .innerJoin(salas, eq(salas.id, participacoes.salaId))
    .leftJoin(sorteios, eq(sorteios.salaId, participacoes.salaId))
    .where(eq(participacoes.userId, userId))
    .orderBy(asc(participacoes.createdAt));
  const roomsCreated = await db
    .select({
      id: salas.id,
      tipoSala: salas.tipoSala,
      status: salas.status,
      createdAt: salas.createdAt,
    })
    .from(salas)
    .where(eq(salas.createdBy, userId));
  const drawsWon = await db
    .select({
      sorteioId: sorteios.id,
      salaId: sorteios.salaId,
      numeroVencedor: sorteios.numeroVencedor,
      valorPremioLiquido: sorteios.valorPremioLiquido,
      statusPagamentoPremio: sorteios.statusPagamentoPremio,
      data: sorteios.timestampSorteio,
    })
    .from(sorteios)
    .where(eq(sorteios.userIdVencedor, userId));

  return {
    participacoes: entries.map(({ participacao: p, sala: s, sorteio: d }) => ({
      id: p.id,
      numeroDaSorte: p.numeroSorte,
      valorPago: p.valorPago,
      statusPagamento: p.statusPagamento,
      metodoPagamento: p.metodoPagamento,
      vencedor: p.ehVencedor,
      txidPagamento: p.txidPagamento,
      criadaEm: p.createdAt,
      confirmadaEm: p.confirmedAt,
      sala: {
        id: s.id,
        tipo: s.tipoSala,
        status: s.status,
        valorEntrada: s.valorEntrada,
        taxaPlataforma: s.taxaPlataforma,
        premioLiquido: s.premioLiquido,
        dataSorteio: s.dataSorteio,
      },
      sorteio: d
        ? {
            id: d.id,
            numeroVencedor: d.numeroVencedor,
            data: d.timestampSorteio,
            hashProva: d.hashProva,
          }
        : null,
    })),
    sorteiosVencidos: drawsWon,
    salasCriadas: roomsCreated,
  };
}
