/**
 * Staff accounts (issue 35): two-factor sign-in required of every staff role in production (the
 * setting can only add to it), a shorter idle timeout for staff sessions, and the administrators'
 * list of live staff sessions with an audited "end".
 */
import { staffSessionMessages } from '@sorteio/shared';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../config';
import { session, settings, staffAuditLog, user } from '../../db/schema';
import {
  createTestApp,
  createUser,
  jsonHeaders,
  signIn,
  testConfig,
  useTestApp,
} from '../../test/helpers';

let n = 0;
const ip = () => `198.18.95.${(n += 1)}`;

const ctx = useTestApp({ config: { staffIdleTimeoutMinutes: 30 } });

const me = async (cookie: string) =>
  (await ctx.app.inject({ url: '/api/me', headers: { cookie } })).json<{
    user: { email: string } | null;
  }>().user;

/** The session of a Cookie header, by its owner (each test user has one session here). */
async function sessionOf(userId: string) {
  const [row] = await ctx.database.db.select().from(session).where(eq(session.userId, userId));
  return row;
}

const idleFor = (userId: string, minutes: number) =>
  ctx.database.db
    .update(session)
    .set({ lastActiveAt: new Date(Date.now() - minutes * 60 * 1000) })
    .where(eq(session.userId, userId));

describe('staff idle timeout', () => {
  it('ends a staff session idle past STAFF_IDLE_TIMEOUT_MINUTES; a player idle as long stays signed in', async () => {
    const manager = await createUser(ctx, { role: 'manager' });
    const player = await createUser(ctx);
    const managerCookie = await signIn(ctx, manager, ip());
    const playerCookie = await signIn(ctx, player, ip());
    await idleFor(manager.id, 31);
    await idleFor(player.id, 31);
    expect(await me(managerCookie)).toBeNull();
    expect(await sessionOf(manager.id)).toBeUndefined();
    const refused = await ctx.app.inject({
      url: '/api/admin/users',
      headers: { cookie: managerCookie },
    });
    expect(refused.statusCode).toBe(401);
    expect(await me(playerCookie)).toMatchObject({ email: player.email });
  });

  it('keeps an active staff session and moves its last-activity mark', async () => {
    const support = await createUser(ctx, { role: 'support' });
    const cookie = await signIn(ctx, support, ip());
    await idleFor(support.id, 29);
    expect(await me(cookie)).toMatchObject({ email: support.email });
    const mark = (await sessionOf(support.id))!.lastActiveAt!;
    expect(Date.now() - mark.getTime()).toBeLessThan(60 * 1000);
    // Right after a write, the next request does not write again (one update a minute at most).
    expect(await me(cookie)).toMatchObject({ email: support.email });
    expect((await sessionOf(support.id))!.lastActiveAt!.getTime()).toBe(mark.getTime());
  });
});

describe('two-factor sign-in of staff', () => {
  it('is required in production and cannot be switched off there; the demo, development and test opt in', () => {
    // Without its authorisation, a real production server starts only when told so (issue 33).
    const ack = { OPERATOR_AUTHORIZATION_ACK: 'sem-autorizacao' };
    const production = { NODE_ENV: 'production', SEED_DEMO: 'false', ...ack };
    const server = {
      ...ack,
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://db.example/sorteio',
      APP_SECRET: 'a-production-secret-a-production-secret',
    };
    expect(testConfig({}, production).staffTwoFactorRequired).toBe(true);
    expect(testConfig({}, server).staffTwoFactorRequired).toBe(true);
    expect(
      testConfig({}, { ...production, STAFF_2FA_REQUIRED: 'true' }).staffTwoFactorRequired,
    ).toBe(true);
    for (const env of [production, server])
      expect(() => testConfig({}, { ...env, STAFF_2FA_REQUIRED: 'false' })).toThrow(ConfigError);
    // `npm start`: a production build with the seeded demo accounts keeps today's rule.
    expect(testConfig({}, { NODE_ENV: 'production' }).staffTwoFactorRequired).toBe(false);
    expect(testConfig().staffTwoFactorRequired).toBe(false);
    expect(testConfig({}, { STAFF_2FA_REQUIRED: 'true' }).staffTwoFactorRequired).toBe(true);
    expect(testConfig().staffIdleTimeoutMinutes).toBe(30);
    expect(testConfig({}, { STAFF_IDLE_TIMEOUT_MINUTES: '15' }).staffIdleTimeoutMinutes).toBe(15);
  });

  it('with the configuration floor on, sends every staff role to set it up although the setting is off', async () => {
    const strict = await createTestApp({ config: { staffTwoFactorRequired: true } });
    try {
      const admin = await createUser(strict, { role: 'admin' });
      const attendant = await createUser(strict, { role: 'attendant' });
      const adminCookie = await signIn(strict, admin, ip());
      const attendantCookie = await signIn(strict, attendant, ip());
      // The setting is off (its default, no row), yet every staff role must set 2FA up first.
      expect(await strict.database.db.select().from(settings)).toHaveLength(0);
      for (const cookie of [adminCookie, attendantCookie]) {
        const access = await strict.app.inject({
          url: '/api/admin-access',
          headers: { cookie },
        });
        expect(access.json()).toMatchObject({ two_factor_required: true });
        const list = await strict.app.inject({ url: '/api/admin/users', headers: { cookie } });
        expect(list.statusCode).toBe(403);
        expect(list.json().error.reason).toBe('TWO_FACTOR_REQUIRED');
      }
    } finally {
      await strict.close();
    }
  });
});

describe('the settings screen under the floor', () => {
  it('shows "2FA obrigatório" on and refuses to save it off, changing nothing', async () => {
    const strict = await createTestApp({ config: { staffTwoFactorRequired: true } });
    try {
      const admin = await createUser(strict, { role: 'admin' });
      const cookie = await signIn(strict, admin, ip());
      // 2FA switched on after this sign-in (the TOTP flow has its own tests): the session is read
      // with the account's flag on every request.
      await strict.database.db
        .update(user)
        .set({ twoFactorEnabled: true })
        .where(eq(user.id, admin.id));
      const read = await strict.app.inject({ url: '/api/admin/settings', headers: { cookie } });
      expect(read.statusCode, read.body).toBe(200);
      expect(read.json().twoFactorRequired).toBe(true);
      const put = (body: unknown) =>
        strict.app.inject({
          method: 'PUT',
          url: '/api/admin/settings',
          headers: { ...jsonHeaders, cookie },
          payload: JSON.stringify(body),
        });
      const off = await put({ twoFactorRequired: false });
      expect(off.statusCode).toBe(400);
      expect(off.json().error.message).toBe(
        'A verificação em duas etapas da equipe é obrigatória neste ambiente e não pode ser desligada.',
      );
      expect(await strict.database.db.select().from(settings)).toHaveLength(0);
      expect(
        await strict.database.db
          .select()
          .from(staffAuditLog)
          .where(eq(staffAuditLog.action, 'settings.update')),
      ).toHaveLength(0);
      const on = await put({ twoFactorRequired: true });
      expect(on.statusCode, on.body).toBe(200);
      expect(on.json().twoFactorRequired).toBe(true);
    } finally {
      await strict.close();
    }
  });
});

describe('staff sessions (administrators)', () => {
  it('lists live staff sessions only, marks the caller’s own, and is for administrators only', async () => {
    const admin = await createUser(ctx, { role: 'admin' });
    const manager = await createUser(ctx, { role: 'manager', profile: { nomeCompleto: 'Gil' } });
    const player = await createUser(ctx);
    const adminCookie = await signIn(ctx, admin, ip());
    const managerCookie = await signIn(ctx, manager, ip());
    await signIn(ctx, player, ip());
    const res = await ctx.app.inject({
      url: '/api/admin/staff-sessions',
      headers: { cookie: adminCookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{
      items: { userId: string; current: boolean; role: string; ipAddress: string | null }[];
      idleTimeoutMinutes: number;
    }>();
    expect(body.idleTimeoutMinutes).toBe(30);
    const ids = body.items.map((i) => i.userId);
    expect(ids).toContain(admin.id);
    expect(ids).toContain(manager.id);
    expect(ids).not.toContain(player.id);
    expect(body.items.find((i) => i.userId === admin.id)).toMatchObject({ current: true });
    expect(body.items.find((i) => i.userId === manager.id)).toMatchObject({
      current: false,
      role: 'manager',
    });
    expect(JSON.stringify(body)).not.toMatch(/token/i);
    const byManager = await ctx.app.inject({
      url: '/api/admin/staff-sessions',
      headers: { cookie: managerCookie },
    });
    expect(byManager.statusCode).toBe(403);
  });

  it('ends a staff session at once, audited in the same transaction; not the caller’s own, not a player’s', async () => {
    const admin = await createUser(ctx, { role: 'admin' });
    const manager = await createUser(ctx, { role: 'manager' });
    const player = await createUser(ctx);
    const adminCookie = await signIn(ctx, admin, ip());
    const managerCookie = await signIn(ctx, manager, ip());
    await signIn(ctx, player, ip());
    const end = (id: string, cookie = adminCookie) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/admin/staff-sessions/${id}/end`,
        headers: { ...jsonHeaders, cookie },
        payload: '{}',
      });
    const target = (await sessionOf(manager.id))!;

    // A manager may not end anyone's session here; nothing changes.
    expect((await end((await sessionOf(admin.id))!.id, managerCookie)).statusCode).toBe(403);

    const own = await end((await sessionOf(admin.id))!.id);
    expect(own.statusCode).toBe(409);
    expect(own.json().error.message).toBe(staffSessionMessages.current);
    const ofPlayer = await end((await sessionOf(player.id))!.id);
    expect(ofPlayer.statusCode).toBe(404);
    expect(await sessionOf(player.id)).toBeDefined();

    const ended = await end(target.id);
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json()).toEqual({ ended: 1 });
    expect(await me(managerCookie)).toBeNull();
    const audit = await ctx.database.db
      .select()
      .from(staffAuditLog)
      .where(
        and(eq(staffAuditLog.action, 'staff.session_end'), eq(staffAuditLog.targetId, manager.id)),
      );
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: admin.id, actorRole: 'admin' });
    expect(audit[0]!.before).toMatchObject({ sessionId: target.id, email: manager.email });

    const again = await end(target.id);
    expect(again.statusCode).toBe(404);
    expect(again.json().error.message).toBe(staffSessionMessages.notFound);
    // No stray settings write from any of this.
    expect(await ctx.database.db.select().from(settings)).toHaveLength(0);
  });
});
