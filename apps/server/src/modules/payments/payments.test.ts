import fc from 'fast-check';
import { and, eq } from 'drizzle-orm';
import { PixElementType, hasError, parsePix } from 'pix-utils';
import { describe, expect, it, vi } from 'vitest';
import { participacoes, pixCharges, profiles, salas, userSecurityLogs } from '../../db/schema';
import { caller, createUser, newCpf, topUp, useTestApp, verifiedPlayer } from '../../test/helpers';
import { createRoom, joinRoom } from '../rooms/rooms.service';
import { walletOf } from '../wallet/ledger.service';
import { createSimulatorProvider } from './simulator';
import type { SimulatorProvider } from './simulator';

const ctx = useTestApp({}, { ledgerEachTest: true });

const db = () => ctx.database.db;
const simulator = () => ctx.app.pix as SimulatorProvider;

async function room(overrides: Partial<Parameters<typeof createRoom>[0]['input']> = {}) {
  return createRoom({
    db: db(),
    input: {
      tipoSala: 'ouro',
      valorEntradaCentavos: 1000,
      maxParticipantes: 10,
      taxaBp: 2000,
      ...overrides,
    },
  });
}

const call = caller(ctx);

async function giveSaldo(userId: string, amount: number) {
  await topUp(ctx, userId, amount);
}

describe('joining a room', () => {
  it('refuses each broken rule with the specification message and changes nothing', async () => {
    const r = await room({ maxParticipantes: 2 });
    const unverified = await createUser(ctx, { profile: { nomeCompleto: 'Sem verificação' } });
    const { signIn } = await import('../../test/helpers');
    const unverifiedCookie = await signIn(ctx, unverified, '203.0.113.200');
    const notVerified = await call('POST', `/api/rooms/${r.id}/join`, unverifiedCookie, {
      metodo: 'pix',
    });
    expect(notVerified.statusCode).toBe(403);
    expect(notVerified.json().error.reason).toBe('NOT_VERIFIED');

    const anonymous = await call('POST', `/api/rooms/${r.id}/join`, undefined, { metodo: 'pix' });
    expect(anonymous.json().error.message).toBe('Usuário não autenticado');

    const a = await verifiedPlayer(ctx);
    const badMethod = await call('POST', `/api/rooms/${r.id}/join`, a.cookie, { metodo: 'boleto' });
    expect(badMethod.json().error.message).toBe('Escolha a forma de pagamento.');
    const missing = await call(
      'POST',
      '/api/rooms/00000000-0000-4000-8000-000000000000/join',
      a.cookie,
      { metodo: 'pix' },
    );
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe('Sala não encontrada');

    expect(
      (await call('POST', `/api/rooms/${r.id}/join`, a.cookie, { metodo: 'pix' })).statusCode,
    ).toBe(200);
    const twice = await call('POST', `/api/rooms/${r.id}/join`, a.cookie, { metodo: 'pix' });
    expect(twice.json().error).toMatchObject({
      reason: 'ALREADY_JOINED',
      message: 'Você já está participando desta sala!',
    });

    const b = await verifiedPlayer(ctx);
    await giveSaldo(b.id, 500);
    const short = await call('POST', `/api/rooms/${r.id}/join`, b.cookie, { metodo: 'balance' });
    expect(short.json().error).toMatchObject({
      reason: 'INSUFFICIENT_BALANCE',
      message: 'Saldo insuficiente. Adicione saldo na seção Cashback.',
    });
    expect(await walletOf(db(), b.id)).toEqual({ saldo: 500, cashback: 0 });
    expect(
      (await call('POST', `/api/rooms/${r.id}/join`, b.cookie, { metodo: 'pix' })).statusCode,
    ).toBe(200);

    const c = await verifiedPlayer(ctx);
    const full = await call('POST', `/api/rooms/${r.id}/join`, c.cookie, { metodo: 'pix' });
    expect(full.json().error).toMatchObject({
      reason: 'ROOM_FULL',
      message: 'Sala lotada! Não há mais vagas disponíveis',
    });
    // A seated player trying again in the full room hears that they are in already.
    const aAgain = await call('POST', `/api/rooms/${r.id}/join`, a.cookie, { metodo: 'pix' });
    expect(aAgain.json().error.reason).toBe('ALREADY_JOINED');
    // One security log row per seat taken, written with it; none for a refused join.
    const participationLog = async (userId: string) =>
      (
        await db()
          .select({ id: userSecurityLogs.id })
          .from(userSecurityLogs)
          .where(
            and(
              eq(userSecurityLogs.userId, userId),
              eq(userSecurityLogs.actionType, 'draw_participation'),
            ),
          )
      ).length;
    expect([await participationLog(a.id), await participationLog(b.id)]).toEqual([1, 1]);
    // The row as the security log screen reads it: who, from where, what, not flagged, when.
    const [logged] = await db()
      .select()
      .from(userSecurityLogs)
      .where(
        and(
          eq(userSecurityLogs.userId, a.id),
          eq(userSecurityLogs.actionType, 'draw_participation'),
        ),
      );
    expect(logged).toMatchObject({
      email: null,
      ipAddress: '127.0.0.1',
      isSuspicious: false,
      suspiciousReason: null,
      userAgent: 'lightMyRequest',
    });
    expect(Date.now() - logged!.timestamp.getTime()).toBeLessThan(60_000);
    expect(await participationLog(c.id)).toBe(0);
    const closed = await room();
    await db().update(salas).set({ status: 'fechada' }).where(eq(salas.id, closed.id));
    const notOpen = await call('POST', `/api/rooms/${closed.id}/join`, c.cookie, { metodo: 'pix' });
    expect(notOpen.json().error).toMatchObject({
      reason: 'ROOM_NOT_OPEN',
      message: 'Esta sala não está mais disponível para participação',
    });
    const [after] = await db().select().from(salas).where(eq(salas.id, r.id));
    expect(after!.participantesAtual).toBe(2);
  });

  it('gives a lucky number of the specified shape, unique in the room', async () => {
    const r = await room({ tipoSala: 'vip_ultra', maxParticipantes: 30 });
    const numbers = new Set<string>();
    for (let i = 0; i < 25; i += 1) {
      const p = await verifiedPlayer(ctx);
      const res = await call('POST', `/api/rooms/${r.id}/join`, p.cookie, { metodo: 'pix' });
      const n = res.json().participation.numeroSorte as string;
      expect(n).toMatch(/^V\d{7}$/);
      numbers.add(n);
    }
    expect(numbers.size).toBe(25);
  });

  it('seats exactly 50 of 500 parallel joins for 50 seats', async () => {
    const r = await room({ maxParticipantes: 50 });
    const users = await Promise.all(
      Array.from({ length: 500 }, () =>
        createUser(ctx, {
          profile: {
            nomeCompleto: 'Corrida',
            cpf: newCpf(),
            dataNascimento: '1990-01-01',
            isVerified: true,
          },
        }),
      ),
    );
    const results = await Promise.allSettled(
      users.map((u) =>
        joinRoom({ db: db(), config: ctx.config, userId: u.id, roomId: r.id, metodo: 'pix' }),
      ),
    );
    expect(results.filter((x) => x.status === 'fulfilled')).toHaveLength(50);
    const reasons = results.flatMap((x) =>
      x.status === 'rejected' ? [(x.reason as { reason?: string }).reason] : [],
    );
    expect(new Set(reasons)).toEqual(new Set(['ROOM_FULL']));
    const [after] = await db().select().from(salas).where(eq(salas.id, r.id));
    expect(after!.participantesAtual).toBe(50);
    const seats = await db().select().from(participacoes).where(eq(participacoes.salaId, r.id));
    expect(seats).toHaveLength(50);
    expect(new Set(seats.map((s) => s.numeroSorte)).size).toBe(50);
    // 500 accounts and 500 joins on the embedded database: well past the 30 s default when the
    // suite's other steps share the two cores.
  }, 120_000);

  it('lets one user with money for 3 entries get exactly 3 of 20 parallel balance joins', async () => {
    const rooms = await Promise.all(
      Array.from({ length: 20 }, () => room({ valorEntradaCentavos: 1000 })),
    );
    const u = await createUser(ctx, {
      profile: {
        nomeCompleto: 'Apressado',
        cpf: newCpf(),
        dataNascimento: '1990-01-01',
        isVerified: true,
      },
    });
    await giveSaldo(u.id, 3000);
    const results = await Promise.allSettled(
      rooms.map((r) =>
        joinRoom({ db: db(), config: ctx.config, userId: u.id, roomId: r.id, metodo: 'balance' }),
      ),
    );
    expect(results.filter((x) => x.status === 'fulfilled')).toHaveLength(3);
    const wallet = await walletOf(db(), u.id);
    // 3 entries of R$ 10,00 paid; cashback (2 %) credited on each and spent first on later entries.
    expect(wallet.saldo + wallet.cashback).toBeGreaterThanOrEqual(0);
    expect(wallet.saldo).toBeGreaterThanOrEqual(0);
  });

  it('confirms a balance entry at once, spending Cashback before Saldo and crediting cashback', async () => {
    const r = await room({ valorEntradaCentavos: 1000 });
    const p = await verifiedPlayer(ctx);
    await giveSaldo(p.id, 5000);
    const res = await call('POST', `/api/rooms/${r.id}/join`, p.cookie, { metodo: 'balance' });
    expect(res.json().participation).toMatchObject({
      statusPagamento: 'confirmado',
      metodoPagamento: 'balance',
      expiresAt: null,
    });
    expect(await walletOf(db(), p.id)).toEqual({ saldo: 4000, cashback: 20 });
    const r2 = await room({ valorEntradaCentavos: 1000 });
    await call('POST', `/api/rooms/${r2.id}/join`, p.cookie, { metodo: 'balance' });
    expect(await walletOf(db(), p.id)).toEqual({ saldo: 3020, cashback: 20 });
  });
});

describe('PIX', () => {
  async function pixSeat(amount = 1000) {
    const r = await room({ valorEntradaCentavos: amount, maxParticipantes: 2 });
    const p = await verifiedPlayer(ctx);
    const join = (
      await call('POST', `/api/rooms/${r.id}/join`, p.cookie, { metodo: 'pix' })
    ).json();
    const charge = await call('POST', '/api/payments/pix', p.cookie, {
      participacaoId: join.participation.id,
    });
    expect(charge.statusCode).toBe(200);
    return { room: r, player: p, participation: join.participation, charge: charge.json() };
  }

  it('issues a BR Code with the txid and a QR image, and confirms only when paid', async () => {
    const { player, participation, charge } = await pixSeat(1234);
    expect(charge).toMatchObject({
      valor: 1234,
      status: 'ATIVA',
      purpose: 'participacao',
      participacaoId: participation.id,
    });
    expect(charge.qrCodeBase64).toMatch(/^data:image\/png;base64,/);
    const parsed = parsePix(charge.qrCodeText);
    expect(hasError(parsed)).toBe(false);
    expect(parsed).toMatchObject({ transactionAmount: 12.34, txid: charge.txid });
    // The same charge comes back while it is active; the status stays ATIVA without payment.
    expect(
      (
        await call('POST', '/api/payments/pix', player.cookie, { participacaoId: participation.id })
      ).json().txid,
    ).toBe(charge.txid);
    expect(
      (await call('GET', `/api/payments/pix/${charge.txid}`, player.cookie)).json().status,
    ).toBe('ATIVA');
    expect(
      (await call('POST', `/api/payments/pix/${charge.txid}/simulate`, player.cookie)).json(),
    ).toEqual({ ok: true });
    expect(
      (await call('GET', `/api/payments/pix/${charge.txid}`, player.cookie)).json().status,
    ).toBe('CONCLUIDA');
    const [seat] = await db()
      .select()
      .from(participacoes)
      .where(eq(participacoes.id, participation.id));
    expect(seat).toMatchObject({ statusPagamento: 'confirmado', txidPagamento: charge.txid });
    expect(await walletOf(db(), player.id)).toEqual({ saldo: 0, cashback: 25 }); // 2 % of R$ 12,34, half up
  });

  it('credits a webhook delivered 5 times only once', async () => {
    const { player, charge } = await pixSeat();
    const body = simulator().pay(charge.txid);
    for (let i = 0; i < 5; i += 1) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/api/webhooks/pix/${ctx.config.pix.webhookSecret}/pix`,
        payload: body,
      });
      expect(res.statusCode).toBe(200);
    }
    expect(await walletOf(db(), player.id)).toEqual({ saldo: 0, cashback: 20 });
    const { ledgerTransactions } = await import('../../db/schema');
    const entries = await db()
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.idempotencyKey, `pix:${body.pix[0]!.endToEndId}`));
    expect(entries).toHaveLength(1);
  });

  it('refuses a webhook without the secret or with a malformed body', async () => {
    const { charge } = await pixSeat();
    const body = simulator().pay(charge.txid);
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/webhooks/pix/segredo-errado/pix',
          payload: body,
        })
      ).statusCode,
    ).toBe(404);
    const bad = await ctx.app.inject({
      method: 'POST',
      url: `/api/webhooks/pix/${ctx.config.pix.webhookSecret}/pix`,
      payload: { pix: [{ valor: 'dez' }] },
    });
    expect(bad.statusCode).toBe(400);
    const [still] = await db().select().from(pixCharges).where(eq(pixCharges.txid, charge.txid));
    expect(still!.status).toBe('ATIVA');
  });

  it('frees an unpaid seat when its hold ends, and a late payment lands in the Saldo', async () => {
    const { room: r, player, participation, charge } = await pixSeat();
    await db()
      .update(participacoes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(participacoes.id, participation.id));
    const body = simulator().pay(charge.txid);
    // The expiry round runs before the payment is delivered (the polling sees the simulator's
    // payment only after 30 s, so it does not pick it up here).
    const { expireUnpaidSeats } = await import('../rooms/rooms.service');
    expect(await expireUnpaidSeats(db())).toEqual([r.id]);
    const [freed] = await db().select().from(salas).where(eq(salas.id, r.id));
    expect(freed!.participantesAtual).toBe(0);
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/webhooks/pix/${ctx.config.pix.webhookSecret}/pix`,
      payload: body,
    });
    expect(res.statusCode).toBe(200);
    const [seat] = await db()
      .select()
      .from(participacoes)
      .where(eq(participacoes.id, participation.id));
    expect(seat!.statusPagamento).toBe('cancelado');
    expect(await walletOf(db(), player.id)).toEqual({ saldo: 1000, cashback: 0 });
    const mail = ctx.mailer.sent.findLast((m) => m.to === player.email);
    expect(mail?.subject).toBe('Seu PIX foi creditado no saldo — Sorteio Certo');
    // A new charge is refused: the seat is gone.
    const again = await call('POST', '/api/payments/pix', player.cookie, {
      participacaoId: participation.id,
    });
    expect(again.json().error.reason).toBe('SEAT_EXPIRED');
  });

  it('credits a PIX of another amount to the Saldo instead of confirming the seat', async () => {
    const { player, participation, charge } = await pixSeat(1000);
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/webhooks/pix/${ctx.config.pix.webhookSecret}/pix`,
      payload: {
        pix: [
          {
            endToEndId: 'E12345678202611221200abcdefghijk',
            txid: charge.txid,
            valor: '5.00',
            horario: new Date().toISOString(),
          },
        ],
      },
    });
    expect(res.statusCode).toBe(200);
    const [seat] = await db()
      .select()
      .from(participacoes)
      .where(eq(participacoes.id, participation.id));
    expect(seat!.statusPagamento).toBe('pendente');
    expect(await walletOf(db(), player.id)).toEqual({ saldo: 500, cashback: 0 });
  });

  it('confirms through the polling fallback when the webhook never arrives', async () => {
    const { participation, charge } = await pixSeat();
    simulator().pay(charge.txid);
    await db()
      .update(pixCharges)
      .set({ createdAt: new Date(Date.now() - 60_000) })
      .where(eq(pixCharges.txid, charge.txid));
    const round = await ctx.app.scheduler.runOnce();
    expect(round.received.map((r) => r.outcome)).toEqual(['participacao']);
    const [seat] = await db()
      .select()
      .from(participacoes)
      .where(eq(participacoes.id, participation.id));
    expect(seat!.statusPagamento).toBe('confirmado');
  });

  it('keeps charges private to their owner', async () => {
    const { charge } = await pixSeat();
    const other = await verifiedPlayer(ctx);
    expect((await call('GET', `/api/payments/pix/${charge.txid}`, other.cookie)).statusCode).toBe(
      404,
    );
    expect(
      (await call('POST', `/api/payments/pix/${charge.txid}/simulate`, other.cookie)).statusCode,
    ).toBe(404);
  });

  it('answers the seat that fills a room from the balance at once, then draws it', async () => {
    const r = await room({ maxParticipantes: 2 });
    const answers = [];
    for (let i = 0; i < 2; i += 1) {
      const p = await verifiedPlayer(ctx);
      const topup = (await call('POST', '/api/wallet/topup', p.cookie, { valor: 5000 })).json();
      await call('POST', `/api/payments/pix/${topup.txid}/simulate`, p.cookie);
      const join = await call('POST', `/api/rooms/${r.id}/join`, p.cookie, { metodo: 'balance' });
      expect(join.statusCode, join.body).toBe(200);
      answers.push(join.json());
    }
    // The last seat is told the room is full and its draw is starting; the draw follows.
    expect(answers.map((a) => a.room.status)).toEqual(['aberta', 'sorteando']);
    await vi.waitFor(
      async () => {
        const [after] = await db().select().from(salas).where(eq(salas.id, r.id));
        expect(after!.status).toBe('finalizada');
      },
      { timeout: 10_000, interval: 50 },
    );
    const { sorteios } = await import('../../db/schema');
    expect(await db().select().from(sorteios).where(eq(sorteios.salaId, r.id))).toHaveLength(1);
  });

  it('draws a room as soon as every seat is paid', async () => {
    const r = await room({ maxParticipantes: 2 });
    for (let i = 0; i < 2; i += 1) {
      const p = await verifiedPlayer(ctx);
      const join = (
        await call('POST', `/api/rooms/${r.id}/join`, p.cookie, { metodo: 'pix' })
      ).json();
      const charge = (
        await call('POST', '/api/payments/pix', p.cookie, { participacaoId: join.participation.id })
      ).json();
      await call('POST', `/api/payments/pix/${charge.txid}/simulate`, p.cookie);
    }
    const [after] = await db().select().from(salas).where(eq(salas.id, r.id));
    // No PIX key in these players' profiles: the prize stays in the Saldo, so the room is final.
    expect(after!.status).toBe('finalizada');
    const { sorteios } = await import('../../db/schema');
    expect(await db().select().from(sorteios).where(eq(sorteios.salaId, r.id))).toHaveLength(1);
  });
});

describe('BR Code generation', () => {
  it('round-trips amount and txid with a valid CRC (pix-utils parser)', async () => {
    const provider = createSimulatorProvider({
      pixKey: 'pix@sorteiocerto.com.br',
      receiverName: 'SORTEIO CERTO',
      receiverCity: 'SÃO PAULO',
    });
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 100_000_000 }),
        fc.stringMatching(/^[a-zA-Z0-9]{1,25}$/),
        fc.string({ maxLength: 60 }),
        async (amount, txid, description) => {
          const charge = await provider.createCharge({
            txid,
            amountCentavos: amount,
            expiresInSeconds: 900,
            description,
          });
          const parsed = parsePix(charge.brCode);
          expect(hasError(parsed)).toBe(false);
          if (hasError(parsed) || parsed.type !== PixElementType.STATIC)
            throw new Error('not a static BR Code');
          expect(Math.round((parsed.transactionAmount ?? Number.NaN) * 100)).toBe(amount);
          expect(parsed.txid).toBe(txid);
          // Any changed character breaks the CRC16.
          const tampered =
            charge.brCode.slice(0, 20) +
            (charge.brCode[20] === '1' ? '2' : '1') +
            charge.brCode.slice(21);
          expect(hasError(parsePix(tampered))).toBe(true);
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('dashboard and history', () => {
  it('counts only confirmed payments', async () => {
    const p = await verifiedPlayer(ctx);
    await giveSaldo(p.id, 1000);
    const paid = await room();
    const pending = await room();
    await call('POST', `/api/rooms/${paid.id}/join`, p.cookie, { metodo: 'balance' });
    await call('POST', `/api/rooms/${pending.id}/join`, p.cookie, { metodo: 'pix' });
    const dash = (await call('GET', '/api/dashboard', p.cookie)).json();
    expect(dash).toMatchObject({
      totalParticipacoes: 1,
      investidoTotal: 1000,
      totalGanho: 0,
      lucroPrejuizo: -1000,
      pontosAtuais: 20,
      // One sign-in recorded so far: the first visit.
      primeiraVisita: true,
    });
    const { signIn } = await import('../../test/helpers');
    const again = await signIn(ctx, p, '203.0.113.201');
    expect((await call('GET', '/api/dashboard', again)).json().primeiraVisita).toBe(false);
    const history = (await call('GET', '/api/history', p.cookie)).json();
    expect(history.items).toHaveLength(2);
    expect(history.totalParticipacoes).toBe(1);
    expect(history.nextOffset).toBeNull();
    // Paged: one at a time, newest first, the totals on every page.
    const first = (await call('GET', '/api/history?limit=1', p.cookie)).json();
    const second = (await call('GET', '/api/history?limit=1&offset=1', p.cookie)).json();
    expect(first.items.map((i: { participation: { id: string } }) => i.participation.id)).toEqual([
      history.items[0].participation.id,
    ]);
    expect(first.nextOffset).toBe(1);
    expect(second.items.map((i: { participation: { id: string } }) => i.participation.id)).toEqual([
      history.items[1].participation.id,
    ]);
    expect(second.nextOffset).toBeNull();
    expect(second.totalParticipacoes).toBe(1);
    expect((await call('GET', '/api/history?limit=0', p.cookie)).statusCode).toBe(400);
    expect((await call('GET', '/api/history?offset=-1', p.cookie)).statusCode).toBe(400);
    const stats = (await call('GET', '/api/stats', p.cookie)).json();
    expect(stats.porMes).toHaveLength(1);
    expect(stats.porMes[0].investido).toBe(1000);
    expect(stats.porTipo).toEqual([{ tipoSala: 'ouro', participacoes: 1, vitorias: 0 }]);
    const [prof] = await db()
      .select()
      .from(profiles)
      .where(and(eq(profiles.id, p.id)));
    expect(prof!.isVerified).toBe(true);
  });
});
