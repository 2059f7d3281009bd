/** 'Alterar senha' while signed in: the current password is required, the other sessions end. */
import { describe, expect, it } from 'vitest';
import { cookieHeader, createUser, jsonHeaders, useTestApp } from '../../test/helpers';

const ctx = useTestApp();

let ip = 0;
const nextIp = () => `198.18.130.${(ip += 1)}`;

async function signInAs(email: string, password: string) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: jsonHeaders,
    payload: { email, password },
    remoteAddress: nextIp(),
  });
  return { status: res.statusCode, cookie: cookieHeader(res.cookies) };
}
const profileStatus = async (cookie: string) =>
  (await ctx.app.inject({ url: '/api/profile', headers: { origin: jsonHeaders.origin, cookie } }))
    .statusCode;
const change = (cookie: string, payload: object) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/account/change-password',
    headers: { ...jsonHeaders, cookie },
    payload,
    remoteAddress: nextIp(),
  });

describe('changing the password while signed in', () => {
  it('with a wrong current password changes nothing and says so in Portuguese', async () => {
    const u = await createUser(ctx);
    const here = (await signInAs(u.email, u.password)).cookie;
    const there = (await signInAs(u.email, u.password)).cookie;

    const res = await change(here, {
      currentPassword: 'nao-e-a-senha',
      newPassword: 'nova-senha-789',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('A senha atual está incorreta.');

    expect(await profileStatus(here)).toBe(200);
    expect(await profileStatus(there)).toBe(200);
    expect((await signInAs(u.email, u.password)).status).toBe(200);
    expect((await signInAs(u.email, 'nova-senha-789')).status).toBe(401);
  });

  it('refuses a new password under the minimum with the shared message', async () => {
    const u = await createUser(ctx);
    const here = (await signInAs(u.email, u.password)).cookie;
    const res = await change(here, { currentPassword: u.password, newPassword: 'abc' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain('A senha deve ter pelo menos 6 caracteres.');
    // Above the floor but under the setting (default 8): the setting's number.
    const underSetting = await change(here, {
      currentPassword: u.password,
      newPassword: 'abc123x',
    });
    expect(underSetting.statusCode).toBe(400);
    expect(underSetting.json().error.message).toBe('A senha deve ter pelo menos 8 caracteres.');
    const same = await change(here, { currentPassword: u.password, newPassword: u.password });
    expect(same.statusCode).toBe(400);
    expect(same.json().error).toMatchObject({
      message: 'A nova senha precisa ser diferente da atual.',
      reason: 'SAME_PASSWORD',
    });
    expect((await signInAs(u.email, u.password)).status).toBe(200);
  });

  it('with the right one ends the other sessions (401) and keeps this one', async () => {
    const u = await createUser(ctx);
    const here = (await signInAs(u.email, u.password)).cookie;
    const there = (await signInAs(u.email, u.password)).cookie;
    const third = (await signInAs(u.email, u.password)).cookie;

    const res = await change(here, { currentPassword: u.password, newPassword: 'nova-senha-789' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ changed: true });

    expect(await profileStatus(there)).toBe(401);
    expect(await profileStatus(third)).toBe(401);
    // This browser goes on with the session cookie it was given in the answer.
    const renewed = [res.headers['set-cookie'] ?? []]
      .flat()
      .find((c) => c.startsWith('sorteio.session_token='));
    expect(renewed).toBeDefined();
    expect(await profileStatus(renewed!.split(';')[0]!)).toBe(200);

    expect((await signInAs(u.email, u.password)).status).toBe(401);
    expect((await signInAs(u.email, 'nova-senha-789')).status).toBe(200);
  });
});
