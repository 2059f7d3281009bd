/** The money actions staff take: cancelling a room with refunds, hurrying or returning a payout. */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { participacoes, payouts, salas, staffAuditLog } from '../../db/schema';
import {
  caller,
  createUser,
  joinFromBalance,
  signIn,
  topUp,
  useTestApp,
  verifiedPlayer,
} from '../../test/helpers';
import { type PixProvider, PixProviderError } from '../payments/pix-provider';
import { createRoom, joinRoom } from '../rooms/rooms.service';
import { postTransaction, walletOf } from '../wallet/ledger.service';
import { cancelRoom, createPayout } from './draws.service';
import { creditPayoutToSaldo, retryPayoutNow } from './payout-staff-actions';
import { processPayouts } from './payouts.service';

const ctx = useTestApp();
const call = caller(ctx);
const db = () => ctx.database.db;

async function funded(saldo: number, cashback = 0) {
  const p = await verifiedPlayer(ctx);
  await topUp(ctx, p.id, saldo);
  if (cashback > 0)
    await postTransaction(db(), {
      kind: 'cashback',
      idempotencyKey: `staff-money-cb:${p.id}`,
      description: 'teste',
      userId: p.id,
      entries: [
        { account: { kind: 'platform_cashback' }, amount: -cashback },
        { account: { kind: 'user_cashback', userId: p.id }, amount: cashback },
      ],
    });
  return p;
}

describe('cancelling a room', () => {
  it('refunds each entry to where it came from, releases held seats, and cannot run twice', async () => {
    const room = await createRoom({
      db: db(),
      input: { tipoSala: 'ouro', valorEntradaCentavos: 1000, maxParticipantes: 5, taxaBp: 1000 },
    });
    const withCashback = await funded(5000, 300);
    const bySaldo = await funded(5000);
    const byPix = await verifiedPlayer(ctx);
    await joinFromBalance(ctx, room.id, [withCashback, bySaldo]);
    await joinRoom({
      db: db(),
      config: ctx.config,
      userId: byPix.id,
      roomId: room.id,
      metodo: 'pix',
    });
    const before = await walletOf(db(), withCashback.id);

    const admin = await signIn(ctx, await createUser(ctx, { role: 'admin' }), '198.18.60.1');
    const res = await call('POST', `/api/admin/rooms/${room.id}/cancel`, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ refunded: 2 });
    // 300 of the entry came from the Cashback (back there), 700 from the Saldo (back there);
    // the cashback the entry earned (2 % = 20) is taken back with the refund.
    const after = await walletOf(db(), withCashback.id);
    expect(after.cashback - before.cashback).toBe(300 - 20);
    expect(after.saldo - before.saldo).toBe(700);
    expect((await walletOf(db(), bySaldo.id)).saldo).toBe(5000);
    const [sala] = await db().select().from(salas).where(eq(salas.id, room.id));
    expect(sala!.status).toBe('cancelada');
    const held = await db().select().from(participacoes).where(eq(participacoes.userId, byPix.id));
    expect(held[0]!.statusPagamento).toBe('cancelado');
    const again = await call('POST', `/api/admin/rooms/${room.id}/cancel`, admin);
    expect(again.statusCode).toBe(409);
    expect(ctx.mailer.sent.some((m) => m.subject.startsWith('Sala cancelada'))).toBe(true);
  });

  it('lets only room staff cancel', async () => {
    const room = await createRoom({
      db: db(),
      input: { tipoSala: 'prata', valorEntradaCentavos: 500, maxParticipantes: 3, taxaBp: 0 },
    });
    const player = await verifiedPlayer(ctx);
    const res = await call('POST', `/api/admin/rooms/${room.id}/cancel`, player.cookie);
    expect(res.statusCode).toBe(403);
    await expect(cancelRoom({ db: db(), salaId: room.id })).resolves.toMatchObject({
      kind: 'cancelled',
    });
  });
});

describe('staff payout actions', () => {
  async function pendingPayout(amount = 1500) {
    const p = await funded(amount);
    const id = await db().transaction((tx) =>
      createPayout(tx, { kind: 'withdrawal', userId: p.id, amount, pixKey: 'x@teste.com.br' }),
    );
    return { player: p, id };
  }

  it('hurries a waiting payout and refuses a settled one', async () => {
    const { id } = await pendingPayout();
    await db()
      .update(payouts)
      .set({ nextAttemptAt: new Date(Date.now() + 3_600_000) })
      .where(eq(payouts.id, id));
    let audited = 0;
    const hurried = await retryPayoutNow({
      db: db(),
      payoutId: id,
      audit: async () => {
        audited += 1;
      },
    });
    expect(hurried.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now());
    expect(audited).toBe(1);
    await db().update(payouts).set({ status: 'confirmado' }).where(eq(payouts.id, id));
    await expect(retryPayoutNow({ db: db(), payoutId: id })).rejects.toMatchObject({ status: 409 });
  });

  it('returns a payout to the Saldo only when the bank never took it', async () => {
    const never = await pendingPayout(2000);
    await creditPayoutToSaldo({ db: db(), provider: ctx.app.pix, payoutId: never.id });
    expect((await walletOf(db(), never.player.id)).saldo).toBe(2000);
    const [row] = await db().select().from(payouts).where(eq(payouts.id, never.id));
    expect(row!.status).toBe('devolvido');

    // Tried once and the bank has it: never credited twice.
    const sent = await pendingPayout(2500);
    const bank: PixProvider = {
      ...ctx.app.pix!,
      sendPix: async (input) => ({
        idEnvio: input.idEnvio,
        endToEndId: null,
        status: 'EM_PROCESSAMENTO',
      }),
      getSentPix: async (idEnvio) => ({ idEnvio, endToEndId: null, status: 'EM_PROCESSAMENTO' }),
    };
    await processPayouts({ db: db(), provider: bank });
    await expect(
      creditPayoutToSaldo({ db: db(), provider: bank, payoutId: sent.id }),
    ).rejects.toMatchObject({ status: 409 });
    expect((await walletOf(db(), sent.player.id)).saldo).toBe(0);
  });

  /** The provider as it is while PIX is down: nothing answers. */
  const down = (notSent: boolean): PixProvider => ({
    ...ctx.app.pix!,
    kind: 'simulator',
    sendPix: async () => {
      throw new PixProviderError('EFI POST /oauth/token: ENOTFOUND', { retryable: true, notSent });
    },
    getSentPix: async () => {
      throw new PixProviderError('EFI POST /oauth/token: ENOTFOUND', { retryable: true, notSent });
    },
  });

  async function triedTwice(provider: PixProvider, amount: number) {
    const payout = await pendingPayout(amount);
    for (let i = 0; i < 2; i += 1) {
      await db()
        .update(payouts)
        .set({ nextAttemptAt: new Date(0) })
        .where(eq(payouts.id, payout.id));
      await processPayouts({ db: db(), provider });
    }
    const [row] = await db().select().from(payouts).where(eq(payouts.id, payout.id));
    expect(row!).toMatchObject({ status: 'pendente', attempts: 2 });
    return payout;
  }

  it('credits a stuck payout while PIX is down when no request ever left, once', async () => {
    const stuck = await triedTwice(down(true), 1800);
    const [row] = await db().select().from(payouts).where(eq(payouts.id, stuck.id));
    expect(row!.unsentAttempts).toBe(2);
    // The provider still cannot be reached: the local record is the proof.
    const credits = await Promise.allSettled([
      creditPayoutToSaldo({ db: db(), provider: down(true), payoutId: stuck.id }),
      creditPayoutToSaldo({ db: db(), provider: down(true), payoutId: stuck.id }),
    ]);
    expect(credits.filter((c) => c.status === 'fulfilled')).toHaveLength(1);
    expect(credits.find((c) => c.status === 'rejected')).toMatchObject({
      reason: { status: 409 },
    });
    expect((await walletOf(db(), stuck.player.id)).saldo).toBe(1800);
    await expect(
      creditPayoutToSaldo({ db: db(), provider: down(true), payoutId: stuck.id }),
    ).rejects.toMatchObject({ status: 409 });
    expect((await walletOf(db(), stuck.player.id)).saldo).toBe(1800);
  });

  it('credits when the provider answers that it does not know the transfer', async () => {
    const maybe = await triedTwice(down(false), 1200);
    const notFound: PixProvider = {
      ...ctx.app.pix!,
      kind: 'simulator',
      getSentPix: async () => {
        throw new PixProviderError('EFI GET /v2/gn/pix/enviados/id-envio/:idEnvio answered 404', {
          status: 404,
          retryable: false,
        });
      },
    };
    await creditPayoutToSaldo({ db: db(), provider: notFound, payoutId: maybe.id });
    expect((await walletOf(db(), maybe.player.id)).saldo).toBe(1200);
  });

  it('keeps refusing with the reason when a request may have reached an unreachable provider', async () => {
    const maybe = await triedTwice(down(false), 1300);
    const refused = creditPayoutToSaldo({ db: db(), provider: down(false), payoutId: maybe.id });
    await expect(refused).rejects.toMatchObject({
      status: 503,
      message: expect.stringContaining('o provedor PIX não respondeu'),
    });
    // Another provider's "not found" proves nothing about a transfer sent elsewhere.
    await db().update(payouts).set({ sentVia: 'efi' }).where(eq(payouts.id, maybe.id));
    await expect(
      creditPayoutToSaldo({ db: db(), provider: ctx.app.pix, payoutId: maybe.id }),
    ).rejects.toMatchObject({ status: 409, reason: 'PAYOUT_OTHER_PROVIDER' });
    expect((await walletOf(db(), maybe.player.id)).saldo).toBe(0);
    // The player reads why in Portuguese, never the provider's error.
    const mine = await ctx.app.inject({
      method: 'GET',
      url: '/api/wallet/withdrawals',
      headers: { cookie: maybe.player.cookie },
    });
    const [withdrawal] = mine.json();
    expect(withdrawal).toMatchObject({ status: 'pendente' });
    expect(withdrawal.lastError).toContain('nova tentativa de envio');
    expect(mine.body).not.toContain('ENOTFOUND');
  });

  it('audits the credit with the amount, the player and the Saldo before and after', async () => {
    const stuck = await triedTwice(down(true), 2200);
    await topUp(ctx, stuck.player.id, 500);
    const admin = await signIn(ctx, await createUser(ctx, { role: 'admin' }), '198.18.60.2');
    const res = await call('POST', `/api/admin/finance/payouts/${stuck.id}/credit`, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'devolvido' });
    const [audit] = await db()
      .select()
      .from(staffAuditLog)
      .where(eq(staffAuditLog.targetId, stuck.id));
    expect(audit).toMatchObject({
      action: 'payout.credit_to_saldo',
      before: { userId: stuck.player.id, amount: 2200, saldo: 500, status: 'pendente' },
      after: { status: 'devolvido', saldo: 2700 },
    });
  });
});
