import { describe, expect, it } from 'vitest';
import { caller, fundedPlayer, signIn, useTestApp, verifiedPlayer } from '../../test/helpers';
import { processPayouts } from '../draws/payouts.service';
import type { PixProvider } from '../payments/pix-provider';
import { createSimulatorProvider } from '../payments/simulator';
import { walletOf } from './ledger.service';

const ctx = useTestApp({}, { ledgerEachTest: true });
const db = () => ctx.database.db;

const call = caller(ctx);

/** A verified player with R$ 1.000,00 of Saldo and, when given, a PIX key. */
const player = (options: { pixKey?: string } = {}) =>
  fundedPlayer(ctx, {
    profile: options.pixKey ? { chavePix: options.pixKey, chavePixTipo: 'email' } : {},
  });

describe('adding Saldo', () => {
  it('adds Saldo by PIX from R$ 1,00', async () => {
    const p = await verifiedPlayer(ctx);
    const small = await call('POST', '/api/wallet/topup', p.cookie, { valor: 99 });
    expect(small.json().error.message).toBe('O valor mínimo é R$ 1,00.');
    const topup = (await call('POST', '/api/wallet/topup', p.cookie, { valor: 2500 })).json();
    expect(topup).toMatchObject({ purpose: 'topup', valor: 2500 });
    await call('POST', `/api/payments/pix/${topup.txid}/simulate`, p.cookie);
    expect((await call('GET', '/api/wallet', p.cookie)).json()).toMatchObject({
      saldo: 2500,
      cashback: 0,
    });
    const statement = (await call('GET', '/api/wallet/statement', p.cookie)).json();
    expect(statement[0]).toMatchObject({ kind: 'topup', conta: 'saldo', valor: 2500 });
  });
});

describe('withdrawals', () => {
  it('withdraws Saldo to the own PIX key within the limits; a refused PIX returns the money', async () => {
    const p = await player({ pixKey: `saque-${Date.now()}@teste.com.br` });
    const cookie = await signIn(ctx, p, '203.0.113.91');
    const withdraw = (valor: number) => call('POST', '/api/wallet/withdraw', cookie, { valor });
    expect((await withdraw(999)).json().error.message).toBe(
      'O valor mínimo de saque é R$\u00a010,00.',
    );
    expect((await withdraw(1_000_001)).json().error.message).toBe(
      'O valor máximo de saque é R$\u00a010.000,00.',
    );
    expect((await withdraw(100_001)).json().error.reason).toBe('INSUFFICIENT_BALANCE');
    expect((await withdraw(30_000)).statusCode).toBe(200);
    expect((await walletOf(db(), p.id)).saldo).toBe(70_000);
    const refusing: PixProvider = {
      ...createSimulatorProvider({ pixKey: 'x@y.com', receiverName: 'SC', receiverCity: 'SP' }),
      sendPix: async (input) => ({
        idEnvio: input.idEnvio,
        endToEndId: null,
        status: 'NAO_REALIZADO',
      }),
    };
    const events = await processPayouts({ db: db(), provider: refusing });
    expect(events.map((e) => [e.kind, e.result])).toEqual([['withdrawal', 'devolvido']]);
    expect((await walletOf(db(), p.id)).saldo).toBe(100_000);
    expect((await withdraw(20_000)).statusCode).toBe(200);
    expect(
      (await processPayouts({ db: db(), provider: ctx.app.pix })).map((e) => e.result),
    ).toEqual(['confirmado']);
    expect((await walletOf(db(), p.id)).saldo).toBe(80_000);
    const statement = (
      await ctx.app.inject({ url: '/api/wallet/statement', headers: { cookie } })
    ).json();
    expect(statement.map((s: { kind: string }) => s.kind).slice(0, 3)).toEqual([
      'withdrawal',
      'withdrawal_return',
      'withdrawal',
    ]);
  });
});
