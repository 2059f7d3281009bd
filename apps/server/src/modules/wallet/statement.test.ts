import { statementKindLabels, type StatementEntry } from '@sorteio/shared';
import { describe, expect, it } from 'vitest';
import { fundedPlayer, joinFromBalance, jsonHeaders, signIn, useTestApp } from '../../test/helpers';
import { drawRoom } from '../draws/draws.service';
import { processPayouts } from '../draws/payouts.service';
import { type PixProvider } from '../payments/pix-provider';
import { createSimulatorProvider } from '../payments/simulator';
import { createRoom } from '../rooms/rooms.service';
import { postTransaction } from './ledger.service';

const ctx = useTestApp({}, { ledgerEachTest: true });
const db = () => ctx.database.db;

let ip = 10;
async function player(pixKey: string) {
  const u = await fundedPlayer(ctx, {
    saldo: 50_000,
    profile: { chavePix: pixKey, chavePixTipo: 'email' },
  });
  ip += 1;
  return { ...u, cookie: await signIn(ctx, u, `203.0.113.${ip}`) };
}

/** Two players in a room paid from the balance, drawn at once: the winner's prize goes by PIX. */
async function drawnRoom(tag: string) {
  const room = await createRoom({
    db: db(),
    input: {
      tipoSala: 'ouro',
      valorEntradaCentavos: 1000,
      maxParticipantes: 2,
      taxaBp: 2000,
      sorteioAutomatico: false,
    },
  });
  const players = [
    await player(`${tag}-a-${room.id.slice(0, 8)}@teste.com.br`),
    await player(`${tag}-b-${room.id.slice(0, 8)}@teste.com.br`),
  ];
  await joinFromBalance(ctx, room.id, players);
  const outcome = await drawRoom({ db: db(), salaId: room.id });
  if (outcome.kind !== 'drawn') throw new Error('not drawn');
  const winner = players.find((p) => p.id === outcome.winnerId)!;
  return { outcome, winner };
}

async function statementOf(cookie: string): Promise<StatementEntry[]> {
  const res = await ctx.app.inject({ url: '/api/wallet/statement', headers: { cookie } });
  expect(res.statusCode).toBe(200);
  return res.json();
}

describe('statement: prizes paid by PIX', () => {
  it("shows an automatic prize payout as 'Prêmio pago por PIX', not as a withdrawal", async () => {
    const { outcome, winner } = await drawnRoom('pago');
    expect(
      (await processPayouts({ db: db(), provider: ctx.app.pix })).map((e) => e.result),
    ).toEqual(['confirmado']);
    const statement = await statementOf(winner.cookie);
    const payout = statement.find((s) => s.kind === 'prize_payout');
    expect(payout).toMatchObject({ conta: 'saldo', valor: -outcome.net });
    expect(statementKindLabels[payout!.kind]).toBe('Prêmio pago por PIX');
    expect(statement.find((s) => s.kind === 'prize')).toMatchObject({ valor: outcome.net });
    expect(statement.some((s) => s.kind === 'withdrawal')).toBe(false);
  });

  it('names a prize PIX that was not made, and keeps a real withdrawal a withdrawal', async () => {
    const { outcome, winner } = await drawnRoom('devolvido');
    const refusing: PixProvider = {
      ...createSimulatorProvider({ pixKey: 'x@y.com', receiverName: 'SC', receiverCity: 'SP' }),
      sendPix: async (input) => ({
        idEnvio: input.idEnvio,
        endToEndId: null,
        status: 'NAO_REALIZADO',
      }),
    };
    expect((await processPayouts({ db: db(), provider: refusing })).map((e) => e.kind)).toEqual([
      'prize',
    ]);
    const withdraw = await ctx.app.inject({
      method: 'POST',
      url: '/api/wallet/withdraw',
      headers: { ...jsonHeaders, cookie: winner.cookie },
      payload: { valor: 2000 },
    });
    expect(withdraw.statusCode).toBe(200);
    const statement = await statementOf(winner.cookie);
    // Newest first: the withdrawal, then the prize put back in the Saldo.
    expect(statement.slice(0, 2).map((s) => s.kind)).toEqual(['withdrawal', 'prize_payout_return']);
    expect(statement[1]).toMatchObject({ valor: outcome.net, conta: 'saldo' });
    // The draw's two movements (same transaction): the prize in, and its PIX out.
    expect(
      statement
        .slice(2, 4)
        .map((s) => s.kind)
        .sort(),
    ).toEqual(['prize', 'prize_payout']);
    expect(statement.filter((s) => s.kind === 'withdrawal')).toHaveLength(1);
    expect(statementKindLabels.prize_payout_return).toBe('Prêmio creditado no saldo');
    // The player's own withdrawal is still paid out as one.
    expect((await processPayouts({ db: db(), provider: ctx.app.pix })).map((e) => e.kind)).toEqual([
      'withdrawal',
    ]);
  });
});

describe('dashboard: both balances', () => {
  it('gives the Saldo and the Cashback apart, and their sum as Pontos Atuais', async () => {
    const p = await player(`painel-${Date.now()}@teste.com.br`);
    await postTransaction(db(), {
      kind: 'cashback',
      idempotencyKey: `statement-test-cashback:${p.id}`,
      description: 'teste',
      userId: p.id,
      entries: [
        { account: { kind: 'platform_cashback' }, amount: -300 },
        { account: { kind: 'user_cashback', userId: p.id }, amount: 300 },
      ],
    });
    const dash = await ctx.app.inject({ url: '/api/dashboard', headers: { cookie: p.cookie } });
    expect(dash.json()).toMatchObject({ saldo: 50_000, cashback: 300, pontosAtuais: 50_300 });
  });
});
