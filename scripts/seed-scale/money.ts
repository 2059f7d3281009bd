/** The money of the scale seed's history. */
import { randomUUID } from 'node:crypto';
import { percentOf } from '@sorteio/shared';
import { type Config } from '../../apps/server/src/config';
import {
  type payouts,
  type pixCharges,
  type pixReceived,
  type sorteios,
} from '../../apps/server/src/db/schema';
import { randomAlphanumeric } from '../../apps/server/src/modules/payments/simulator';
import { type Tx, accountId } from '../../apps/server/src/modules/wallet/ledger.service';
import { LedgerBook } from './ledger-book';
import { MINUTE, type PlannedRoom, ROOM_TYPES, type Rng, type Seat, TOPUP_AMOUNTS } from './model';

/**
 * 4. The money, in the order it happened: PIX charges and receipts, ledger transactions, the draws'
 * rows and the prize payouts, for rows the caller writes in bulk.
 */
export async function simulateMoney({
  tx,
  config,
  rng,
  planned,
  lap,
}: {
  tx: Tx;
  config: Config;
  rng: Rng;
  planned: PlannedRoom[];
  lap: (what: string) => void;
}) {
  const platform = {
    platform_revenue: await accountId(tx, { kind: 'platform_revenue' }),
    platform_cashback: await accountId(tx, { kind: 'platform_cashback' }),
    pix_clearing: await accountId(tx, { kind: 'pix_clearing' }),
  };
  const book = new LedgerBook(platform);
  const charges: (typeof pixCharges)['$inferInsert'][] = [];
  const received: (typeof pixReceived)['$inferInsert'][] = [];
  const draws: (typeof sorteios)['$inferInsert'][] = [];
  const payoutRows: (typeof payouts)['$inferInsert'][] = [];
  const expirySeconds = Math.min(config.pix.chargeExpirySeconds, config.pix.seatHoldSeconds);
  // Historic charges: their BR Code and QR image are never shown again; kept short.
  const charge = (c: Omit<(typeof pixCharges)['$inferInsert'], 'brCode' | 'qrPng' | 'provider'>) =>
    charges.push({
      ...c,
      provider: 'simulator',
      brCode: `seed-scale:${c.txid}`,
      qrPng: '',
    });
  const pixIn = (
    userId: string,
    at: number,
    amount: number,
    purpose: 'participacao' | 'topup',
    participacaoId: string | null,
    description: string,
  ) => {
    const txid = randomAlphanumeric(25);
    const endToEndId = `E${randomAlphanumeric(31)}`;
    const createdAt = at - (30 + Math.floor(rng.next() * 240)) * 1000;
    charge({
      txid,
      purpose,
      userId,
      participacaoId,
      amount,
      description,
      status: 'CONCLUIDA',
      expiresAt: new Date(createdAt + expirySeconds * 1000),
      paidAt: new Date(at),
      endToEndId,
      createdAt: new Date(createdAt),
    });
    received.push({
      endToEndId,
      txid,
      amount,
      paidAt: new Date(at - 1000),
      outcome: purpose,
      receivedAt: new Date(at),
    });
    return { txid, endToEndId };
  };

  type Event =
    | { at: number; kind: 'entry'; room: PlannedRoom; seat: Seat }
    | { at: number; kind: 'close'; room: PlannedRoom };
  const events: Event[] = [];
  for (const room of planned) {
    for (const seat of room.seatList)
      if (seat.status === 'confirmado')
        events.push({ at: seat.confirmedAt!, kind: 'entry', room, seat });
    if (room.closeAt !== null) events.push({ at: room.closeAt, kind: 'close', room });
  }
  events.sort((a, b) => a.at - b.at);
  for (const event of events) {
    const { room } = event;
    const t = ROOM_TYPES[room.type];
    if (event.kind === 'entry') {
      const { seat } = event;
      const u = seat.user;
      const pool = `room_pool:${room.id}`;
      const saldo = `user_saldo:${u.id}`;
      const cashback = `user_cashback:${u.id}`;
      if (seat.method === 'pix') {
        const pix = pixIn(
          u.id,
          seat.confirmedAt!,
          t.entry,
          'participacao',
          seat.id,
          `Participação em sorteio - Sala ${room.type.replace('_', ' ')}`,
        );
        seat.txid = pix.txid;
        book.post(
          seat.confirmedAt!,
          {
            kind: 'entry_pix',
            idempotencyKey: `pix:${pix.endToEndId}`,
            description: 'Entrada paga por PIX',
            userId: u.id,
            salaId: room.id,
            participacaoId: seat.id,
            metadata: { endToEndId: pix.endToEndId, txid: pix.txid },
          },
          [
            ['pix_clearing', -t.entry],
            [pool, t.entry],
          ],
        );
      } else {
        const fromCashback = Math.min(book.balance(cashback), t.entry);
        const fromSaldo = t.entry - fromCashback;
        const short = fromSaldo - book.balance(saldo);
        if (short > 0) {
          // Topped up by PIX a few minutes before joining.
          const amount =
            TOPUP_AMOUNTS.find((a) => a >= short && rng.chance(0.6)) ??
            Math.max(short, TOPUP_AMOUNTS.at(-1)!);
          const at = Math.max(u.createdAt + 1000, seat.at - (1 + rng.next() * 19) * MINUTE);
          const pix = pixIn(u.id, at, amount, 'topup', null, 'Adicionar saldo - Sorteio Certo');
          book.post(
            at,
            {
              kind: 'topup',
              idempotencyKey: `pix:${pix.endToEndId}`,
              description: 'Saldo adicionado por PIX',
              userId: u.id,
              metadata: { endToEndId: pix.endToEndId, txid: pix.txid },
            },
            [
              ['pix_clearing', -amount],
              [saldo, amount],
            ],
          );
        }
        seat.fromCashback = fromCashback;
        book.post(
          seat.confirmedAt!,
          {
            kind: 'entry_balance',
            idempotencyKey: `entry:${seat.id}`,
            description: `Entrada na sala ${room.type}`,
            userId: u.id,
            salaId: room.id,
            participacaoId: seat.id,
            metadata: { fromCashback, fromSaldo },
          },
          [
            [cashback, -fromCashback],
            [saldo, -fromSaldo],
            [pool, t.entry],
          ],
        );
      }
      const earned = percentOf(t.entry, config.cashbackBp);
      if (earned > 0)
        book.post(
          seat.confirmedAt!,
          {
            kind: 'cashback',
            idempotencyKey: `cashback:${seat.id}`,
            description: 'Cashback da participação',
            userId: u.id,
            salaId: room.id,
            participacaoId: seat.id,
          },
          [
            ['platform_cashback', -earned],
            [cashback, earned],
          ],
        );
      continue;
    }
    const poolKey = `room_pool:${room.id}`;
    if (room.status === 'cancelada') {
      for (const seat of room.seatList.filter((s) => s.status === 'confirmado')) {
        const back = Math.min(seat.fromCashback, t.entry);
        // As the product refunds (draws.service planRefunds): the cashback the entry earned is
        // taken back as far as the player still holds Cashback; the rest is recorded.
        const cashbackKey = `user_cashback:${seat.user.id}`;
        const earned = percentOf(t.entry, config.cashbackBp);
        const reversed = Math.min(earned, book.balance(cashbackKey) + back);
        book.post(
          event.at,
          {
            kind: 'refund',
            idempotencyKey: `refund:${seat.id}`,
            description: `Reembolso: sala ${room.type} cancelada`,
            userId: seat.user.id,
            salaId: room.id,
            participacaoId: seat.id,
            metadata: {
              cashbackEarned: earned,
              cashbackReversed: reversed,
              cashbackUnrecovered: earned - reversed,
            },
          },
          [
            [poolKey, -t.entry],
            [cashbackKey, back],
            [`user_saldo:${seat.user.id}`, t.entry - back],
          ],
        );
        if (reversed > 0)
          book.post(
            event.at,
            {
              kind: 'cashback_reversal',
              idempotencyKey: `cashback-reversal:${seat.id}`,
              description: `Estorno do cashback: sala ${room.type} cancelada`,
              userId: seat.user.id,
              salaId: room.id,
              participacaoId: seat.id,
            },
            [
              [cashbackKey, -reversed],
              ['platform_cashback', reversed],
            ],
          );
      }
      continue;
    }
    // The draw: the pool's fee to the platform, the net prize to the winner's Saldo, then by PIX.
    const winner = room.seatList.find((s) => s.winner)!;
    const pool = book.balance(poolKey);
    const fee = percentOf(pool, t.feeBp);
    const net = pool - fee;
    book.post(
      event.at,
      {
        kind: 'prize',
        idempotencyKey: `prize:${room.id}`,
        description: `Prêmio da sala ${room.type}`,
        userId: winner.user.id,
        salaId: room.id,
        participacaoId: winner.id,
        metadata: { pool, fee, net },
      },
      [
        [poolKey, -pool],
        ['platform_revenue', fee],
        [`user_saldo:${winner.user.id}`, net],
      ],
    );
    const sorteioId = randomUUID();
    draws.push({
      id: sorteioId,
      salaId: room.id,
      userIdVencedor: winner.user.id,
      numeroVencedor: room.draw!.winningNumber,
      winnerIndex: room.draw!.winnerIndex,
      entrantsDigest: room.draw!.entrantsDigest,
      beacon: '',
      valorPremioLiquido: net,
      statusPagamentoPremio: 'confirmado',
      hashProva: room.draw!.hashProva,
      entrants: room.draw!.entrants,
      timestampSorteio: new Date(event.at),
      createdAt: new Date(event.at),
    });
    if (winner.user.chavePix && net > 0) {
      const payoutId = randomUUID();
      const idEnvio = `PR${randomAlphanumeric(30)}`;
      payoutRows.push({
        id: payoutId,
        kind: 'prize',
        userId: winner.user.id,
        sorteioId,
        amount: net,
        pixKey: winner.user.chavePix,
        idEnvio,
        status: 'confirmado',
        attempts: 1,
        nextAttemptAt: new Date(event.at),
        endToEndId: `E${randomAlphanumeric(31)}`,
        createdAt: new Date(event.at),
        updatedAt: new Date(event.at + 20_000),
      });
      book.post(
        event.at,
        {
          kind: 'withdrawal',
          idempotencyKey: `payout:${payoutId}`,
          description: 'Prêmio enviado por PIX',
          userId: winner.user.id,
          metadata: { payoutId, idEnvio },
        },
        [
          [`user_saldo:${winner.user.id}`, -net],
          ['pix_clearing', net],
        ],
      );
    }
  }
  // Seats that expired unpaid had a PIX charge too.
  for (const room of planned)
    for (const seat of room.seatList.filter((s) => s.status === 'cancelado')) {
      seat.txid = randomAlphanumeric(25);
      charge({
        txid: seat.txid,
        purpose: 'participacao',
        userId: seat.user.id,
        participacaoId: seat.id,
        amount: ROOM_TYPES[room.type].entry,
        description: `Participação em sorteio - Sala ${room.type.replace('_', ' ')}`,
        status: 'EXPIRADA',
        expiresAt: new Date(seat.at + 3000 + expirySeconds * 1000),
        createdAt: new Date(seat.at + 3000),
      });
    }
  lap(`ledger simulated: ${book.transactions.length} transactions, ${book.entries.length} entries`);
  return { book, charges, received, draws, payoutRows };
}
