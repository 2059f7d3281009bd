/** Draws as the public reads them: the lists, a room's draw, the proof, who to tell. */
import { type DrawProof, type DrawSummary, formatBRL } from '@sorteio/shared';
import { and, desc, eq, inArray, lt, ne, or } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { profiles, salas, sorteios, user } from '../../../db/schema';
import { AppError } from '../../../lib/errors';
import { firstName } from '../../../lib/names';
import type { DrawOutcome } from './settle';

/** Keyset pagination on (timestampSorteio, id): draws sharing a timestamp are never skipped. */
function cursorCondition(cursor: string | undefined) {
  if (!cursor) return undefined;
  const [iso, id] = cursor.split('_') as [string, string];
  const at = new Date(iso);
  return or(
    lt(sorteios.timestampSorteio, at),
    and(eq(sorteios.timestampSorteio, at), lt(sorteios.id, id)),
  );
}

export async function listDraws(
  db: Db,
  options: { limit: number; cursor?: string; salaId?: string; includePrivate?: boolean },
): Promise<{ items: DrawSummary[]; nextCursor: string | null }> {
  const rows = await db
    .select({
      id: sorteios.id,
      roomId: sorteios.salaId,
      tipoSala: salas.tipoSala,
      numeroVencedor: sorteios.numeroVencedor,
      hashProva: sorteios.hashProva,
      timestampSorteio: sorteios.timestampSorteio,
      valorPremioLiquido: sorteios.valorPremioLiquido,
      participantes: salas.participantesAtual,
      nome: profiles.nomeCompleto,
      anonimo: profiles.anonimoNosGanhadores,
      statusPagamentoPremio: sorteios.statusPagamentoPremio,
    })
    .from(sorteios)
    .innerJoin(salas, eq(salas.id, sorteios.salaId))
    .leftJoin(profiles, eq(profiles.id, sorteios.userIdVencedor))
    .where(
      and(
        // Public lists never name a private room's record (its members see their draw in the room).
        options.includePrivate ? undefined : ne(salas.tipoSala, 'privada'),
        cursorCondition(options.cursor),
        options.salaId ? eq(sorteios.salaId, options.salaId) : undefined,
      ),
    )
    .orderBy(desc(sorteios.timestampSorteio), desc(sorteios.id))
    .limit(options.limit + 1);
  const items = rows.slice(0, options.limit).map((r) => ({
    id: r.id,
    roomId: r.roomId,
    tipoSala: r.tipoSala,
    numeroVencedor: r.numeroVencedor,
    hashProva: r.hashProva,
    timestampSorteio: r.timestampSorteio.toISOString(),
    valorPremioLiquido: r.valorPremioLiquido,
    participantes: r.participantes,
    // The player's choice on /ganhadores holds on every public list.
    vencedorPrimeiroNome: r.anonimo ? 'Anônimo' : firstName(r.nome, 'Anônimo'),
    statusPagamentoPremio: r.statusPagamentoPremio,
  }));
  return {
    items,
    nextCursor:
      rows.length > options.limit && items.length > 0
        ? `${items.at(-1)!.timestampSorteio}_${items.at(-1)!.id}`
        : null,
  };
}

/**
 * A room's draw, or null before it happens. A private room's draw is found only with
 * `includePrivate`, for callers that already checked who is asking (the room's detail).
 */
export async function findRoomDraw(
  db: Db,
  salaId: string,
  options: { includePrivate?: boolean } = {},
): Promise<DrawSummary | null> {
  const page = await listDraws(db, { limit: 1, salaId, ...options });
  return page.items[0] ?? null;
}

/** The public proof (DESIGN.md section 5, step 7): the seed is revealed only after the draw. */
export async function getProof(db: Db, sorteioId: string): Promise<DrawProof> {
  const [row] = await db
    .select({ draw: sorteios, room: salas })
    .from(sorteios)
    .innerJoin(salas, eq(salas.id, sorteios.salaId))
    .where(eq(sorteios.id, sorteioId));
  if (!row) throw new AppError('NOT_FOUND', { message: 'Sorteio não encontrado.' });
  const d = row.draw;
  if (
    d.protocolVersion === 'v2' &&
    d.entrantsFrozenAt &&
    d.beaconRound !== null &&
    d.beaconSignature &&
    d.beaconChain
  )
    return {
      version: 'v2',
      room_id: row.room.id,
      commitment: row.room.commitment,
      commitment_published_at: row.room.commitmentPublishedAt.toISOString(),
      seed: row.room.seed.toString('hex'),
      entrants: d.entrants,
      entrants_digest: d.entrantsDigest,
      entrants_frozen_at: d.entrantsFrozenAt.toISOString(),
      beacon: d.beacon,
      beacon_round: d.beaconRound,
      beacon_signature: d.beaconSignature,
      beacon_chain: d.beaconChain,
      winner_index: d.winnerIndex,
      winning_number: d.numeroVencedor,
      hash_prova: d.hashProva,
      drawn_at: d.timestampSorteio.toISOString(),
    };
  return {
    version: 'v1',
    room_id: row.room.id,
    commitment: row.room.commitment,
    commitment_published_at: row.room.commitmentPublishedAt.toISOString(),
    seed: row.room.seed.toString('hex'),
    entrants: row.draw.entrants,
    entrants_digest: row.draw.entrantsDigest,
    beacon: row.draw.beacon,
    beacon_round: row.draw.beaconRound,
    winner_index: row.draw.winnerIndex,
    winning_number: row.draw.numeroVencedor,
    hash_prova: row.draw.hashProva,
    drawn_at: row.draw.timestampSorteio.toISOString(),
  };
}

/** Who to tell about a draw: every participant with their e-mail, the winner marked. */
export async function drawRecipients(db: Db, outcome: Extract<DrawOutcome, { kind: 'drawn' }>) {
  if (outcome.participantIds.length === 0) return [];
  const rows = await db
    .select({ id: user.id, email: user.email })
    .from(user)
    .where(inArray(user.id, outcome.participantIds));
  return rows.map((r) => ({ ...r, winner: r.id === outcome.winnerId }));
}

export const prizeText = (net: number) => formatBRL(net);
