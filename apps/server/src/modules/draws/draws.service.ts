/**
 * Draws (DESIGN.md section 5): a room is drawn exactly once, with the published protocol, in one
 * database transaction that also moves the money: the pool's fee to the platform and the net prize
 * to the winner, who is then paid by PIX. A room closing with fewer than two confirmed entrants is
 * cancelled and every entry refunded to the Saldo.
 */
import {
  type BeaconBinding,
  type BeaconChain,
  type DrawProof,
  type DrawSummary,
  beaconRoundTimeMs,
  entrantsDigest,
  firstBeaconRoundAfter,
  formatBRL,
  roomEditMessages,
  runDraw,
  sortEntrants,
  splitPool,
} from '@sorteio/shared';
import type { BeaconRound } from '@sorteio/shared/drand';
import {
  type AnyColumn,
  type SQL,
  and,
  asc,
  desc,
  eq,
  inArray,
  lt,
  lte,
  ne,
  or,
  sql,
} from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import {
  drawBeaconWaits,
  ledgerAccounts,
  ledgerEntries,
  ledgerTransactions,
  participacoes,
  payouts,
  profiles,
  salas,
  sorteios,
  user,
} from '../../db/schema';
import { firstName } from '../../lib/names';
import { AppError } from '../../lib/errors';
import { randomAlphanumeric } from '../payments';
import { BeaconError, fetchBeaconRound } from './beacon';
import {
  type AccountRef,
  type DbOrTx,
  type PostInput,
  type Tx,
  lockAccounts,
  lockedBalance,
  moneyTransaction,
  postTransaction,
  postTransactions,
  walletOf,
} from '../wallet';

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
  /** Entrants frozen; the draw waits for its beacon round (docs/decisions/024-drand-beacon.md). */
  | { kind: 'pending'; salaId: string; beaconRound: number; reason: string }
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
 *
 * `byStaff` is an administrator's "Sortear agora": an open room is closed by the draw itself (the
 * same transaction, so nobody joins between the close and the frozen entrant list), and the draw
 * is refused, changing nothing, while a PIX seat is still being paid (releasing it could take a
 * paying player's seat away) or with fewer than two confirmed entrants (the automatic path would
 * cancel the room instead: the operator cancels it explicitly, seeing the refunds first).
 */
export async function drawRoom({
  db,
  config,
  salaId,
  allowClosed = false,
  byStaff = false,
  audit,
  beaconWaitMs,
}: {
  db: Db;
  config?: Config;
  salaId: string;
  allowClosed?: boolean;
  byStaff?: boolean;
  /** A staff member's draw: their audit row, written in the same transaction. */
  audit?: (tx: Tx, outcome: DrawOutcome, before: { status: string }) => Promise<void>;
  /**
   * With a beacon: how long this call may wait for the round before leaving the draw pending for
   * the job (default: one period plus 3 s, at most 15 s).
   */
  beaconWaitMs?: number;
}): Promise<DrawOutcome> {
  const beacon = config?.beacon ?? null;
  const outcome = await moneyTransaction(db, async (tx) => {
    const { result, statusBefore } = await drawInTransaction(tx, salaId, {
      allowClosed: allowClosed || byStaff,
      byStaff,
      beaconChain: beacon?.chain ?? null,
    });
    if (audit && result.kind !== 'skipped') await audit(tx, result, { status: statusBefore });
    return result;
  });
  if (outcome.kind !== 'pending' || !config) return outcome;
  const waitMs = beaconWaitMs ?? Math.min(15_000, (beacon?.chain.period ?? 0) * 1000 + 3000);
  const [wait] = await db
    .select({ frozenAt: drawBeaconWaits.frozenAt, chain: drawBeaconWaits.beaconChain })
    .from(drawBeaconWaits)
    .where(eq(drawBeaconWaits.salaId, salaId));
  if (!wait) return outcome;
  const dueIn = beaconRoundTimeMs(wait.chain, outcome.beaconRound) - Date.now();
  if (dueIn > waitMs) return outcome;
  if (dueIn > 0) await new Promise((resolve) => setTimeout(resolve, dueIn + 50));
  return completeBeaconDraw({ db, config, salaId });
}

async function drawInTransaction(
  tx: Tx,
  salaId: string,
  options: { allowClosed: boolean; byStaff: boolean; beaconChain: BeaconChain | null },
): Promise<{ result: DrawOutcome; statusBefore: string }> {
  const [room] = await tx.select().from(salas).where(eq(salas.id, salaId)).for('update');
  if (!room) throw new AppError('NOT_FOUND', { message: 'Sala não encontrada' });
  const statusBefore = room.status;
  const result = await drawLocked(tx, room, options);
  return { result, statusBefore };
}

async function drawLocked(
  tx: Tx,
  room: typeof salas.$inferSelect,
  {
    allowClosed,
    byStaff,
    beaconChain,
  }: { allowClosed: boolean; byStaff: boolean; beaconChain: BeaconChain | null },
): Promise<DrawOutcome> {
  const salaId = room.id;
  const [existing] = await tx
    .select({ id: sorteios.id })
    .from(sorteios)
    .where(eq(sorteios.salaId, salaId));
  if (existing) return { kind: 'skipped', salaId, reason: 'already drawn' };
  const [waiting] = await tx
    .select()
    .from(drawBeaconWaits)
    .where(eq(drawBeaconWaits.salaId, salaId));
  // Frozen already: the draw is waiting for its beacon round (the caller tries to complete it).
  if (waiting && room.status === 'sorteando')
    return {
      kind: 'pending',
      salaId,
      beaconRound: waiting.beaconRound,
      reason: waiting.lastError ?? beaconWaitReason(waiting.beaconRound),
    };
  const drawable =
    room.status === 'sorteando' ||
    (allowClosed && room.status === 'fechada') ||
    (byStaff && room.status === 'aberta');
  if (!drawable) return { kind: 'skipped', salaId, reason: `status ${room.status}` };

  if (byStaff) {
    const [seats] = await tx
      .select({
        pending: sql<number>`(count(*) filter (where ${participacoes.statusPagamento} = 'pendente'))::int`,
        confirmed: sql<number>`(count(*) filter (where ${participacoes.statusPagamento} = 'confirmado'))::int`,
      })
      .from(participacoes)
      .where(eq(participacoes.salaId, salaId));
    if ((seats?.pending ?? 0) > 0)
      throw new AppError('CONFLICT', {
        message: roomEditMessages.drawPendingPix,
        reason: 'PIX_PENDING',
      });
    if ((seats?.confirmed ?? 0) < 2)
      throw new AppError('CONFLICT', { message: roomEditMessages.drawTooFew, reason: 'TOO_FEW' });
  }

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
    .where(and(eq(participacoes.salaId, salaId), eq(participacoes.statusPagamento, 'confirmado')));
  if (pendingSeats.length > 0) {
    await tx
      .update(salas)
      .set({ participantesAtual: entrants.length, updatedAt: now })
      .where(eq(salas.id, salaId));
  }

  if (entrants.length < 2) {
    await refundEntries(tx, room, entrants);
    await tx.update(salas).set({ status: 'cancelada', updatedAt: now }).where(eq(salas.id, salaId));
    return { kind: 'cancelled', salaId, refundedUserIds: entrants.map((e) => e.userId) };
  }

  if (beaconChain) {
    // Protocol v2: the list is frozen and recorded now; the draw waits for the first beacon round
    // produced after this moment, which nobody (the platform included) can know yet.
    const sorted = sortEntrants(entrants.map((e) => e.numeroSorte));
    const round = firstBeaconRoundAfter(beaconChain, now.getTime());
    await tx.insert(drawBeaconWaits).values({
      salaId,
      entrants: sorted,
      entrantsDigest: await entrantsDigest(sorted),
      frozenAt: now,
      beaconRound: round,
      beaconChain,
      nextAttemptAt: new Date(beaconRoundTimeMs(beaconChain, round)),
    });
    await tx
      .update(salas)
      .set({ status: 'sorteando', participantesAtual: entrants.length, updatedAt: now })
      .where(eq(salas.id, salaId));
    return { kind: 'pending', salaId, beaconRound: round, reason: beaconWaitReason(round) };
  }
  return settleDraw(tx, room, entrants, now, null);
}

const beaconWaitReason = (round: number) =>
  `Aguardando a rodada ${round} do beacon público (drand).`;

type FrozenEntrant = { id: string; userId: string; numeroSorte: string; valorPago: number };

/** Runs the protocol on the frozen entrants and moves the money (in the caller's transaction). */
async function settleDraw(
  tx: Tx,
  room: typeof salas.$inferSelect,
  entrants: FrozenEntrant[],
  now: Date,
  beacon: {
    binding: BeaconBinding;
    frozenAt: Date;
    round: BeaconRound;
    chain: BeaconChain;
  } | null,
): Promise<DrawOutcome> {
  const salaId = room.id;
  const result = await runDraw({
    seedHex: room.seed.toString('hex'),
    commitment: room.commitment,
    roomId: room.id,
    luckyNumbers: entrants.map((e) => e.numeroSorte),
    ...(beacon && { beacon: beacon.round.randomness, binding: beacon.binding }),
  });
  const winner = entrants.find((e) => e.numeroSorte === result.winningNumber)!;
  // The pool and the winner's Saldo, in one sorted lock (docs/decisions/007).
  const poolRef = { kind: 'room_pool', salaId } as const;
  const locked = await lockAccounts(tx, [poolRef, { kind: 'user_saldo', userId: winner.userId }]);
  const pool = lockedBalance(locked, poolRef);
  // The same split the room showed before anyone paid (splitPool in @sorteio/shared).
  const { feeCentavos: fee, netCentavos: net } = splitPool(pool, room.taxaPersonalizadaBp);
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
      beacon: beacon?.round.randomness ?? '',
      beaconRound: beacon?.round.round ?? null,
      protocolVersion: beacon ? 'v2' : 'v1',
      entrantsFrozenAt: beacon?.frozenAt ?? null,
      beaconSignature: beacon?.round.signature ?? null,
      beaconChain: beacon?.chain ?? null,
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
}

type Entrant = { id: string; userId: string; valorPago: number };
type Balances = { saldo: number; cashback: number };

/** What a refund does to one player, in centavos (the cancel preview and the audit row show it). */
export interface PlayerRefund {
  userId: string;
  participacaoId: string;
  amount: number;
  toSaldo: number;
  toCashback: number;
  /** Cashback the entry earned when it was confirmed. */
  cashbackEarned: number;
  /** The part of it taken back with the refund (what the player still held). */
  cashbackReversed: number;
  /** The part the player had already spent: recorded on the refund, never taken from the Saldo. */
  cashbackUnrecovered: number;
  before: Balances;
  after: Balances;
}

/** The ledger's key of an entry's refund (unique): finance tells a refunded entry by it. */
export const refundKey = (participacaoId: string) => `refund:${participacaoId}`;

/**
 * True when the participation whose id is `participacaoId` (an SQL expression) was refunded. Reads
 * the ledger through the unique idempotency key, so it costs one index probe.
 */
export const isRefundedSql = (participacaoId: SQL | AnyColumn) =>
  sql<boolean>`exists (select 1 from ${ledgerTransactions} r where r.idempotency_key = 'refund:' || (${participacaoId})::text)`;

/**
 * What each confirmed entry of a room paid from the Cashback (0 for PIX and Saldo-only entries)
 * and the cashback it earned, read from the ledger (not from today's settings).
 */
async function entryMoney(db: DbOrTx, salaId: string) {
  const rows = await db
    .select({
      participacaoId: ledgerTransactions.participacaoId,
      kind: ledgerTransactions.kind,
      amount: ledgerEntries.amount,
    })
    .from(ledgerTransactions)
    .innerJoin(ledgerEntries, eq(ledgerEntries.transactionId, ledgerTransactions.id))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .where(
      and(
        eq(ledgerTransactions.salaId, salaId),
        inArray(ledgerTransactions.kind, ['entry_balance', 'cashback']),
        eq(ledgerAccounts.kind, 'user_cashback'),
      ),
    );
  const fromCashback = new Map<string, number>();
  const earned = new Map<string, number>();
  for (const r of rows) {
    if (!r.participacaoId) continue;
    const map = r.kind === 'cashback' ? earned : fromCashback;
    map.set(r.participacaoId, (map.get(r.participacaoId) ?? 0) + Math.abs(r.amount));
  }
  return { fromCashback, earned };
}

/**
 * The refund of each entry: the part paid with Cashback back to the Cashback, the rest (Saldo or
 * PIX) to the Saldo; then the cashback the entry earned is taken back, as far as the player still
 * holds Cashback (the refund's own Cashback part included). What they already spent on other
 * entries is recorded as unrecovered: the refund always gives back exactly what was paid, and the
 * Saldo (withdrawable money) is never debited for promotional credit, so no balance goes negative.
 * `balances` is updated as the plan goes (one player may appear once per room).
 */
function planRefunds(
  entrants: Entrant[],
  money: Awaited<ReturnType<typeof entryMoney>>,
  balances: Map<string, Balances>,
): PlayerRefund[] {
  return entrants.map((e) => {
    const before = balances.get(e.userId) ?? { saldo: 0, cashback: 0 };
    const toCashback = Math.min(money.fromCashback.get(e.id) ?? 0, e.valorPago);
    const toSaldo = e.valorPago - toCashback;
    const cashbackEarned = money.earned.get(e.id) ?? 0;
    const cashbackReversed = Math.min(cashbackEarned, before.cashback + toCashback);
    const after = {
      saldo: before.saldo + toSaldo,
      cashback: before.cashback + toCashback - cashbackReversed,
    };
    balances.set(e.userId, after);
    return {
      userId: e.userId,
      participacaoId: e.id,
      amount: e.valorPago,
      toSaldo,
      toCashback,
      cashbackEarned,
      cashbackReversed,
      cashbackUnrecovered: cashbackEarned - cashbackReversed,
      before,
      after,
    };
  });
}

/**
 * Gives every confirmed entry of a room back (see `planRefunds`), each as a 'refund' ledger
 * transaction and, when the entry earned cashback the player still holds, a 'cashback_reversal'
 * one, in the caller's database transaction. Locks the pool and every entrant's accounts in one
 * sorted statement first (docs/decisions/007-money-lock-order.md).
 */
async function refundEntries(
  tx: Tx,
  room: { id: string; tipoSala: string },
  entrants: Entrant[],
): Promise<PlayerRefund[]> {
  if (entrants.length === 0) return [];
  const refs: AccountRef[] = [{ kind: 'room_pool', salaId: room.id }];
  for (const e of entrants)
    refs.push(
      { kind: 'user_saldo', userId: e.userId },
      { kind: 'user_cashback', userId: e.userId },
    );
  const locked = await lockAccounts(tx, refs);
  const balances = new Map<string, Balances>();
  for (const e of entrants)
    balances.set(e.userId, {
      saldo: lockedBalance(locked, { kind: 'user_saldo', userId: e.userId }),
      cashback: lockedBalance(locked, { kind: 'user_cashback', userId: e.userId }),
    });
  const plan = planRefunds(entrants, await entryMoney(tx, room.id), balances);
  const posts: PostInput[] = [];
  for (const r of plan) {
    posts.push({
      kind: 'refund',
      idempotencyKey: refundKey(r.participacaoId),
      description: `Reembolso: sala ${room.tipoSala} cancelada`,
      userId: r.userId,
      salaId: room.id,
      participacaoId: r.participacaoId,
      metadata: {
        cashbackEarned: r.cashbackEarned,
        cashbackReversed: r.cashbackReversed,
        cashbackUnrecovered: r.cashbackUnrecovered,
      },
      entries: [
        { account: { kind: 'room_pool', salaId: room.id }, amount: -r.amount },
        { account: { kind: 'user_cashback', userId: r.userId }, amount: r.toCashback },
        { account: { kind: 'user_saldo', userId: r.userId }, amount: r.toSaldo },
      ],
    });
    if (r.cashbackReversed > 0)
      posts.push({
        kind: 'cashback_reversal',
        idempotencyKey: `cashback-reversal:${r.participacaoId}`,
        description: `Estorno do cashback: sala ${room.tipoSala} cancelada`,
        userId: r.userId,
        salaId: room.id,
        participacaoId: r.participacaoId,
        entries: [
          { account: { kind: 'user_cashback', userId: r.userId }, amount: -r.cashbackReversed },
          { account: { kind: 'platform_cashback' }, amount: r.cashbackReversed },
        ],
      });
  }
  await postTransactions(tx, posts);
  return plan;
}

/** The message of a room that can no longer be cancelled. */
const settledMessage = 'Esta sala já foi sorteada ou cancelada e não pode ser cancelada.';

/**
 * What cancelling a room would refund, read without locking (the operator's confirmation): the
 * same plan `cancelRoom` carries out, on the balances of this moment.
 */
export async function previewCancellation(db: Db, salaId: string) {
  const [room] = await db.select().from(salas).where(eq(salas.id, salaId));
  if (!room) throw new AppError('NOT_FOUND', { message: 'Sala não encontrada' });
  const [drawn] = await db
    .select({ id: sorteios.id })
    .from(sorteios)
    .where(eq(sorteios.salaId, salaId));
  if (drawn || ['sorteada', 'finalizada', 'cancelada'].includes(room.status))
    throw new AppError('CONFLICT', { message: settledMessage, reason: 'ROOM_SETTLED' });
  const seats = await db
    .select({
      id: participacoes.id,
      userId: participacoes.userId,
      valorPago: participacoes.valorPago,
      status: participacoes.statusPagamento,
      nome: profiles.nomeCompleto,
      email: user.email,
    })
    .from(participacoes)
    .innerJoin(user, eq(user.id, participacoes.userId))
    .leftJoin(profiles, eq(profiles.id, participacoes.userId))
    .where(
      and(
        eq(participacoes.salaId, salaId),
        inArray(participacoes.statusPagamento, ['confirmado', 'pendente']),
      ),
    )
    .orderBy(asc(participacoes.createdAt));
  const entrants = seats.filter((s) => s.status === 'confirmado');
  const balances = new Map<string, Balances>();
  for (const e of entrants) balances.set(e.userId, await walletOf(db, e.userId));
  const plan = planRefunds(entrants, await entryMoney(db, salaId), new Map(balances));
  const who = new Map(entrants.map((e) => [e.userId, e]));
  return {
    salaId,
    total: plan.reduce((acc, r) => acc + r.amount, 0),
    pendingSeats: seats.length - entrants.length,
    players: plan.map((r) => ({
      userId: r.userId,
      name: who.get(r.userId)?.nome ?? firstName(null, 'Jogador'),
      email: who.get(r.userId)?.email ?? '',
      amount: r.amount,
      toSaldo: r.toSaldo,
      toCashback: r.toCashback,
      cashbackReversed: r.cashbackReversed,
      balances: r.before,
    })),
  };
}

/**
 * An administrator cancels a room that is not drawn yet: seats waiting for PIX are released (a
 * PIX that still arrives goes to the payer's Saldo), every confirmed entry is refunded, the room
 * becomes 'cancelada'. `audit` runs inside the same transaction (the caller's audit row).
 */
export async function cancelRoom({
  db,
  salaId,
  audit,
}: {
  db: Db;
  salaId: string;
  audit?: (tx: Tx, before: typeof salas.$inferSelect, refunds: PlayerRefund[]) => Promise<void>;
}): Promise<Extract<DrawOutcome, { kind: 'cancelled' }>> {
  return moneyTransaction(db, async (tx) => {
    const [room] = await tx.select().from(salas).where(eq(salas.id, salaId)).for('update');
    if (!room) throw new AppError('NOT_FOUND', { message: 'Sala não encontrada' });
    const [drawn] = await tx
      .select({ id: sorteios.id })
      .from(sorteios)
      .where(eq(sorteios.salaId, salaId));
    if (drawn || ['sorteada', 'finalizada', 'cancelada'].includes(room.status))
      throw new AppError('CONFLICT', { message: settledMessage, reason: 'ROOM_SETTLED' });
    const now = new Date();
    await tx
      .update(participacoes)
      .set({ statusPagamento: 'cancelado', updatedAt: now })
      .where(and(eq(participacoes.salaId, salaId), eq(participacoes.statusPagamento, 'pendente')));
    const entrants = await tx
      .select({
        id: participacoes.id,
        userId: participacoes.userId,
        valorPago: participacoes.valorPago,
      })
      .from(participacoes)
      .where(
        and(eq(participacoes.salaId, salaId), eq(participacoes.statusPagamento, 'confirmado')),
      );
    const refunds = await refundEntries(tx, room, entrants);
    await tx
      .update(salas)
      .set({ status: 'cancelada', participantesAtual: entrants.length, updatedAt: now })
      .where(eq(salas.id, salaId));
    await audit?.(tx, room, refunds);
    return { kind: 'cancelled', salaId, refundedUserIds: entrants.map((e) => e.userId) };
  });
}

/**
 * Completes a frozen draw once its beacon round is out: fetches and verifies the round, then draws
 * on the frozen list in one transaction. A round that cannot be had leaves the draw pending, with
 * the reason and the next attempt (backoff doubling up to DRAND_RETRY_MAX_SECONDS) on the wait
 * row. It never draws without the beacon.
 */
export async function completeBeaconDraw({
  db,
  config,
  salaId,
}: {
  db: Db;
  config: Config;
  salaId: string;
}): Promise<DrawOutcome> {
  const [wait] = await db.select().from(drawBeaconWaits).where(eq(drawBeaconWaits.salaId, salaId));
  if (!wait) return { kind: 'skipped', salaId, reason: 'no beacon wait' };
  const now = Date.now();
  const dueAt = beaconRoundTimeMs(wait.beaconChain, wait.beaconRound);
  const pending = (reason: string): DrawOutcome => ({
    kind: 'pending',
    salaId,
    beaconRound: wait.beaconRound,
    reason,
  });
  if (now < dueAt) return pending(beaconWaitReason(wait.beaconRound));
  let round: BeaconRound;
  try {
    if (!config.beacon)
      throw new BeaconError(
        'O beacon público não está mais configurado (DRAND_URL): o sorteio continua aguardando.',
      );
    if (config.beacon.chain.hash !== wait.beaconChain.hash)
      throw new BeaconError(
        `A rede do beacon configurada mudou; este sorteio espera a rede ${wait.beaconChain.hash}.`,
      );
    round = await fetchBeaconRound(config.beacon, wait.beaconChain, wait.beaconRound);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const notYet = error instanceof BeaconError && error.notYet;
    const maxSeconds = config.beacon?.retryMaxSeconds ?? 300;
    const delaySeconds = notYet
      ? Math.max(1, wait.beaconChain.period)
      : Math.min(maxSeconds, 2 ** Math.min(wait.attempts, 20) * 2);
    await db
      .update(drawBeaconWaits)
      .set({
        attempts: wait.attempts + 1,
        lastError: reason,
        nextAttemptAt: new Date(Date.now() + delaySeconds * 1000),
      })
      .where(eq(drawBeaconWaits.salaId, salaId));
    return pending(reason);
  }
  return moneyTransaction(db, async (tx) => {
    const [room] = await tx.select().from(salas).where(eq(salas.id, salaId)).for('update');
    if (!room) throw new AppError('NOT_FOUND', { message: 'Sala não encontrada' });
    const [drawn] = await tx
      .select({ id: sorteios.id })
      .from(sorteios)
      .where(eq(sorteios.salaId, salaId));
    const [frozen] = await tx
      .select()
      .from(drawBeaconWaits)
      .where(eq(drawBeaconWaits.salaId, salaId));
    if (drawn || !frozen || room.status !== 'sorteando')
      return { kind: 'skipped', salaId, reason: 'already settled' } as const;
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
    // Nobody joins a room being drawn: the confirmed seats are the frozen list, or nothing is drawn.
    if (sortEntrants(entrants.map((e) => e.numeroSorte)).join('\n') !== frozen.entrants.join('\n'))
      throw new Error(`room ${salaId}: confirmed seats differ from the frozen entrant list`);
    await tx.delete(drawBeaconWaits).where(eq(drawBeaconWaits.salaId, salaId));
    return settleDraw(tx, room, entrants, new Date(), {
      binding: { entrantsFrozenAt: frozen.frozenAt.toISOString(), round: frozen.beaconRound },
      frozenAt: frozen.frozenAt,
      round,
      chain: frozen.beaconChain,
    });
  });
}

/** Frozen draws whose next beacon attempt is due. */
export async function completeDueBeaconDraws({
  db,
  config,
}: {
  db: Db;
  config: Config;
}): Promise<DrawOutcome[]> {
  const due = await db
    .select({ salaId: drawBeaconWaits.salaId })
    .from(drawBeaconWaits)
    .innerJoin(salas, eq(salas.id, drawBeaconWaits.salaId))
    .where(and(lte(drawBeaconWaits.nextAttemptAt, new Date()), eq(salas.status, 'sorteando')))
    .orderBy(asc(drawBeaconWaits.nextAttemptAt))
    .limit(20);
  const outcomes: DrawOutcome[] = [];
  for (const r of due) outcomes.push(await completeBeaconDraw({ db, config, salaId: r.salaId }));
  return outcomes;
}

/** Why a room's draw is still waiting for its beacon round, or null (the room page shows it). */
export async function beaconWaitOf(db: DbOrTx, salaId: string) {
  const [wait] = await db
    .select({
      round: drawBeaconWaits.beaconRound,
      frozenAt: drawBeaconWaits.frozenAt,
      attempts: drawBeaconWaits.attempts,
      lastError: drawBeaconWaits.lastError,
      nextAttemptAt: drawBeaconWaits.nextAttemptAt,
    })
    .from(drawBeaconWaits)
    .where(eq(drawBeaconWaits.salaId, salaId));
  return wait ?? null;
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
  // The job never blocks on a beacon round: frozen draws complete in the pass below or a later one.
  for (const r of due) outcomes.push(await drawRoom({ db, config, salaId: r.id, beaconWaitMs: 0 }));
  if (config.beacon || outcomes.some((o) => o.kind === 'pending'))
    outcomes.push(...(await completeDueBeaconDraws({ db, config })));
  return outcomes.filter((o) => !(o.kind === 'skipped' && o.reason === 'no beacon wait'));
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
