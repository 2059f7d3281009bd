import { eq } from 'drizzle-orm';
import { generateSync } from 'otplib';
import { describe, expect, it } from 'vitest';
import { twoFactor, userSecurityLogs, verification } from '../../db/schema';
import { cookieHeader, createUser, jsonHeaders, signIn, useTestApp } from '../../test/helpers';
import { setSetting } from '../settings/settings.service';

let ipCounter = 10;
/** A fresh client address per test keeps the per-IP limits of one test out of the others. */
const nextIp = () => `198.51.100.${(ipCounter += 1)}`;

const ctx = useTestApp();

function post(url: string, payload: unknown, options: { cookie?: string; ip?: string } = {}) {
  return ctx.app.inject({
    method: 'POST',
    url,
    headers: { ...jsonHeaders, ...(options.cookie ? { cookie: options.cookie } : {}) },
    payload: payload as object,
    remoteAddress: options.ip ?? nextIp(),
  });
}

/** Signs in with the e-mail and password from `ip`, as the browser `userAgent` when given. */
const signInFrom = (ip: string, u: { email: string; password: string }, userAgent?: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { ...jsonHeaders, ...(userAgent ? { 'user-agent': userAgent } : {}) },
    payload: { email: u.email, password: u.password },
    remoteAddress: ip,
  });

async function me(cookie: string) {
  return (await ctx.app.inject({ url: '/api/me', headers: { cookie } })).json().user;
}

function linkIn(text: string): string {
  const match = /(https?:\/\/\S+)/.exec(text);
  if (!match) throw new Error(`no link in: ${text}`);
  return match[1]!;
}

describe('sign-up and e-mail confirmation', () => {
  it('requires the confirmation link before sign-in', async () => {
    const email = 'nova.jogadora@teste.com.br';
    const signUp = await post('/api/auth/sign-up/email', {
      email,
      password: 'segredo1',
      name: 'nova.jogadora',
      callbackURL: '/login?verified=1',
      acceptLegalTerms: true,
    });
    expect(signUp.statusCode).toBe(200);
    const mail = ctx.mailer.sent.find((m) => m.to === email);
    expect(mail?.subject).toBe('Confirme seu e-mail — Sorteio Certo');
    expect(mail?.html).toContain('Confirmar e-mail');

    const early = await post('/api/auth/sign-in/email', { email, password: 'segredo1' });
    expect(early.statusCode).toBe(403);
    expect(early.json().error.reason).toBe('EMAIL_NOT_VERIFIED');

    const link = new URL(linkIn(mail!.text));
    const confirm = await ctx.app.inject({ url: link.pathname + link.search });
    expect(confirm.statusCode).toBe(302);
    expect(confirm.headers.location).toBe('/login?verified=1');

    const cookie = await signIn(ctx, { email, password: 'segredo1' });
    expect(await me(cookie)).toMatchObject({
      email,
      role: 'user',
      isAdmin: false,
      emailVerified: true,
    });
  });

  it('refuses a short password; a repeated e-mail reveals nothing and changes nothing', async () => {
    const short = await post('/api/auth/sign-up/email', {
      email: 'curta@teste.com.br',
      password: '12345',
      name: 'curta',
      acceptLegalTerms: true,
    });
    expect(short.statusCode).toBe(400);
    const existing = await createUser(ctx);
    const again = await post('/api/auth/sign-up/email', {
      email: existing.email,
      password: 'outrasenha',
      name: 'x',
      acceptLegalTerms: true,
    });
    // Same answer as a new sign-up (no account enumeration); the account and password stay as they were.
    expect(again.statusCode).toBe(200);
    await signIn(ctx, existing, nextIp());
    expect(
      (await post('/api/auth/sign-in/email', { email: existing.email, password: 'outrasenha' }))
        .statusCode,
    ).toBe(401);
  });
});

describe('sign-in', () => {
  it('answers wrong credentials with the reason the screen maps, and logs the failure', async () => {
    const u = await createUser(ctx);
    const res = await post('/api/auth/sign-in/email', { email: u.email, password: 'errada123' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.reason).toBe('INVALID_EMAIL_OR_PASSWORD');
    const logs = await ctx.database.db
      .select()
      .from(userSecurityLogs)
      .where(eq(userSecurityLogs.userId, u.id));
    expect(logs.map((l) => l.actionType)).toEqual(['login_failed']);
  });

  /** Failed sign-ins in the log as if they had happened `secondsAgo` (no waiting in tests). */
  async function pastFailures(email: string, ips: string[], secondsAgo: number) {
    await ctx.database.db.insert(userSecurityLogs).values(
      ips.map((ip) => ({
        email,
        ipAddress: ip,
        actionType: 'login_failed',
        timestamp: new Date(Date.now() - secondsAgo * 1000),
      })),
    );
  }

  it('closes one address to an account after 5 failures, and tells the owner; the owner still gets in from home', async () => {
    const u = await createUser(ctx);
    const home = nextIp();
    const stranger = nextIp();
    expect((await signInFrom(home, u)).statusCode).toBe(200);
    await pastFailures(u.email, Array(4).fill(stranger) as string[], 60);
    const fifth = await signInFrom(stranger, { email: u.email, password: 'errada-xx' });
    expect(fifth.statusCode).toBe(401);
    const locked = await signInFrom(stranger, u);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error.message).toBe(
      'Muitas tentativas de login para esta conta. Aguarde 15 minutos ou redefina sua senha.',
    );
    // The stranger did not lock the owner out.
    expect((await signInFrom(home, u)).statusCode).toBe(200);
    const warnings = ctx.mailer.sent.filter(
      (m) => m.to === u.email && m.subject === 'Tentativas de acesso à sua conta — Sorteio Certo',
    );
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.text).toContain(stranger);
  });

  it('slows down repeated failures from one address, then from everywhere except known places', async () => {
    const u = await createUser(ctx);
    const home = nextIp();
    expect((await signInFrom(home, u)).statusCode).toBe(200);
    const guesser = nextIp();
    await pastFailures(u.email, Array(3).fill(guesser) as string[], 0);
    const soon = await signInFrom(guesser, u);
    expect(soon.statusCode).toBe(429);
    expect(soon.json().error.message).toMatch(
      /^Muitas tentativas de login para esta conta\. Aguarde \d+ segundos e tente novamente\.$/,
    );
    // Ten failures spread over many addresses: new addresses wait, the owner's does not.
    await pastFailures(
      u.email,
      Array.from({ length: 7 }, () => nextIp()),
      0,
    );
    expect((await signInFrom(nextIp(), u)).statusCode).toBe(429);
    expect((await signInFrom(home, u)).statusCode).toBe(200);
  });

  it('tells the owner of a sign-in from a new device', async () => {
    const u = await createUser(ctx);
    const ip = nextIp();
    const withAgent = (ua: string) => signInFrom(ip, u, ua);
    const firefox = 'Mozilla/5.0 (X11; Linux x86_64; rv:120.0) Gecko/20100101 Firefox/120.0';
    expect((await withAgent(firefox)).statusCode).toBe(200);
    expect((await withAgent(firefox)).statusCode).toBe(200);
    const subject = 'Novo acesso à sua conta — Sorteio Certo';
    expect(ctx.mailer.sent.filter((m) => m.to === u.email && m.subject === subject)).toHaveLength(
      0,
    );
    const android =
      'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/120.0 Mobile Safari/537.36';
    expect((await withAgent(android)).statusCode).toBe(200);
    const mails = ctx.mailer.sent.filter((m) => m.to === u.email && m.subject === subject);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('Android');
  });

  it('limits sign-in attempts per IP', async () => {
    const ip = nextIp();
    const codes: number[] = [];
    for (let i = 0; i < 11; i += 1)
      codes.push(
        (await signInFrom(ip, { email: `x${i}@teste.com.br`, password: 'qualquer1' })).statusCode,
      );
    expect(codes.slice(0, 10).every((c) => c === 401)).toBe(true);
    expect(codes[10]).toBe(429);
  });

  it('flags a sign-in from a new country and from a new device as suspicious', async () => {
    const u = await createUser(ctx);
    const firefox = 'Mozilla/5.0 (X11; Linux x86_64; rv:120.0) Gecko/20100101 Firefox/120.0';
    const chromeAndroid =
      'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/120.0 Mobile Safari/537.36';
    const login = (ip: string, ua: string) => signInFrom(ip, u, ua);
    expect((await login('200.160.2.3', firefox)).statusCode).toBe(200); // São Paulo, baseline
    expect((await login('177.71.128.1', firefox)).statusCode).toBe(200); // Brazil again, same device
    expect((await login('8.8.8.8', firefox)).statusCode).toBe(200); // another country
    expect((await login('200.160.2.3', chromeAndroid)).statusCode).toBe(200); // new device
    const logs = await ctx.database.db
      .select()
      .from(userSecurityLogs)
      .where(eq(userSecurityLogs.userId, u.id))
      .orderBy(userSecurityLogs.timestamp);
    expect(logs.map((l) => [l.isSuspicious, l.suspiciousReason])).toEqual([
      [false, null],
      [false, null],
      [true, 'Login de um novo país (Estados Unidos)'],
      [true, 'Login de um novo dispositivo'],
    ]);
    expect(logs[0]).toMatchObject({
      ipAddress: '200.160.2.3',
      city: 'Sao Paulo',
      region: 'Sao Paulo',
      country: 'Brasil',
      userAgent: firefox,
    });
  });
});

describe('password recovery', () => {
  it('answers the same whether or not the e-mail exists, and mails a one-hour link', async () => {
    const u = await createUser(ctx);
    const unknown = await post('/api/auth/request-password-reset', {
      email: 'ninguem@teste.com.br',
      redirectTo: '/reset-password',
    });
    const known = await post('/api/auth/request-password-reset', {
      email: u.email,
      redirectTo: '/reset-password',
    });
    expect(unknown.statusCode).toBe(200);
    expect(known.statusCode).toBe(200);
    expect(unknown.body).toBe(known.body);
    expect(ctx.mailer.sent.some((m) => m.to === 'ninguem@teste.com.br')).toBe(false);
    const mail = ctx.mailer.sent.findLast((m) => m.to === u.email)!;
    expect(mail.text).toContain('vale por 1 hora');
    const link = new URL(linkIn(mail.text));
    expect(link.pathname).toBe('/reset-password');
    expect(link.searchParams.get('type')).toBe('recovery');
    const token = link.searchParams.get('token')!;
    const [row] = await ctx.database.db
      .select()
      .from(verification)
      .where(eq(verification.identifier, `reset-password:${token}`));
    const lifetime = row!.expiresAt.getTime() - Date.now();
    expect(lifetime).toBeGreaterThan(59 * 60 * 1000);
    expect(lifetime).toBeLessThanOrEqual(60 * 60 * 1000);
  });

  it('resets once with a valid token; a used, expired or unknown token is refused', async () => {
    const u = await createUser(ctx);
    const oldSession = await signIn(ctx, u, nextIp());
    await post('/api/auth/request-password-reset', {
      email: u.email,
      redirectTo: '/reset-password',
    });
    const token = new URL(
      linkIn(ctx.mailer.sent.findLast((m) => m.to === u.email)!.text),
    ).searchParams.get('token')!;
    const check = async (t: string) =>
      (await ctx.app.inject({ url: `/api/account/password-reset/${t}` })).json().valid;
    expect(await check(token)).toBe(true);
    expect(
      (await post('/api/auth/reset-password', { newPassword: 'nova-senha-1', token })).statusCode,
    ).toBe(200);
    expect(await check(token)).toBe(false);
    const reused = await post('/api/auth/reset-password', { newPassword: 'outra-senha-2', token });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error.reason).toBe('INVALID_TOKEN');
    expect(await me(oldSession)).toBeNull(); // sessions end on reset
    await signIn(ctx, { email: u.email, password: 'nova-senha-1' }, nextIp());
    const logs = await ctx.database.db
      .select()
      .from(userSecurityLogs)
      .where(eq(userSecurityLogs.userId, u.id));
    expect(logs.map((l) => l.actionType)).toContain('password_reset');

    await post('/api/auth/request-password-reset', {
      email: u.email,
      redirectTo: '/reset-password',
    });
    const token2 = new URL(
      linkIn(ctx.mailer.sent.findLast((m) => m.to === u.email)!.text),
    ).searchParams.get('token')!;
    await ctx.database.db
      .update(verification)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verification.identifier, `reset-password:${token2}`));
    expect(await check(token2)).toBe(false);
    expect(
      (
        await post('/api/auth/reset-password', { newPassword: 'nova-senha-3', token: token2 })
      ).json().error.reason,
    ).toBe('INVALID_TOKEN');
    expect(
      (
        await post('/api/auth/reset-password', {
          newPassword: 'nova-senha-3',
          token: 'token-inventado',
        })
      ).statusCode,
    ).toBe(400);
  });

  it('limits recovery requests per account', async () => {
    const u = await createUser(ctx);
    const codes: number[] = [];
    for (let i = 0; i < 4; i += 1)
      codes.push(
        (
          await post('/api/auth/request-password-reset', {
            email: u.email,
            redirectTo: '/reset-password',
          })
        ).statusCode,
      );
    expect(codes).toEqual([200, 200, 200, 429]);
  });
});

describe('roles and suspension', () => {
  it('makes the owner address an administrator and answers test_admin_access on the server', async () => {
    const owner = await createUser(ctx, { email: ctx.config.adminEmail });
    const player = await createUser(ctx);
    const ownerCookie = await signIn(ctx, owner, nextIp());
    const playerCookie = await signIn(ctx, player, nextIp());
    expect(await me(ownerCookie)).toMatchObject({ isAdmin: true, role: 'admin' });
    const access = (cookie?: string) =>
      ctx.app
        .inject({ url: '/api/admin-access', headers: cookie ? { cookie } : {} })
        .then((r) => r.json());
    expect(await access(ownerCookie)).toEqual({
      is_admin: true,
      is_authenticated: true,
      admin_record_exists: false,
      two_factor_required: false,
    });
    expect(await access(playerCookie)).toEqual({
      is_admin: false,
      is_authenticated: true,
      admin_record_exists: false,
      two_factor_required: false,
    });
    expect(await access()).toEqual({
      is_admin: false,
      is_authenticated: false,
      admin_record_exists: false,
      two_factor_required: false,
    });
    const staff = await createUser(ctx, { role: 'admin' });
    const staffCookie = await signIn(ctx, staff, nextIp());
    expect(await access(staffCookie)).toEqual({
      is_admin: true,
      is_authenticated: true,
      admin_record_exists: true,
      two_factor_required: false,
    });
    // "2FA obrigatório" on: staff without two-factor sign-in are sent to set it up; players not.
    await setSetting(ctx.database.db, 'security.twoFactorRequired', true, null);
    expect(await access(staffCookie)).toMatchObject({ two_factor_required: true });
    expect(await access(playerCookie)).toMatchObject({ two_factor_required: false });
    const support = await createUser(ctx, { role: 'support' });
    expect(await access(await signIn(ctx, support, nextIp()))).toMatchObject({
      is_admin: false,
      two_factor_required: true,
    });
    const blocked = await ctx.app.inject({
      url: '/api/admin/dashboard',
      headers: { cookie: staffCookie },
    });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toMatchObject({ error: { reason: 'TWO_FACTOR_REQUIRED' } });
    await setSetting(ctx.database.db, 'security.twoFactorRequired', false, null);
  });

  it('a suspended account loses its sessions and cannot sign in; only staff may suspend', async () => {
    const admin = await createUser(ctx, { role: 'admin' });
    const player = await createUser(ctx);
    const other = await createUser(ctx);
    const adminCookie = await signIn(ctx, admin, nextIp());
    const playerCookie = await signIn(ctx, player, nextIp());
    const otherCookie = await signIn(ctx, other, nextIp());
    const refused = await post(
      `/api/admin/users/${player.id}/status`,
      { statusConta: 'suspenso' },
      { cookie: otherCookie },
    );
    expect(refused.statusCode).toBe(403);
    const ok = await post(
      `/api/admin/users/${player.id}/status`,
      { statusConta: 'suspenso' },
      { cookie: adminCookie },
    );
    expect(ok.json()).toEqual({ statusConta: 'suspenso' });
    expect(await me(playerCookie)).toBeNull();
    const again = await post('/api/auth/sign-in/email', {
      email: player.email,
      password: player.password,
    });
    expect(again.statusCode).toBe(403);
    expect(again.json().error).toMatchObject({
      reason: 'ACCOUNT_SUSPENDED',
      message: 'Sua conta está suspensa. Entre em contato com o suporte.',
    });
    await post(
      `/api/admin/users/${player.id}/status`,
      { statusConta: 'ativo' },
      { cookie: adminCookie },
    );
    await signIn(ctx, player, nextIp());
  });
});

describe('two-factor authentication', () => {
  it('enables only after a valid code, stores backup codes hashed, and asks for a code at sign-in', async () => {
    const u = await createUser(ctx);
    const cookie = await signIn(ctx, u, nextIp());
    const enable = await post('/api/auth/two-factor/enable', { password: u.password }, { cookie });
    expect(enable.statusCode).toBe(200);
    const { totpURI, backupCodes } = enable.json<{ totpURI: string; backupCodes: string[] }>();
    expect(backupCodes).toHaveLength(10);
    for (const c of backupCodes) expect(c).toMatch(/^[A-Z0-9]{6}$/);
    const secret = new URL(totpURI).searchParams.get('secret')!;
    expect((await ctx.app.inject({ url: '/api/profile/2fa', headers: { cookie } })).json()).toEqual(
      { enabled: false, pendingSetup: true },
    );

    const wrong = await post('/api/auth/two-factor/verify-totp', { code: '000000' }, { cookie });
    expect(wrong.statusCode).toBe(401);
    const right = await post(
      '/api/auth/two-factor/verify-totp',
      { code: generateSync({ secret }) },
      { cookie },
    );
    expect(right.statusCode).toBe(200);
    const cookieAfter = cookieHeader(right.cookies);
    expect(
      (await ctx.app.inject({ url: '/api/profile/2fa', headers: { cookie: cookieAfter } })).json(),
    ).toEqual({ enabled: true, pendingSetup: false });

    const [stored] = await ctx.database.db
      .select()
      .from(twoFactor)
      .where(eq(twoFactor.userId, u.id));
    for (const c of backupCodes) expect(stored!.backupCodes).not.toContain(c);
    expect(stored!.secret).not.toContain(secret);

    // Sign-in now needs the second step.
    const first = await post('/api/auth/sign-in/email', { email: u.email, password: u.password });
    expect(first.json()).toMatchObject({ twoFactorRedirect: true });
    expect(first.cookies.find((c) => c.name.endsWith('session_token') && c.value)).toBeUndefined();
    const pending = cookieHeader(first.cookies);
    const bad = await post(
      '/api/auth/two-factor/verify-totp',
      { code: '123456' },
      { cookie: pending },
    );
    expect(bad.statusCode).toBe(401);
    const good = await post(
      '/api/auth/two-factor/verify-totp',
      { code: generateSync({ secret }) },
      { cookie: pending },
    );
    expect(good.statusCode).toBe(200);
    expect(await me(cookieHeader(good.cookies))).toMatchObject({ id: u.id });

    // A backup code works once.
    const viaBackup = async () => {
      const step = await post('/api/auth/sign-in/email', { email: u.email, password: u.password });
      return post(
        '/api/auth/two-factor/verify-backup-code',
        { code: backupCodes[0]!.toLowerCase() },
        { cookie: cookieHeader(step.cookies) },
      );
    };
    expect((await viaBackup()).statusCode).toBe(200);
    expect((await viaBackup()).statusCode).toBe(401);

    // Disabling needs a valid code.
    const wrongDisable = await post(
      '/api/profile/2fa/disable',
      { code: '111111' },
      { cookie: cookieAfter },
    );
    expect(wrongDisable.statusCode).toBe(400);
    expect(wrongDisable.json().error.message).toBe('O código informado está incorreto ou expirou.');
    const disable = await post(
      '/api/profile/2fa/disable',
      { code: generateSync({ secret }) },
      { cookie: cookieAfter },
    );
    expect(disable.json()).toEqual({ enabled: false });
    expect(
      (await post('/api/auth/sign-in/email', { email: u.email, password: u.password })).json()
        .twoFactorRedirect,
    ).toBeUndefined();

    const actions = (
      await ctx.database.db.select().from(userSecurityLogs).where(eq(userSecurityLogs.userId, u.id))
    ).map((l) => l.actionType);
    expect(actions).toEqual(
      expect.arrayContaining(['2fa_setup_started', '2fa_enabled', '2fa_disabled', 'login']),
    );
  });
});
