/**
 * /api-services over time: the periodic health checks stored per service, the summary tiles
 * computed from them (active services, uptime, average response, security), and maintenance
 * windows staff announce (validated, audited, over by themselves at their end time) with the
 * public notices players read.
 */
import { and, eq } from 'drizzle-orm';
import { maintenanceMessages } from '@sorteio/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { serviceChecks, serviceMaintenance, staffAuditLog } from '../../db/schema';
import { setSetting } from '../settings/settings.service';
import { activeMaintenance, securityChecks } from '../service-health/service-health.service';
import { createUser, jsonHeaders, signIn, useTestApp } from '../../test/helpers';

const HOUR = 3_600_000;

let admin: string;
let manager: string;

const ctx = useTestApp();
beforeAll(async () => {
  admin = await signIn(ctx, await createUser(ctx, { role: 'admin' }), '198.18.76.1');
  manager = await signIn(ctx, await createUser(ctx, { role: 'manager' }), '198.18.76.2');
});

const call = (
  method: 'GET' | 'PUT' | 'POST' | 'DELETE',
  url: string,
  body?: unknown,
  cookie = admin,
) =>
  ctx.app.inject({
    method,
    url,
    headers: {
      ...(body === undefined ? { origin: jsonHeaders.origin } : jsonHeaders),
      ...(cookie ? { cookie } : {}),
    },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });

describe('health-check history', () => {
  it('stores one check per service per round with its latency, and prunes old rows', async () => {
    const db = ctx.database.db;
    // A row older than the history kept goes with the next round.
    await db.insert(serviceChecks).values({
      serviceId: 'auth',
      checkedAt: new Date(Date.now() - 9 * 24 * HOUR),
      status: 'offline',
      latencyMs: 1,
      detail: 'antigo',
    });
    await ctx.app.serviceHealth.runOnce();
    const rows = await db.select().from(serviceChecks);
    expect(rows.map((r) => r.serviceId).sort()).toEqual(
      ['analytics', 'auth', 'draws', 'notifications', 'payment-pix', 'webhooks'].sort(),
    );
    for (const r of rows) {
      expect(r.status).toBe('online');
      expect(r.latencyMs).toBeGreaterThan(0);
    }
  });

  it('computes uptime over 24 h and 7 days, the average response and the tiles from stored checks', async () => {
    const db = ctx.database.db;
    await db.delete(serviceChecks);
    const now = Date.now();
    const rows: (typeof serviceChecks.$inferInsert)[] = [];
    const add = (serviceId: string, hoursAgo: number, status: string, latencyMs: number) =>
      rows.push({
        serviceId,
        checkedAt: new Date(now - hoursAgo * HOUR),
        status,
        latencyMs,
        detail: '',
      });
    // auth: last 24 h 3 online + 1 offline (75 %); 3 days ago 4 offline -> 7 d: 3 of 8 (37.5 %).
    for (const h of [1, 2, 3]) add('auth', h, 'online', 10);
    add('auth', 4, 'offline', 50);
    for (const h of [72, 73, 74, 75]) add('auth', h, 'offline', 1000);
    // draws: 2 online, plus a maintenance check that does not count (100 %).
    add('draws', 1, 'online', 20);
    add('draws', 2, 'online', 40);
    add('draws', 3, 'maintenance', 30);
    await db.insert(serviceChecks).values(rows);

    const res = await call('GET', '/api/admin/services');
    expect(res.statusCode, res.body).toBe(200);
    const { items, summary } = res.json();
    const auth = items.find((i: { id: string }) => i.id === 'auth');
    expect(auth).toMatchObject({
      uptime24hPct: 75,
      uptime7dPct: 37.5,
      checkAvgMs: 20,
      checks24h: 4,
    });
    const draws = items.find((i: { id: string }) => i.id === 'draws');
    expect(draws).toMatchObject({ uptime24hPct: 100, uptime7dPct: 100, checkAvgMs: 30 });
    expect(items.find((i: { id: string }) => i.id === 'webhooks').uptime24hPct).toBeNull();
    // Tiles: the average of the measured services, the mean latency of every check of 24 h.
    expect(summary.uptime24hPct).toBe(87.5);
    expect(summary.uptime7dPct).toBe(68.8);
    expect(summary.avgResponseMs).toBe(24.3); // (3 x 10 + 50 + 20 + 40 + 30) / 7
    expect(summary.totalServices).toBe(6);
    expect(summary.activeServices).toBe(6);
  });

  it('scores security from real configuration checks', async () => {
    const before = (await call('GET', '/api/admin/services')).json().summary;
    const byId = Object.fromEntries(
      before.security.map((c: { id: string; ok: boolean }) => [c.id, c.ok]),
    );
    // The test server runs on http:// with 2FA off; the secret is long, local addresses blocked.
    expect(byId).toEqual({
      https: false,
      'app-secret': true,
      'staff-2fa': false,
      'ssrf-guard': true,
    });
    expect(before.securityPct).toBe(50);
    // Staff 2FA on (set directly: this admin has no 2FA and would be locked out of the API).
    const db = ctx.database.db;
    await setSetting(db, 'security.twoFactorRequired', true, null);
    const checks = await securityChecks({ config: ctx.config, db, pix: ctx.app.pixRuntime });
    expect(checks.find((c) => c.id === 'staff-2fa')!.ok).toBe(true);
    expect(checks.filter((c) => c.ok)).toHaveLength(3);
    await setSetting(db, 'security.twoFactorRequired', false, null);
    // In production the configuration requires it whatever the setting says.
    const floor = await securityChecks({
      config: { ...ctx.config, staffTwoFactorRequired: true },
      db,
      pix: ctx.app.pixRuntime,
    });
    expect(floor.find((c) => c.id === 'staff-2fa')).toMatchObject({
      ok: true,
      detail: 'Obrigatório para toda a equipe neste ambiente (STAFF_2FA_REQUIRED).',
    });
  });
});

describe('maintenance windows', () => {
  const inMinutes = (m: number) => new Date(Date.now() + m * 60_000).toISOString();

  it('validates the reason and the end time and changes nothing when refused', async () => {
    const cases: [unknown, string][] = [
      [{ reason: 'oi', endsAt: inMinutes(60) }, maintenanceMessages.reasonRequired],
      [{ reason: 'Troca de certificado', endsAt: 'amanhã' }, maintenanceMessages.endInvalid],
      [{ reason: 'Troca de certificado', endsAt: inMinutes(-5) }, maintenanceMessages.endInPast],
      [
        { reason: 'Troca de certificado', endsAt: inMinutes(8 * 24 * 60) },
        maintenanceMessages.endTooFar,
      ],
    ];
    for (const [body, message] of cases) {
      const res = await call('PUT', '/api/admin/services/payment-pix/maintenance', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.body).toContain(message);
    }
    expect(await ctx.database.db.select().from(serviceMaintenance)).toEqual([]);
  });

  it('only services.manage may start or end one', async () => {
    const body = { reason: 'Troca de certificado', endsAt: inMinutes(60) };
    const asManager = await call(
      'PUT',
      '/api/admin/services/payment-pix/maintenance',
      body,
      manager,
    );
    expect(asManager.statusCode).toBe(403);
    const anonymous = await call('PUT', '/api/admin/services/payment-pix/maintenance', body, '');
    expect(anonymous.statusCode).toBe(401);
    expect(await ctx.database.db.select().from(serviceMaintenance)).toEqual([]);
  });

  it('starts, shows to players, ends early, and every change is audited', async () => {
    const endsAt = inMinutes(90);
    const started = await call('PUT', '/api/admin/services/payment-pix/maintenance', {
      reason: '  Troca do certificado do provedor PIX  ',
      endsAt,
    });
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json()).toMatchObject({
      status: 'maintenance',
      maintenance: { reason: 'Troca do certificado do provedor PIX', endsAt },
    });
    const list = (await call('GET', '/api/admin/services')).json();
    expect(list.summary.activeServices).toBe(5);

    const notices = await ctx.app.inject({ method: 'GET', url: '/api/public/maintenance' });
    expect(notices.statusCode).toBe(200);
    expect(notices.headers['cache-control']).toMatch(/^public, max-age=(\d+)$/);
    expect(notices.json()).toEqual({
      items: [
        {
          service: 'payment-pix',
          name: 'Pagamentos PIX',
          reason: 'Troca do certificado do provedor PIX',
          startsAt: expect.any(String),
          endsAt,
        },
      ],
    });
    // No staff identity in the public answer.
    expect(notices.body).not.toContain('createdBy');

    // A round of checks during the window records maintenance (not counted as downtime).
    await ctx.database.db.delete(serviceChecks);
    await ctx.app.serviceHealth.runOnce();
    const [pixCheck] = await ctx.database.db
      .select()
      .from(serviceChecks)
      .where(eq(serviceChecks.serviceId, 'payment-pix'));
    expect(pixCheck!.status).toBe('maintenance');

    const ended = await call('DELETE', '/api/admin/services/payment-pix/maintenance');
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toMatchObject({ status: 'online', maintenance: null });
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/public/maintenance' })).json().items,
    ).toEqual([]);
    const again = await call('DELETE', '/api/admin/services/payment-pix/maintenance');
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(maintenanceMessages.notInMaintenance);

    const audit = await ctx.database.db
      .select({ action: staffAuditLog.action, after: staffAuditLog.after })
      .from(staffAuditLog)
      .where(
        and(eq(staffAuditLog.targetType, 'service'), eq(staffAuditLog.targetId, 'payment-pix')),
      );
    expect(audit.map((a) => a.action)).toEqual([
      'service.maintenance.start',
      'service.maintenance.end',
    ]);
    expect(audit[0]!.after).toMatchObject({
      reason: 'Troca do certificado do provedor PIX',
      endsAt,
    });
  });

  it('is over by itself at its end time', async () => {
    const db = ctx.database.db;
    const endsAt = new Date(Date.now() + 2 * 60_000);
    const started = await call('PUT', '/api/admin/services/draws/maintenance', {
      reason: 'Atualização do sorteador',
      endsAt: endsAt.toISOString(),
    });
    expect(started.statusCode).toBe(200);
    expect((await activeMaintenance(db)).has('draws')).toBe(true);
    const later = new Date(endsAt.getTime() + 1000);
    expect((await activeMaintenance(db, later)).has('draws')).toBe(false);
    await db.delete(serviceChecks);
    await ctx.app.serviceHealth.runOnce(later);
    const [check] = await db
      .select()
      .from(serviceChecks)
      .where(eq(serviceChecks.serviceId, 'draws'));
    expect(check!.status).toBe('online');

    // A window whose end already passed is not shown, though nobody ended it.
    await db
      .update(serviceMaintenance)
      .set({ endsAt: new Date(Date.now() - 1000) })
      .where(eq(serviceMaintenance.serviceId, 'draws'));
    const list = (await call('GET', '/api/admin/services')).json();
    expect(list.items.find((i: { id: string }) => i.id === 'draws').maintenance).toBeNull();
  });
});
