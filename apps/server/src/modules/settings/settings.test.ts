/**
 * The Config. tab's settings: stored, audited and enforced on the server (withdrawal limits,
 * maintenance mode, password length at sign-up and when staff add a user, session timeout, PIX off).
 */
import { integrationMessages, pixMessages } from '@sorteio/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { session, staffAuditLog } from '../../db/schema';
import { createRoom } from '../rooms/rooms.service';
import { invalidateSettings } from './settings.service';
import { createUser, jsonHeaders, signIn, useTestApp, verifiedPlayer } from '../../test/helpers';

let admin: string;

const ctx = useTestApp();
beforeAll(async () => {
  admin = await signIn(ctx, await createUser(ctx, { role: 'admin' }), '198.18.70.1');
});

const put = (body: unknown, cookie = admin) =>
  ctx.app.inject({
    method: 'PUT',
    url: '/api/admin/settings',
    headers: { ...jsonHeaders, cookie },
    payload: JSON.stringify(body),
  });

describe('system settings', () => {
  it('answers the spec defaults, stores a change with its audit row, and refuses bad input', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/settings',
      headers: { cookie: admin },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      platformFeeBp: 1500,
      minWithdrawCentavos: 1000,
      maxWithdrawCentavos: 1_000_000,
      passwordMinLength: 8,
      sessionTimeoutHours: 24,
      emailNotifications: true,
      smsNotifications: false,
      whatsappNotifications: true,
      twoFactorRequired: false,
      pixEnabled: true,
      cardEnabled: false,
      boletoEnabled: false,
      maintenanceMode: false,
    });

    const saved = await put({ siteName: 'Sorteio Certo Teste', platformFeeBp: 1200 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().siteName).toBe('Sorteio Certo Teste');
    const rows = await ctx.database.db
      .select()
      .from(staffAuditLog)
      .where(eq(staffAuditLog.action, 'settings.update'));
    expect(rows.at(-1)!.after).toEqual({ siteName: 'Sorteio Certo Teste', platformFeeBp: 1200 });
    expect(rows.at(-1)!.before).toMatchObject({ platformFeeBp: 1500 });

    const publicRes = await ctx.app.inject({ method: 'GET', url: '/api/public/settings' });
    expect(publicRes.json().siteName).toBe('Sorteio Certo Teste');
    // The Regulamento quotes the default fees from here: the changed one at once.
    expect(publicRes.json()).toMatchObject({ platformFeeBp: 1200, privateRoomFeeBp: 1000 });

    const bad = await put({ minWithdrawCentavos: 5000, maxWithdrawCentavos: 100 });
    expect(bad.statusCode).toBe(400);
    const card = await put({ cardEnabled: true });
    expect(card.statusCode).toBe(400);
    const count = (
      await ctx.database.db
        .select()
        .from(staffAuditLog)
        .where(eq(staffAuditLog.action, 'settings.update'))
    ).length;
    expect(count).toBe(rows.length);
  });

  it('refuses a withdrawal below the new minimum', async () => {
    const p = await verifiedPlayer(ctx);
    expect((await put({ minWithdrawCentavos: 5000 })).statusCode).toBe(200);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/wallet/withdraw',
      headers: { ...jsonHeaders, cookie: p.cookie },
      payload: { valor: 4000 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('O valor mínimo de saque é R$\u00a050,00.');
    await put({ minWithdrawCentavos: 1000 });
  });

  it("tells the player's wallet the limits the withdrawal applies", async () => {
    const p = await verifiedPlayer(ctx);
    const wallet = () =>
      ctx.app.inject({ method: 'GET', url: '/api/wallet', headers: { cookie: p.cookie } });
    expect((await wallet()).json()).toMatchObject({
      withdrawMinCentavos: 1000,
      withdrawMaxCentavos: 1_000_000,
    });
    expect(
      (await put({ minWithdrawCentavos: 2000, maxWithdrawCentavos: 500_000 })).statusCode,
    ).toBe(200);
    expect((await wallet()).json()).toMatchObject({
      withdrawMinCentavos: 2000,
      withdrawMaxCentavos: 500_000,
    });
    await put({ minWithdrawCentavos: 1000, maxWithdrawCentavos: 1_000_000 });
  });

  it('maintenance mode blocks a player joining a room but not the administrator', async () => {
    const p = await verifiedPlayer(ctx);
    const room = await createRoom({
      db: ctx.database.db,
      input: { tipoSala: 'prata', valorEntradaCentavos: 500, maxParticipantes: 4, taxaBp: 1000 },
    });
    expect((await put({ maintenanceMode: true })).statusCode).toBe(200);
    const join = await ctx.app.inject({
      method: 'POST',
      url: `/api/rooms/${room.id}/join`,
      headers: { ...jsonHeaders, cookie: p.cookie },
      payload: { metodo: 'pix' },
    });
    expect(join.statusCode).toBe(503);
    expect(join.json().error.message).toBe(integrationMessages.maintenance);
    // The administrator keeps working (and is the one who turns it off).
    const staffChange = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/rooms/${room.id}/status`,
      headers: { ...jsonHeaders, cookie: admin },
      payload: JSON.stringify({ status: 'fechada' }),
    });
    expect(staffChange.statusCode).toBe(200);
    expect((await put({ maintenanceMode: false })).json().maintenanceMode).toBe(false);
  });

  it('applies the minimum password length at sign-up', async () => {
    expect((await put({ passwordMinLength: 12 })).statusCode).toBe(200);
    const signUp = (password: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        headers: jsonHeaders,
        payload: {
          name: 'Pessoa',
          email: `curta${Date.now()}@teste.com.br`,
          password,
          acceptLegalTerms: true,
        },
        remoteAddress: '198.18.70.9',
      });
    const short = await signUp('onze-chars!');
    expect(short.statusCode).toBe(400);
    expect(short.json().error.message).toBe(integrationMessages.passwordTooShort(12));
    await put({ passwordMinLength: 8 });
  });

  it('keeps text settings as text, even when they look like numbers', async () => {
    for (const siteName of ['13', '1e309', 'true', 'null', '"aspas"']) {
      expect((await put({ siteName })).statusCode).toBe(200);
      const res = await ctx.app.inject({ method: 'GET', url: '/api/public/settings' });
      expect(res.statusCode).toBe(200);
      expect(res.json().siteName).toBe(siteName);
    }
    await put({ siteName: 'Sorteio Certo' });
  });

  it('ends sessions older than the session timeout', async () => {
    const u = await createUser(ctx);
    const cookie = await signIn(ctx, u, '198.18.70.20');
    const me = () => ctx.app.inject({ method: 'GET', url: '/api/profile', headers: { cookie } });
    expect((await me()).statusCode).toBe(200);
    await ctx.database.db
      .update(session)
      .set({ createdAt: new Date(Date.now() - 2 * 3_600_000) })
      .where(eq(session.userId, u.id));
    expect((await put({ sessionTimeoutHours: 1 })).statusCode).toBe(200);
    expect((await me()).statusCode).toBe(401);
    await put({ sessionTimeoutHours: 24 });
    // The session was ended, not just hidden: a longer timeout does not bring it back.
    expect((await me()).statusCode).toBe(401);
    expect(
      await ctx.database.db.select().from(session).where(eq(session.userId, u.id)),
    ).toHaveLength(0);
  });

  it('answers 20 saves at once, valid and invalid, and keeps answering (issue 36)', async () => {
    /** Fails the test instead of hanging it when the database wedges. */
    const within = <T>(ms: number, work: Promise<T>) =>
      Promise.race([
        work,
        new Promise<never>((_, reject) =>
          setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms),
        ),
      ]);
    const audits = async () =>
      (
        await ctx.database.db
          .select()
          .from(staffAuditLog)
          .where(eq(staffAuditLog.action, 'settings.update'))
      ).length;
    const auditsBefore = await audits();
    const { maxWithdrawCentavos, minWithdrawCentavos } = (
      await ctx.app.inject({
        method: 'GET',
        url: '/api/admin/settings',
        headers: { cookie: admin },
      })
    ).json();
    // A cold cache: each save reads the current settings from the database.
    invalidateSettings(ctx.database.db);
    const bodies = Array.from({ length: 20 }, (_, i) =>
      i % 2 === 0
        ? { siteDescription: `Descrição ${i}` }
        : { minWithdrawCentavos: maxWithdrawCentavos + 100 },
    );
    const answers = await within(15_000, Promise.all(bodies.map((body) => put(body))));
    answers.forEach((res, i) => {
      if (i % 2 === 0) expect(res.statusCode).toBe(200);
      else {
        expect(res.statusCode).toBe(400);
        expect(res.json().error.message).toBe('O saque mínimo não pode ser maior que o máximo.');
      }
    });
    const health = await within(5000, ctx.app.inject({ method: 'GET', url: '/api/health' }));
    expect(health.statusCode).toBe(200);
    const after = (
      await ctx.app.inject({
        method: 'GET',
        url: '/api/admin/settings',
        headers: { cookie: admin },
      })
    ).json();
    expect(after.minWithdrawCentavos).toBe(minWithdrawCentavos);
    expect(bodies.map((b) => b.siteDescription)).toContain(after.siteDescription);
    expect(await audits()).toBe(auditsBefore + 10);
  });

  it('PIX turned off answers the spec message for a new charge', async () => {
    const p = await verifiedPlayer(ctx);
    expect((await put({ pixEnabled: false })).statusCode).toBe(200);
    invalidateSettings(ctx.database.db);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/wallet/topup',
      headers: { ...jsonHeaders, cookie: p.cookie },
      payload: { valor: 2000 },
    });
    expect(res.statusCode).toBe(503);
    expect(res.json().error.message).toBe(pixMessages.notConfigured);
    await put({ pixEnabled: true });
    const ok = await ctx.app.inject({
      method: 'POST',
      url: '/api/wallet/topup',
      headers: { ...jsonHeaders, cookie: p.cookie },
      payload: { valor: 2000 },
    });
    expect(ok.statusCode).toBe(200);
  });
});
