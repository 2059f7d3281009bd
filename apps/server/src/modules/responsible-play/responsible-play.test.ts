/** Responsible play: limits at their boundary, raises after 24 hours, self-exclusion, staff. */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { playLimits, profiles } from '../../db/schema';
import { caller, createUser, signIn, topUp, useTestApp, verifiedPlayer } from '../../test/helpers';
import { walletOf } from '../wallet/ledger.service';

let admin: string;
const ctx = useTestApp();
beforeAll(async () => {
  admin = await signIn(ctx, await createUser(ctx, { role: 'admin' }), '198.18.70.1');
});
const db = () => ctx.database.db;

const call = caller(ctx);

const fund = (userId: string, saldo: number) => topUp(ctx, userId, saldo);

async function openRoom(valorEntrada = 1000) {
  const res = await call('POST', '/api/admin/rooms', admin, {
    tipoSala: 'bronze',
    valorEntrada,
    maxParticipantes: 10,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id as string;
}

const join = (cookie: string, roomId: string, metodo: 'balance' | 'pix' = 'balance') =>
  call('POST', `/api/rooms/${roomId}/join`, cookie, { metodo });

describe('responsible play', () => {
  it('stops spending exactly at the limit, by balance and by PIX alike', async () => {
    const p = await verifiedPlayer(ctx);
    await fund(p.id, 10_000);
    const set = await call('PUT', '/api/responsible-play/limits', p.cookie, {
      kind: 'spending',
      period: 'day',
      amountCentavos: 2000,
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({
      pending: false,
      message: 'Limite atualizado. A redução vale imediatamente.',
    });
    expect((await join(p.cookie, await openRoom())).statusCode).toBe(200);
    // 1000 + 1000 = 2000: at the limit is still allowed (a seat held for PIX counts too).
    expect((await join(p.cookie, await openRoom(), 'pix')).statusCode).toBe(200);
    const before = await walletOf(db(), p.id);
    const over = await join(p.cookie, await openRoom(100));
    expect(over.statusCode).toBe(403);
    expect(over.json().error.reason).toBe('PLAY_LIMIT_REACHED');
    expect(over.json().error.message).toBe(
      'Limite diário de gastos atingido: R$\u00a020,00 (já usado R$\u00a020,00). Você pode ajustar seus limites em Jogo Responsável.',
    );
    expect(await walletOf(db(), p.id)).toEqual(before);
    const mine = (await call('GET', '/api/responsible-play', p.cookie)).json();
    expect(mine.limits).toContainEqual({
      kind: 'spending',
      period: 'day',
      amountCentavos: 2000,
      pending: null,
      usedCentavos: 2000,
    });
    // The 30 days' figures count the paid entry only (the seat held for PIX is not paid yet).
    expect(mine.figures).toEqual({
      depositsLast30DaysCentavos: 0,
      spentLast30DaysCentavos: 1000,
      prizesLast30DaysCentavos: 0,
      entriesLast30Days: 1,
    });
  });

  it('stops top-ups exactly at the deposit limit; other periods count too', async () => {
    const p = await verifiedPlayer(ctx);
    await call('PUT', '/api/responsible-play/limits', p.cookie, {
      kind: 'deposit',
      period: 'week',
      amountCentavos: 5000,
    });
    const topup = (valor: number) => call('POST', '/api/wallet/topup', p.cookie, { valor });
    expect((await topup(3000)).statusCode).toBe(200);
    expect((await topup(2000)).statusCode).toBe(200);
    const over = await topup(100);
    expect(over.statusCode).toBe(403);
    expect(over.json().error.message).toMatch(/^Limite semanal de depósitos atingido: R\$\s50,00/);
  });

  it('applies a decrease at once and an increase (or removal) only after 24 hours', async () => {
    const p = await verifiedPlayer(ctx);
    await fund(p.id, 10_000);
    const setLimit = (amountCentavos: number | null) =>
      call('PUT', '/api/responsible-play/limits', p.cookie, {
        kind: 'spending',
        period: 'month',
        amountCentavos,
      });
    expect((await setLimit(1000)).json().pending).toBe(false);
    expect((await join(p.cookie, await openRoom())).statusCode).toBe(200);
    const raised = await setLimit(5000);
    expect(raised.json()).toEqual({
      pending: true,
      message: 'Pedido registrado. O aumento (ou a remoção) do limite vale em 24 horas.',
    });
    // Before the 24 hours: the old limit still holds.
    expect((await join(p.cookie, await openRoom())).json().error.reason).toBe('PLAY_LIMIT_REACHED');
    const state = (await call('GET', '/api/responsible-play', p.cookie)).json();
    const month = state.limits.find(
      (l: { kind: string; period: string }) => l.kind === 'spending' && l.period === 'month',
    );
    expect(month.amountCentavos).toBe(1000);
    expect(month.pending.amountCentavos).toBe(5000);
    expect(new Date(month.pending.effectiveAt).getTime() - Date.now()).toBeGreaterThan(
      23.9 * 60 * 60 * 1000,
    );
    // After the 24 hours (the clock moved on): the raise is in force.
    await db()
      .update(playLimits)
      .set({ pendingEffectiveAt: new Date(Date.now() - 1000) })
      .where(eq(playLimits.userId, p.id));
    expect((await join(p.cookie, await openRoom())).statusCode).toBe(200);
    // A lower limit cancels a waiting raise and applies at once.
    await setLimit(1_000_000);
    expect((await setLimit(1500)).json().pending).toBe(false);
    const after = (await call('GET', '/api/responsible-play', p.cookie)).json();
    expect(
      after.limits.find(
        (l: { kind: string; period: string }) => l.kind === 'spending' && l.period === 'month',
      ),
    ).toMatchObject({ amountCentavos: 1500, pending: null, usedCentavos: 2000 });
    // Removing a limit is a raise too: it waits.
    expect((await setLimit(null)).json().pending).toBe(true);
  });

  it('refuses bad limits with a Portuguese message', async () => {
    const p = await verifiedPlayer(ctx);
    const res = await call('PUT', '/api/responsible-play/limits', p.cookie, {
      kind: 'spending',
      period: 'day',
      amountCentavos: 50,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('O limite mínimo é R$\u00a01,00.');
  });

  it('self-exclusion refuses every money route at once, keeps withdrawals, cannot be undone', async () => {
    const p = await verifiedPlayer(ctx);
    await fund(p.id, 10_000);
    const creator = await verifiedPlayer(ctx);
    const priv = (
      await call('POST', '/api/private-rooms', creator.cookie, {
        roomName: 'Sala dos amigos',
        entryValue: 1000,
        maxParticipants: 5,
      })
    ).json();
    // A seat held for PIX before the exclusion.
    const held = await call('POST', `/api/private-rooms/by-code/${priv.roomCode}/join`, p.cookie);
    expect(held.statusCode, held.body).toBe(200);
    const participacaoId = held.json().participation.id as string;

    const excluded = await call('POST', '/api/responsible-play/self-exclusion', p.cookie, {
      period: '3m',
      confirm: 'AUTOEXCLUIR',
    });
    expect(excluded.statusCode, excluded.body).toBe(200);
    const until = new Date(excluded.json().selfExclusion.until);
    expect(until.getTime() - Date.now()).toBeGreaterThan(88 * 24 * 60 * 60 * 1000);

    const second = await verifiedPlayer(ctx);
    const priv2 = (
      await call('POST', '/api/private-rooms', second.cookie, {
        roomName: 'Outra sala',
        entryValue: 1000,
        maxParticipants: 5,
      })
    ).json();
    const before = await walletOf(db(), p.id);
    const refused = [
      await join(p.cookie, await openRoom()),
      await join(p.cookie, await openRoom(), 'pix'),
      await call('POST', `/api/private-rooms/by-code/${priv2.roomCode}/join`, p.cookie),
      await call('POST', `/api/private-rooms/invite/${priv2.inviteCode}/join`, p.cookie),
      await call('POST', `/api/private-rooms/${priv.id}/pay-with-balance`, p.cookie, {
        participacaoId,
      }),
      await call('POST', '/api/payments/pix', p.cookie, { participacaoId }),
      await call('POST', '/api/wallet/topup', p.cookie, { valor: 1000 }),
    ];
    for (const res of refused) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().error.reason).toBe('SELF_EXCLUDED');
      expect(res.json().error.message).toMatch(
        /^Você está em autoexclusão até \d{2}\/\d{2}\/\d{4} às \d{2}:\d{2}\. Entradas e depósitos estão bloqueados; seu saldo continua disponível para saque\.$/,
      );
    }
    expect(await walletOf(db(), p.id)).toEqual(before);
    // The balance stays withdrawable.
    await db()
      .update(profiles)
      .set({ chavePix: `autoexcluido-${p.id.slice(0, 8)}@teste.com.br`, chavePixTipo: 'email' })
      .where(eq(profiles.id, p.id));
    const withdrawal = await call('POST', '/api/wallet/withdraw', p.cookie, { valor: 1000 });
    expect(withdrawal.statusCode, withdrawal.body).toBe(200);
    expect((await walletOf(db(), p.id)).saldo).toBe(before.saldo - 1000);
    // It cannot be ended or shortened early.
    const again = await call('POST', '/api/responsible-play/self-exclusion', p.cookie, {
      period: '1m',
      confirm: 'AUTOEXCLUIR',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(
      'Você já está em autoexclusão; ela não pode ser encerrada antes do prazo.',
    );
    // The administrators see it in the user detail.
    const detail = (await call('GET', `/api/admin/users/${p.id}`, admin)).json();
    expect(detail.responsiblePlay.selfExclusion).toMatchObject({ forever: false });
    expect(detail.responsiblePlay.selfExclusion.until).toBe(until.toISOString());
  });

  it('asks for the confirmation word before excluding', async () => {
    const p = await verifiedPlayer(ctx);
    const res = await call('POST', '/api/responsible-play/self-exclusion', p.cookie, {
      period: 'forever',
      confirm: 'sim',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Digite AUTOEXCLUIR para confirmar.');
    expect((await call('GET', '/api/responsible-play', p.cookie)).json().selfExclusion).toBeNull();
  });

  it('refuses a staff member a seat, whatever the role', async () => {
    const roomId = await openRoom();
    for (const role of ['admin', 'support', 'manager']) {
      const staff = await createUser(ctx, {
        role,
        profile: { nomeCompleto: 'Equipe', isVerified: true },
      });
      const cookie = await signIn(ctx, staff, `198.18.71.${role.length}`);
      const res = await join(cookie, roomId);
      expect(res.statusCode, role).toBe(403);
      expect(res.json().error).toMatchObject({
        reason: 'STAFF_CANNOT_PLAY',
        message: 'Contas da equipe não podem participar de sorteios.',
      });
    }
  });

  it('stores the time-on-site reminder', async () => {
    const p = await verifiedPlayer(ctx);
    expect((await call('GET', '/api/responsible-play', p.cookie)).json().reminderMinutes).toBe(60);
    expect(
      (await call('PUT', '/api/responsible-play/reminder', p.cookie, { minutes: 30 })).statusCode,
    ).toBe(200);
    expect((await call('GET', '/api/responsible-play', p.cookie)).json().reminderMinutes).toBe(30);
    expect(
      (await call('PUT', '/api/responsible-play/reminder', p.cookie, { minutes: 7 })).statusCode,
    ).toBe(400);
  });
});
