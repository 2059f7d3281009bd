/**
 * Settling a draw (DESIGN.md section 5): the published protocol run on the frozen entrants, and in
 * the same database transaction the money: the pool's fee to the platform and the net prize to the
 * winner, who is then paid by PIX.
 */
import { type BeaconBinding, type BeaconChain, runDraw, splitPool } from '@sorteio/shared';
import type { BeaconRound } from '@sorteio/shared/drand';
import { eq } from 'drizzle-orm';
import { participacoes, payouts, profiles, salas, sorteios } from '../../../db/schema';
import { randomAlphanumeric } from '../../payments';
import { type DbOrTx, type Tx, lockAccounts, lockedBalance, postTransaction } from '../../wallet';

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

export const beaconWaitReason = (round: number) =>
  `Aguardando a rodada ${round} do beacon público (drand).`;

export type FrozenEntrant = { id: string; userId: string; numeroSorte: string; valorPago: number };

/** Runs the protocol on the frozen entrants and moves the money (in the caller's transaction). */
export async function settleDraw(
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
