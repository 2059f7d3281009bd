/** 'Sessões ativas': listing, ending one or all others; password change and 2FA end the others. */
import { eq } from 'drizzle-orm';
import { generateSync } from 'otplib';
import { describe, expect, it } from 'vitest';
import { session } from '../../db/schema';
import { cookieHeader, createUser, jsonHeaders, signIn, useTestApp } from '../../test/helpers';
import { setSetting } from '../settings/settings.service';

const ctx = useTestApp();

let ip = 0;
const nextIp = () => `198.18.120.${(ip += 1)}`;
const UA_PHONE =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36';

async function signInAs(u: { email: string; password: string }, userAgent?: string) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { ...jsonHeaders, ...(userAgent ? { 'user-agent': userAgent } : {}) },
    payload: { email: u.email, password: u.password },
    remoteAddress: nextIp(),
  });
  expect(res.statusCode, res.body).toBe(200);
  return cookieHeader(res.cookies);
}

const get = (url: string, cookie: string) =>
  ctx.app.inject({ url, headers: { origin: jsonHeaders.origin, cookie } });
const post = (url: string, cookie: string, payload: object = {}) =>
  ctx.app.inject({ method: 'POST', url, headers: { ...jsonHeaders, cookie }, payload });
const signedIn = async (cookie: string) => (await get('/api/profile', cookie)).statusCode === 200;

describe('active sessions', () => {
  it('lists the sessions with device, address and last use, and ends one of them', async () => {
    const u = await createUser(ctx);
    const desk = await signIn(ctx, u, '198.18.121.1');
    const phone = await signInAs(u, UA_PHONE);
    const list = await get('/api/profile/sessions', desk);
    expect(list.statusCode).toBe(200);
    const sessions =
      list.json<{ id: string; current: boolean; userAgent: string | null; lastUsedAt: string }[]>();
    expect(sessions).toHaveLength(2);
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    const other = sessions.find((s) => !s.current)!;
    expect(other).toMatchObject({ userAgent: UA_PHONE });
    expect(Date.parse(other.lastUsedAt)).not.toBeNaN();

    // Another account cannot end it (it does not exist for them).
    const stranger = await signIn(ctx, await createUser(ctx), '198.18.121.2');
    const foreign = await post(`/api/profile/sessions/${other.id}/revoke`, stranger);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.message).toBe('Sessão não encontrada.');
    expect(await signedIn(phone)).toBe(true);

    const current = sessions.find((s) => s.current)!;
    const self = await post(`/api/profile/sessions/${current.id}/revoke`, desk);
    expect(self.statusCode).toBe(409);
    expect(self.json().error.message).toBe('Esta é a sessão atual: use Sair para encerrá-la.');

    const ended = await post(`/api/profile/sessions/${other.id}/revoke`, desk);
    expect(ended.json()).toEqual({ ended: 1 });
    expect(await signedIn(phone)).toBe(false);
    expect(await signedIn(desk)).toBe(true);
    const logs = (await get('/api/profile/security-logs', desk)).json<{ actionType: string }[]>();
    expect(logs.map((l) => l.actionType)).toContain('session_revoked');
  });

  it('ends all the other sessions at once', async () => {
    const u = await createUser(ctx);
    const keep = await signInAs(u);
    const others = [await signInAs(u), await signInAs(u, UA_PHONE)];
    const res = await post('/api/profile/sessions/revoke-others', keep);
    expect(res.json()).toEqual({ ended: 2 });
    for (const c of others) expect(await signedIn(c)).toBe(false);
    expect(await signedIn(keep)).toBe(true);
  });

  it('changing the password ends the other sessions', async () => {
    const u = await createUser(ctx);
    const a = await signInAs(u);
    const b = await signInAs(u);
    const res = await post('/api/account/change-password', a, {
      currentPassword: u.password,
      newPassword: 'outra-senha-456',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await signedIn(b)).toBe(false);
    // The browser that changed it stays signed in: it receives its new session's cookie.
    const setCookie = [res.headers['set-cookie'] ?? []].flat();
    const renewed = setCookie.find((c) => c.startsWith('sorteio.session_token='));
    expect(renewed).toBeDefined();
    expect(await signedIn(renewed!.split(';')[0]!)).toBe(true);
  });

  it('enabling 2FA ends the other sessions', async () => {
    const u = await createUser(ctx);
    const a = await signInAs(u);
    const b = await signInAs(u);
    const enable = await post('/api/auth/two-factor/enable', a, { password: u.password });
    expect(enable.statusCode, enable.body).toBe(200);
    const secret = new URL(enable.json().totpURI as string).searchParams.get('secret')!;
    expect(await signedIn(b)).toBe(true);
    const verified = await post('/api/auth/two-factor/verify-totp', a, {
      code: generateSync({ secret }),
    });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(await signedIn(b)).toBe(false);
    const after = verified.cookies.length > 0 ? cookieHeader(verified.cookies) : a;
    expect(await signedIn(after)).toBe(true);
  });

  it('ends a session older than the timeout of the settings', async () => {
    const u = await createUser(ctx);
    const cookie = await signInAs(u);
    const [row] = await ctx.database.db.select().from(session).where(eq(session.userId, u.id));
    await ctx.database.db
      .update(session)
      .set({ createdAt: new Date(Date.now() - 2 * 60 * 60 * 1000) })
      .where(eq(session.id, row!.id));
    expect(await signedIn(cookie)).toBe(true); // 2 hours old, within the default 24 hours
    await setSetting(ctx.database.db, 'security.sessionTimeoutHours', 1, null);
    try {
      expect(await signedIn(cookie)).toBe(false);
      expect(
        await ctx.database.db.select().from(session).where(eq(session.id, row!.id)),
      ).toHaveLength(0);
    } finally {
      await setSetting(ctx.database.db, 'security.sessionTimeoutHours', 24, null);
    }
  });
});
