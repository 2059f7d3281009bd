/**
 * Draws (DESIGN.md section 5): a room is drawn exactly once, with the published protocol, in one
 * database transaction that also moves the money: the pool's fee to the platform and the net prize
 * to the winner, who is then paid by PIX. A room closing with fewer than two confirmed entrants is
 * cancelled and every entry refunded to the Saldo.
 */
import { type DrawProof, type DrawSummary, formatBRL, percentOf, runDraw } from '@sorteio/shared';
import { and, desc, eq, inArray, lt, lte, or } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { participacoes, payouts, profiles, salas, sorteios, user } from '../../db/schema';
import { firstName } from '../../lib/names';
import { AppError } from '../../lib/errors';
import { randomAlphanumeric } from '../payments/simulator';
import { type DbOrTx, balanceOf, postTransaction } from '../wallet/ledger.service';

export type DrawOutcome =
  | {
      kind: 'drawn';
      sorteioId: string;
      salaId: string;
      winnerId: string;
      participantIds: string[];
      net: number;
      payoutId: string | null;
    }
  | { kind: 'cancelled'; salaId: string; refundedUserIds: string[] }
  | { kind: 'skipped'; salaId: string; reason: string };

/** Creates a prize or withdrawal payout and takes its amount out of the Saldo (in the caller's transaction). */
export async function createPayout(
  tx: DbOrTx,
  input: {
    kind: 'prize' | 'withdrawal';
    userId: string;
    amount: number;
    pixKey: string;
    sorteioId?: string | null;
  },
): Promise<string> {
  const idEnvio = `${input.kind === 'prize' ? 'PR' : 'SQ'}${randomAlphanumeric(30)}`;
  const [row] = await tx
    .insert(payouts)
    .values({
      kind: input.kind,
      userId: input.userId,
      amount: input.amount,
      pixKey: input.pixKey,
      idEnvio,
      sorteioId: input.sorteioId ?? null,
    })
    .returning({ id: payouts.id });
  await postTransaction(tx, {
    kind: 'withdrawal',
    idempotencyKey: `payout:${row!.id}`,
    description: input.kind === 'prize' ? 'Prêmio enviado por PIX' : 'Saque por PIX',
    userId: input.userId,
    metadata: { payoutId: row!.id, idEnvio },
    entries: [
      { account: { kind: 'user_saldo', userId: input.userId }, amount: -input.amount },
      { account: { kind: 'pix_clearing' }, amount: input.amount },
    ],
  });
  return row!.id;
}

/**
 * Draws one room. Allowed from `sorteando` (automatic or by an administrator) and, for an
 * administrator, from `fechada`. The room row is locked and sorteios.sala_id is unique, so two
 * server copies racing draw it once.
 */
export async function drawRoom({
  db,
  salaId,
  allowClosed = false,
}: {
  db: Db;
  config?: Config;
  salaId: string;
  allowClosed?: boolean;
}): Promise<DrawOutcome> {
  return db.transaction(async (tx) => {
    const [room] = await tx.select().from(salas).where(eq(salas.id, salaId)).for('update');
    if (!room) throw new AppError('NOT_FOUND', { message: 'Sala não encontrada' });
    const [existing] = await tx
      .select({ id: sorteios.id })
      .from(sorteios)
      .where(eq(sorteios.salaId, salaId));
    if (existing) return { kind: 'skipped', salaId, reason: 'already drawn' };
    const drawable = room.status === 'sorteando' || (allowClosed && room.status === 'fechada');
    if (!drawable) return { kind: 'skipped', salaId, reason: `status ${room.status}` };

    // The entrants are frozen now: confirmed seats only; seats still waiting for PIX are released.
    const now = new Date();
    const pendingSeats = await tx
      .update(participacoes)
      .set({ statusPagamento: 'cancelado', updatedAt: now })
      .where(and(eq(participacoes.salaId, salaId), eq(participacoes.statusPagamento, 'pendente')))
      .returning({ id: participacoes.id });
    const entrants = await tx
      .select({
        id: participacoes.id,
        userId: participacoes.userId,
        numeroSorte: participacoes.numeroSorte,
        valorPago: participacoes.valorPago,
      })
      .from(participacoes)
      .where(
        and(eq(participacoes.salaId, salaId), eq(participacoes.statusPagamento, 'confirmado')),
      );
    if (pendingSeats.length > 0) {
      await tx
        .update(salas)
        .set({ participantesAtual: entrants.length, updatedAt: now })
        .where(eq(salas.id, salaId));
    }

    if (entrants.length < 2) {
      for (const e of entrants) {
        await postTransaction(tx, {
          kind: 'refund',
          idempotencyKey: `refund:${e.id}`,
          description: `Reembolso: sala ${room.tipoSala} cancelada`,
          userId: e.userId,
          salaId,
          participacaoId: e.id,
          entries: [
            { account: { kind: 'room_pool', salaId }, amount: -e.valorPago },
            { account: { kind: 'user_saldo', userId: e.userId }, amount: e.valorPago },
          ],
        });
      }
      await tx
        .update(salas)
        .set({ status: 'cancelada', updatedAt: now })
        .where(eq(salas.id, salaId));
      return { kind: 'cancelled', salaId, refundedUserIds: entrants.map((e) => e.userId) };
    }

    const result = await runDraw({
      seedHex: room.seed.toString('hex'),
      commitment: room.commitment,
      roomId: room.id,
      luckyNumbers: entrants.map((e) => e.numeroSorte),
    });
    const winner = entrants.find((e) => e.numeroSorte === result.winningNumber)!;
    const pool = await balanceOf(tx, { kind: 'room_pool', salaId }, { forUpdate: true });
    const fee = percentOf(pool, room.taxaPersonalizadaBp);
    const net = pool - fee;
    await postTransaction(tx, {
      kind: 'prize',
      idempotencyKey: `prize:${salaId}`,
      description: `Prêmio da sala ${room.tipoSala}`,
      userId: winner.userId,
      salaId,
      participacaoId: winner.id,
      metadata: { pool, fee, net },
      entries: [
        { account: { kind: 'room_pool', salaId }, amount: -pool },
        { account: { kind: 'platform_revenue' }, amount: fee },
        { account: { kind: 'user_saldo', userId: winner.userId }, amount: net },
      ],
    });
    await tx
      .update(participacoes)
      .set({ ehVencedor: true, updatedAt: now })
      .where(eq(participacoes.id, winner.id));
    const [profile] = await tx
      .select({ chavePix: profiles.chavePix })
      .from(profiles)
      .where(eq(profiles.id, winner.userId));
    const [draw] = await tx
      .insert(sorteios)
      .values({
        salaId,
        userIdVencedor: winner.userId,
        numeroVencedor: result.winningNumber,
        winnerIndex: result.winnerIndex,
        entrantsDigest: result.entrantsDigest,
        beacon: '',
        valorPremioLiquido: net,
        // Without a PIX key the prize stays in the Saldo: it is paid there at once.
        statusPagamentoPremio: profile?.chavePix ? 'pendente' : 'confirmado',
        hashProva: result.hashProva,
        entrants: result.entrants,
        timestampSorteio: now,
      })
      .returning({ id: sorteios.id });
    const payoutId =
      profile?.chavePix && net > 0
        ? await createPayout(tx, {
            kind: 'prize',
            userId: winner.userId,
            amount: net,
            pixKey: profile.chavePix,
            sorteioId: draw!.id,
          })
        : null;
    await tx
      .update(salas)
      .set({ status: payoutId ? 'sorteada' : 'finalizada', updatedAt: now })
      .where(eq(salas.id, salaId));
    return {
      kind: 'drawn',
      sorteioId: draw!.id,
      salaId,
      winnerId: winner.userId,
      participantIds: entrants.map((e) => e.userId),
      net,
      payoutId,
    };
  });
}

/** Rooms due for a draw: full and paid with automatic draw on, or uncapped rooms past their date. */
export async function drawDueRooms({
  db,
  config,
}: {
  db: Db;
  config: Config;
}): Promise<DrawOutcome[]> {
  const now = new Date();
  // An uncapped room closes on its draw date.
  await db
    .update(salas)
    .set({ status: 'sorteando', updatedAt: now })
    .where(
      and(
        eq(salas.status, 'aberta'),
        eq(salas.temLimitePessoas, false),
        lte(salas.dataSorteio, now),
      ),
    );
  const due = await db
    .select({ id: salas.id })
    .from(salas)
    .where(and(eq(salas.status, 'sorteando'), eq(salas.sorteioAutomatico, true)))
    .limit(20);
  const outcomes: DrawOutcome[] = [];
  for (const r of due) outcomes.push(await drawRoom({ db, config, salaId: r.id }));
  return outcomes;
}

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
  options: { limit: number; cursor?: string; salaId?: string },
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
      statusPagamentoPremio: sorteios.statusPagamentoPremio,
    })
    .from(sorteios)
    .innerJoin(salas, eq(salas.id, sorteios.salaId))
    .leftJoin(profiles, eq(profiles.id, sorteios.userIdVencedor))
    .where(
      and(
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
    vencedorPrimeiroNome: firstName(r.nome, 'Anônimo'),
    statusPagamentoPremio: r.statusPagamentoPremio,
  }));
  return {
    items,
    nextCursor: rows.length > options.limit ? (items.at(-1)?.timestampSorteio ?? null) : null,
  };
}

export async function findRoomDraw(db: Db, salaId: string): Promise<DrawSummary | null> {
  const page = await listDraws(db, { limit: 1, salaId });
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
