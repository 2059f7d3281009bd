import { randomUUID } from 'node:crypto';
import { getDashboard, getStats } from '../dashboard/dashboard.service';
import {
  type DrawProof,
  type DrawSummary,
  type Room,
  splitPool,
  verifyProof,
} from '@sorteio/shared';
import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import {
  ledgerAccounts,
  ledgerEntries,
  ledgerTransactions,
  participacoes,
  payouts,
  salas,
  sorteios,
} from '../../db/schema';
import type { App } from '../../lib/fastify';
import {
  createUser,
  filledRoom,
  fundedPlayer,
  joinFromBalance,
  jsonHeaders,
  signIn,
  useTestApp,
} from '../../test/helpers';
import { type PixProvider, PixProviderError } from '../payments/pix-provider';
import { createSimulatorProvider } from '../payments/simulator';
import { createRoom, joinRoom } from '../rooms/rooms.service';
import { balanceOf, walletOf } from '../wallet/ledger.service';
import { drawRoom } from './draws.service';
import { processPayouts } from './payouts.service';

const ctx = useTestApp({}, { ledgerEachTest: true });
const db = () => ctx.database.db;

const player = (options: { pixKey?: string } = {}) =>
  fundedPlayer(ctx, {
    profile: options.pixKey ? { chavePix: options.pixKey, chavePixTipo: 'email' } : {},
  });

/** A room with `n` confirmed (balance) entries, left 'sorteando' with automatic draw off. */
async function fullRoom(n: number, options: { pixKeys?: boolean } = {}) {
  const tag = randomUUID().slice(0, 6);
  const players = [];
  for (let i = 0; i < n; i += 1)
    players.push(
      await player(options.pixKeys ? { pixKey: `ganhador${i}-${tag}@teste.com.br` } : {}),
    );
  return { room: await filledRoom(ctx, players), players };
}

describe('drawing a room', () => {
  it('publishes a proof anyone can verify, and moves the pool to the winner and the platform', async () => {
    const { room, players } = await fullRoom(5);
    const [before] = await db().select().from(salas).where(eq(salas.id, room.id));
    expect(before!.status).toBe('sorteando');
    // Before the draw the seed is secret: no proof, and the room API shows only the commitment.
    const roomApi = await ctx.app.inject({
      url: `/api/rooms/${room.id}`,
      headers: { cookie: await signIn(ctx, players[0]!, '203.0.113.90') },
    });
    expect(roomApi.json().commitment).toBe(room.commitment);
    expect(JSON.stringify(roomApi.json())).not.toContain(room.seed.toString('hex'));

    const outcome = await drawRoom({ db: db(), salaId: room.id });
    expect(outcome.kind).toBe('drawn');
    if (outcome.kind !== 'drawn') return;
    await ctx.app.afterDraw(outcome);
    const proof = (
      await ctx.app.inject({ url: `/api/draws/${outcome.sorteioId}/proof` })
    ).json<DrawProof>();
    expect(proof).toMatchObject({
      version: 'v1',
      room_id: room.id,
      commitment: room.commitment,
      seed: room.seed.toString('hex'),
      beacon: '',
    });
    expect(proof.entrants).toHaveLength(5);
    expect(proof.entrants).toEqual([...proof.entrants].sort());
    const report = await verifyProof(proof);
    expect(report.checks.filter((c) => !c.ok)).toEqual([]);
    // Pool R$ 50,00: fee 15 % = R$ 7,50 to the platform, R$ 42,50 to the winner.
    expect(outcome.net).toBe(4250);
    expect(await balanceOf(db(), { kind: 'room_pool', salaId: room.id })).toBe(0);
    const winner = players.find((p) => p.id === outcome.winnerId)!;
    expect((await walletOf(db(), winner.id)).saldo).toBe(100_000 - 1000 + 4250);
    const [winnerSeat] = await db()
      .select()
      .from(participacoes)
      .where(eq(participacoes.userId, winner.id));
    expect(winnerSeat!.ehVencedor).toBe(true);
    expect(winnerSeat!.numeroSorte).toBe(proof.winning_number);
    // Every participant is told, with the verification link.
    const mails = ctx.mailer.sent.filter((m) => m.text.includes(`/sorteios/${outcome.sorteioId}`));
    expect(mails).toHaveLength(5);
    expect(mails.filter((m) => m.subject.startsWith('Você ganhou'))).toHaveLength(1);
    // Each e-mail names the room and the outcome: the prize, the numbers and the proof's link.
    const winnerMail = mails.find((m) => m.to === winner.email)!;
    expect(winnerMail.subject).toBe('Você ganhou na Sala Platina! — Sorteio Certo');
    expect(winnerMail.text).toContain('Parabéns, você ganhou na Sala Platina!');
    expect(winnerMail.text).toContain('Seu prêmio líquido é de R$\u00a042,50.');
    expect(winnerMail.text).toContain(
      `Seu número: ${winnerSeat!.numeroSorte}. Número sorteado: ${proof.winning_number}.`,
    );
    expect(winnerMail.text).toContain(
      `Ver a prova do sorteio: ${ctx.config.baseUrl}/sorteios/${outcome.sorteioId}`,
    );
    const loser = players.find((p) => p.id !== outcome.winnerId)!;
    const loserMail = mails.find((m) => m.to === loser.email)!;
    expect(loserMail.subject).toBe(
      'Resultado da Sala Platina: você não ganhou desta vez — Sorteio Certo',
    );
    expect(loserMail.text).toContain('o seu número não foi o sorteado');
    expect(loserMail.text).toContain(
      `O prêmio de R$\u00a042,50 foi para o número ${proof.winning_number}.`,
    );
    expect(loserMail.text).not.toContain('Parabéns');
    expect(loserMail.html).toContain(`/sorteios/${outcome.sorteioId}`);
    const list = (await ctx.app.inject({ url: '/api/draws' })).json();
    expect(list.items[0]).toMatchObject({
      id: outcome.sorteioId,
      hashProva: proof.hash_prova,
      numeroVencedor: proof.winning_number,
    });
  });

  it('draws a room once even when two server copies race for it', async () => {
    const { room } = await fullRoom(3);
    const second: App = await buildApp(ctx.config, {
      database: ctx.database,
      mailer: ctx.mailer,
      skipMigrations: true,
      startJobs: false,
    });
    try {
      const results = await Promise.all([
        ctx.app.inject({
          method: 'POST',
          url: `/api/admin/rooms/${room.id}/draw`,
          headers: { ...jsonHeaders, cookie: await adminCookie() },
        }),
        drawRoom({ db: second.database.db, salaId: room.id }),
        drawRoom({ db: db(), salaId: room.id }),
      ]);
      const kinds = [
        results[0].statusCode === 200 ? results[0].json().result : 'skipped',
        results[1].kind,
        results[2].kind,
      ];
      expect(kinds.filter((k) => k === 'drawn')).toHaveLength(1);
      const [n] = await db()
        .select({ n: count() })
        .from(sorteios)
        .where(eq(sorteios.salaId, room.id));
      expect(n!.n).toBe(1);
    } finally {
      await second.close();
    }
  });

  it('cancels a room with fewer than two confirmed entrants and refunds every entry', async () => {
    const room = await createRoom({
      db: db(),
      input: { tipoSala: 'bronze', valorEntradaCentavos: 500, maxParticipantes: 5, taxaBp: 2000 },
    });
    const a = await player();
    const b = await player();
    await joinFromBalance(ctx, room.id, [a]);
    await joinRoom({ db: db(), config: ctx.config, userId: b.id, roomId: room.id, metodo: 'pix' }); // never pays
    await db().update(salas).set({ status: 'fechada' }).where(eq(salas.id, room.id));
    // The protocol's own path (a room closing on its date, a private room's draw); an
    // administrator's "Sortear agora" refuses instead (room-refunds.test.ts).
    const outcome = await drawRoom({ db: db(), salaId: room.id, allowClosed: true });
    expect(outcome).toMatchObject({ kind: 'cancelled', refundedUserIds: [a.id] });
    const [after] = await db().select().from(salas).where(eq(salas.id, room.id));
    expect(after!.status).toBe('cancelada');
    expect((await walletOf(db(), a.id)).saldo).toBe(100_000);
    expect(await balanceOf(db(), { kind: 'room_pool', salaId: room.id })).toBe(0);
    const seats = await db().select().from(participacoes).where(eq(participacoes.salaId, room.id));
    expect(seats.find((s) => s.userId === b.id)!.statusPagamento).toBe('cancelado');
  });

  it('closes an uncapped room on its draw date', async () => {
    const room = await createRoom({
      db: db(),
      input: {
        tipoSala: 'master',
        valorEntradaCentavos: 1000,
        maxParticipantes: 2,
        taxaBp: 1000,
        temLimitePessoas: false,
        dataSorteio: new Date(Date.now() + 60_000),
      },
    });
    for (let i = 0; i < 3; i += 1) {
      const p = await player();
      await joinFromBalance(ctx, room.id, [p]);
    }
    expect(
      (await ctx.app.scheduler.runOnce()).draws.find((d) => d.salaId === room.id),
    ).toBeUndefined();
    await db()
      .update(salas)
      .set({ dataSorteio: new Date(Date.now() - 1000) })
      .where(eq(salas.id, room.id));
    const round = await ctx.app.scheduler.runOnce();
    const outcome = round.draws.find((d) => d.salaId === room.id);
    expect(outcome?.kind).toBe('drawn');
    // Three entries of R$ 10,00, 10 % fee: the prize follows what was actually collected.
    if (outcome?.kind === 'drawn') expect(outcome.net).toBe(2700);
  });
});

describe('prize payouts and withdrawals', () => {
  it('pays the prize by PIX once, even when the payout is processed twice or resumed after a crash', async () => {
    const { room } = await fullRoom(2, { pixKeys: true });
    const sends: string[] = [];
    const base = createSimulatorProvider({
      pixKey: 'pix@sorteiocerto.com.br',
      receiverName: 'SC',
      receiverCity: 'SP',
    });
    const provider: PixProvider = {
      ...base,
      sendPix: async (input) => {
        sends.push(input.idEnvio);
        return base.sendPix(input);
      },
    };
    const outcome = await drawRoom({ db: db(), salaId: room.id });
    if (outcome.kind !== 'drawn') throw new Error('not drawn');
    const [payout] = await db()
      .select()
      .from(payouts)
      .where(eq(payouts.sorteioId, outcome.sorteioId));
    expect(payout).toMatchObject({ status: 'pendente', amount: outcome.net, kind: 'prize' });
    // The prize is the winner's from the draw on: 'Total Ganho' and 'Vitórias' agree while it
    // travels by PIX (the statement already shows it as a credit).
    const dash = await getDashboard(db(), outcome.winnerId);
    expect(dash).toMatchObject({ vitorias: 1, totalGanho: outcome.net });
    expect((await getStats(db(), outcome.winnerId)).porMes.map((m) => m.ganho)).toEqual([
      outcome.net,
    ]);
    // A crash right after claiming: the row is left 'enviando' and the provider already got it.
    await base.sendPix({
      idEnvio: payout!.idEnvio,
      amountCentavos: payout!.amount,
      pixKey: payout!.pixKey,
    });
    await db()
      .update(payouts)
      .set({ status: 'enviando', attempts: 1, updatedAt: new Date(Date.now() - 120_000) })
      .where(eq(payouts.id, payout!.id));
    const [first, second] = await Promise.all([
      processPayouts({ db: db(), provider }),
      processPayouts({ db: db(), provider }),
    ]);
    expect([...first, ...second].map((e) => e.result)).toEqual(['confirmado']);
    expect(sends).toEqual([]); // resumed by asking the provider, not by sending again
    const [draw] = await db().select().from(sorteios).where(eq(sorteios.id, outcome.sorteioId));
    expect(draw!.statusPagamentoPremio).toBe('confirmado');
    const [after] = await db().select().from(salas).where(eq(salas.id, room.id));
    expect(after!.status).toBe('finalizada');
    expect(await processPayouts({ db: db(), provider })).toEqual([]);
  });

  it('retries a failing payout with backoff and finally puts the prize in the Saldo', async () => {
    const { room } = await fullRoom(2, { pixKeys: true });
    const outcome = await drawRoom({ db: db(), salaId: room.id });
    if (outcome.kind !== 'drawn') throw new Error('not drawn');
    const failing: PixProvider = {
      ...createSimulatorProvider({ pixKey: 'x@y.com', receiverName: 'SC', receiverCity: 'SP' }),
      sendPix: async () => {
        throw new PixProviderError('provedor fora do ar', { status: 503, retryable: true });
      },
      getSentPix: async () => {
        throw new PixProviderError('não encontrado', { status: 404, retryable: false });
      },
    };
    const winnerBefore = (await walletOf(db(), outcome.winnerId)).saldo;
    let result: string[] = [];
    for (let attempt = 0; attempt < 10 && !result.includes('devolvido'); attempt += 1) {
      await db()
        .update(payouts)
        .set({ nextAttemptAt: new Date(0) })
        .where(eq(payouts.sorteioId, outcome.sorteioId));
      result = (await processPayouts({ db: db(), provider: failing })).map((e) => e.result);
    }
    expect(result).toEqual(['devolvido']);
    const [payout] = await db()
      .select()
      .from(payouts)
      .where(eq(payouts.sorteioId, outcome.sorteioId));
    expect(payout!.attempts).toBe(6);
    expect((await walletOf(db(), outcome.winnerId)).saldo).toBe(winnerBefore + outcome.net);
  });
});

async function adminCookie() {
  const admin = await createUser(ctx, { role: 'admin' });
  return signIn(ctx, admin, `198.18.0.${Math.floor(Math.random() * 250) + 1}`);
}

describe('room draw lookup', () => {
  it('answers the draw of a room, or null before it', async () => {
    const { room } = await fullRoom(2);
    expect((await ctx.app.inject({ url: `/api/rooms/${room.id}/draw` })).json()).toEqual({
      draw: null,
    });
    const outcome = await drawRoom({ db: db(), salaId: room.id });
    const res = (await ctx.app.inject({ url: `/api/rooms/${room.id}/draw` })).json();
    expect(res.draw).toMatchObject({
      id: outcome.kind === 'drawn' ? outcome.sorteioId : 'x',
      roomId: room.id,
      participantes: 2,
    });
  });
});

describe('the fee a room shows is the fee the ledger posts', () => {
  it('room API fee and prize (list and page) equal the prize transaction after the draw', async () => {
    // R$ 9,99 x 3 at 12,5 %: 374,625 centavos, rounded half up to R$ 3,75; prize R$ 26,22.
    const room = await createRoom({
      db: db(),
      input: {
        tipoSala: 'ouro',
        valorEntradaCentavos: 999,
        maxParticipantes: 3,
        taxaBp: 1250,
        sorteioAutomatico: false,
      },
    });
    const players = [await player(), await player(), await player()];
    const cookie = await signIn(ctx, players[0]!, '203.0.113.91');
    const listed = (await ctx.app.inject({ url: '/api/rooms', headers: { cookie } }))
      .json<Room[]>()
      .find((r) => r.id === room.id);
    expect(listed).toMatchObject({
      taxaPersonalizadaBp: 1250,
      premioBruto: 2997,
      taxaPlataforma: 375,
      premioLiquido: 2622,
    });
    await joinFromBalance(ctx, room.id, players);
    const shown = (
      await ctx.app.inject({ url: `/api/rooms/${room.id}`, headers: { cookie } })
    ).json<Room>();
    expect(shown).toMatchObject({
      taxaPlataforma: listed!.taxaPlataforma,
      premioLiquido: listed!.premioLiquido,
    });
    expect(
      splitPool(shown.valorEntrada * shown.maxParticipantes, shown.taxaPersonalizadaBp),
    ).toEqual({
      grossCentavos: shown.premioBruto,
      feeCentavos: shown.taxaPlataforma,
      netCentavos: shown.premioLiquido,
    });

    const outcome = await drawRoom({ db: db(), salaId: room.id });
    if (outcome.kind !== 'drawn') throw new Error(`not drawn: ${outcome.kind}`);
    await ctx.app.afterDraw(outcome);
    const posted = await db()
      .select({ kind: ledgerAccounts.kind, amount: ledgerEntries.amount })
      .from(ledgerEntries)
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
      .where(and(eq(ledgerTransactions.kind, 'prize'), eq(ledgerTransactions.salaId, room.id)));
    const amountOf = (kind: string) => posted.find((e) => e.kind === kind)?.amount;
    expect(Number(amountOf('platform_revenue'))).toBe(shown.taxaPlataforma);
    expect(Number(amountOf('user_saldo'))).toBe(shown.premioLiquido);
    expect(Number(amountOf('room_pool'))).toBe(-shown.premioBruto);
    expect(outcome.net).toBe(shown.premioLiquido);
    // The public draw list (the proof's page) names the same prize.
    const { draw } = (await ctx.app.inject({ url: `/api/rooms/${room.id}/draw` })).json<{
      draw: DrawSummary | null;
    }>();
    expect(draw?.valorPremioLiquido).toBe(shown.premioLiquido);
  });
});
