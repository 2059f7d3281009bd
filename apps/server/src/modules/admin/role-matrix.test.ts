/**
 * The role x route matrix of the administrator area, generated from the server's route table:
 * every /api/admin route is called as anonymous, a player and each staff role. Only the roles the
 * permission table allows get through; everyone else gets 401/403 and changes nothing.
 */
import {
  type Permission,
  type Role,
  can,
  defaultCampaignChannelSettings,
  defaultTargetCriteria,
  staffRoles,
} from '@sorteio/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import {
  externalConnections,
  remarketingCampaigns,
  session,
  staffAuditLog,
  webhookDeliveries,
} from '../../db/schema';
import { keyRingOf } from '../../lib/key-ring';
import { createSealer } from '../../lib/sealed';
import { createAccount } from './admin-users.service';
import { createRoom } from '../rooms/rooms.service';
import { createPayout } from '../draws/draws.service';
import { postTransaction } from '../wallet/ledger.service';
import { createTicket } from '../support/support.service';
import { businessTables, snapshotTables } from '../../security/db-snapshot';
import {
  type TestContext,
  createTestApp,
  createUser,
  jsonHeaders,
  makePng,
  signIn,
  verifiedPlayer,
} from '../../test/helpers';

let ctx: TestContext;
const cookies: Partial<Record<Role | 'anonymous', string>> = {};
let tables: string[];
let target: { id: string; cookie: string };

beforeAll(async () => {
  ctx = await createTestApp();
  let n = 0;
  for (const role of staffRoles)
    cookies[role] = await signIn(ctx, await createUser(ctx, { role }), `198.18.90.${(n += 1)}`);
  const player = await verifiedPlayer(ctx);
  cookies.user = player.cookie;
  cookies.anonymous = '';
  target = await verifiedPlayer(ctx);
  // The target has sent documents, so the review routes have something to act on.
  const png = makePng(400, 400);
  const boundary = 'limite';
  const part = (name: string, filename: string | null, content: Buffer | string) =>
    Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${filename ? `; filename="${filename}"\r\nContent-Type: image/png` : ''}\r\n\r\n`,
      ),
      Buffer.isBuffer(content) ? content : Buffer.from(content),
      Buffer.from('\r\n'),
    ]);
  await ctx.app.inject({
    method: 'POST',
    url: '/api/profile/verification',
    headers: {
      origin: jsonHeaders.origin,
      cookie: target.cookie,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload: Buffer.concat([
      part('tipoDocumento', null, 'rg'),
      part('numeroDocumento', null, '123456789'),
      part('documento', 'doc.png', png),
      part('selfie', 'selfie.png', png),
      Buffer.from(`--${boundary}--\r\n`),
    ]),
  });
  tables = await businessTables(ctx.database.db);
});
afterAll(async () => ctx.close());

const room = async () =>
  (
    await createRoom({
      db: ctx.database.db,
      input: { tipoSala: 'prata', valorEntradaCentavos: 500, maxParticipantes: 4, taxaBp: 1000 },
    })
  ).id;

async function payout() {
  const u = await createUser(ctx);
  await postTransaction(ctx.database.db, {
    kind: 'topup',
    idempotencyKey: `matrix:${u.id}`,
    description: 'teste',
    userId: u.id,
    entries: [
      { account: { kind: 'pix_clearing' }, amount: -1000 },
      { account: { kind: 'user_saldo', userId: u.id }, amount: 1000 },
    ],
  });
  return ctx.database.db.transaction((tx) =>
    createPayout(tx, { kind: 'withdrawal', userId: u.id, amount: 1000, pixKey: 'x@y.com.br' }),
  );
}

const connectionBody = {
  connection_name: 'Parceiro',
  connection_type: 'api',
  service_name: 'CRM',
  config_data: '{"url":"https://192.0.2.1/"}',
};
async function connection(isActive = true) {
  const [row] = await ctx.database.db
    .insert(externalConnections)
    .values({
      connectionName: 'c',
      connectionType: 'api',
      serviceName: 's',
      configSealed: createSealer(keyRingOf(ctx.config), 'connection-config').seal('{}'),
      configMasked: {},
      isActive,
    })
    .returning({ id: externalConnections.id });
  return row!.id;
}
async function delivery() {
  const id = `msg_${randomBytes(12).toString('hex')}`;
  await ctx.database.db.insert(webhookDeliveries).values({
    id,
    // Paused: the resend an allowed role asks for sends nothing while the next roles are checked.
    connectionId: await connection(false),
    event: 'room.full',
    payload: {},
    status: 'failed',
  });
  return id;
}

async function campaign() {
  const [row] = await ctx.database.db
    .insert(remarketingCampaigns)
    .values({
      campaignName: 'c',
      emailSubject: 's',
      emailTemplate: 't',
      targetCriteria: defaultTargetCriteria,
    })
    .returning({ id: remarketingCampaigns.id });
  return row!.id;
}
/** A fresh open ticket of the target player (the support queue routes act on it). */
const ticket = async () => {
  const u = await createUser(ctx);
  return (await createTicket(ctx.database.db, u.id, { message: 'Preciso de ajuda com meu PIX' }))
    .id;
};

let emailCounter = 0;
let capCounter = 2;
const newEmail = () => `matriz${(emailCounter += 1)}-${Date.now()}@teste.com.br`;

type Call = { url: string; body?: unknown };
/** Every administrator route: the permission it needs and a valid call (fresh targets each time). */
let settingsChanges = 0;
const routes: Record<string, { permission: Permission; call: () => Promise<Call> }> = {
  'GET /api/admin/dashboard': {
    permission: 'dashboard.read',
    call: async () => ({ url: '/api/admin/dashboard' }),
  },
  'GET /api/admin/activity': {
    permission: 'dashboard.read',
    call: async () => ({ url: '/api/admin/activity' }),
  },
  'GET /api/admin/realtime': {
    permission: 'dashboard.read',
    call: async () => ({ url: '/api/admin/realtime' }),
  },
  'GET /api/admin/access': {
    permission: 'dashboard.read',
    call: async () => ({ url: '/api/admin/access' }),
  },
  'GET /api/admin/pending-prizes': {
    permission: 'finance.read',
    call: async () => ({ url: '/api/admin/pending-prizes' }),
  },
  'GET /api/admin/analytics/revenue': {
    permission: 'analytics.read',
    call: async () => ({ url: '/api/admin/analytics/revenue?days=7' }),
  },
  'GET /api/admin/analytics/signups': {
    permission: 'analytics.read',
    call: async () => ({ url: '/api/admin/analytics/signups?days=30' }),
  },
  'GET /api/admin/analytics/room-types': {
    permission: 'analytics.read',
    call: async () => ({ url: '/api/admin/analytics/room-types?days=90' }),
  },
  'GET /api/admin/analytics/funnel': {
    permission: 'analytics.read',
    call: async () => ({ url: '/api/admin/analytics/funnel' }),
  },
  'GET /api/admin/users': {
    permission: 'users.read',
    call: async () => ({ url: '/api/admin/users?q=jogador' }),
  },
  'GET /api/admin/users/:userId': {
    permission: 'users.read',
    call: async () => ({ url: `/api/admin/users/${target.id}` }),
  },
  'POST /api/admin/users/:userId/status': {
    permission: 'users.status',
    call: async () => ({
      url: `/api/admin/users/${(await createUser(ctx)).id}/status`,
      body: { statusConta: 'suspenso' },
    }),
  },
  'POST /api/admin/users/:userId/verified': {
    permission: 'users.verify',
    call: async () => ({
      url: `/api/admin/users/${(await createUser(ctx)).id}/verified`,
      body: { verified: true },
    }),
  },
  'POST /api/admin/users/:userId/role': {
    permission: 'staff.manage',
    call: async () => ({
      url: `/api/admin/users/${(await createUser(ctx, { role: 'attendant' })).id}/role`,
      body: { role: 'support' },
    }),
  },
  'POST /api/admin/users': {
    permission: 'users.create',
    call: async () => ({
      url: '/api/admin/users',
      body: {
        kind: 'user',
        nome_completo: 'Pessoa Nova',
        email: newEmail(),
        role: 'user',
      },
    }),
  },
  'POST /api/admin/users/:userId/set-password-link': {
    permission: 'users.create',
    call: async () => {
      // A player added by staff who has not used the e-mailed link yet.
      const staff = {
        id: target.id,
        email: 'matriz@teste.com.br',
        name: 'Matriz',
        role: 'admin' as const,
        isAdmin: true,
        isStaff: true,
        emailVerified: true,
        twoFactorEnabled: false,
        mustChangePassword: false,
      };
      const added = await createAccount({
        db: ctx.database.db,
        config: ctx.config,
        mailer: ctx.mailer,
        staff,
        actor: { id: staff.id, email: staff.email, role: staff.role, ip: null },
        input: { kind: 'user', nome_completo: 'Pessoa Sem Senha', email: newEmail(), role: 'user' },
      });
      return { url: `/api/admin/users/${added.id}/set-password-link`, body: {} };
    },
  },
  'GET /api/admin/staff-sessions': {
    permission: 'staff.manage',
    call: async () => ({ url: '/api/admin/staff-sessions' }),
  },
  'POST /api/admin/staff-sessions/:id/end': {
    permission: 'staff.manage',
    call: async () => {
      const member = await createUser(ctx, { role: 'attendant' });
      await signIn(ctx, member, '198.18.97.1');
      const [row] = await ctx.database.db
        .select({ id: session.id })
        .from(session)
        .where(eq(session.userId, member.id));
      return { url: `/api/admin/staff-sessions/${row!.id}/end`, body: {} };
    },
  },
  'GET /api/admin/verifications': {
    permission: 'identity.review',
    call: async () => ({ url: '/api/admin/verifications' }),
  },
  'POST /api/admin/verifications/:userId/review': {
    permission: 'identity.review',
    call: async () => ({
      url: `/api/admin/verifications/${target.id}/review`,
      body: { decision: 'rejeitar', motivo: 'Foto ilegível' },
    }),
  },
  'GET /api/admin/verifications/:userId/files/:kind': {
    permission: 'identity.review',
    call: async () => ({ url: `/api/admin/verifications/${target.id}/files/documento` }),
  },
  'GET /api/admin/rooms': {
    permission: 'rooms.read',
    call: async () => ({ url: '/api/admin/rooms' }),
  },
  'GET /api/admin/rooms/defaults': {
    permission: 'rooms.manage',
    call: async () => ({ url: '/api/admin/rooms/defaults' }),
  },
  'POST /api/admin/rooms': {
    permission: 'rooms.manage',
    call: async () => ({ url: '/api/admin/rooms', body: {} }),
  },
  'PUT /api/admin/rooms/:id': {
    permission: 'rooms.manage',
    call: async () => ({ url: `/api/admin/rooms/${await room()}`, body: { valorEntrada: 700 } }),
  },
  'POST /api/admin/rooms/:id/status': {
    permission: 'rooms.manage',
    call: async () => ({
      url: `/api/admin/rooms/${await room()}/status`,
      body: { status: 'fechada' },
    }),
  },
  'DELETE /api/admin/rooms/:id': {
    permission: 'rooms.manage',
    call: async () => ({ url: `/api/admin/rooms/${await room()}` }),
  },
  'POST /api/admin/rooms/:id/draw': {
    permission: 'rooms.manage',
    call: async () => {
      const id = await room();
      await ctx.app.inject({
        method: 'POST',
        url: `/api/admin/rooms/${id}/status`,
        headers: { ...jsonHeaders, cookie: cookies.admin! },
        payload: { status: 'fechada' },
      });
      return { url: `/api/admin/rooms/${id}/draw` };
    },
  },
  'GET /api/admin/rooms/:id/cancel-preview': {
    permission: 'rooms.manage',
    call: async () => ({ url: `/api/admin/rooms/${await room()}/cancel-preview` }),
  },
  'POST /api/admin/rooms/:id/cancel': {
    permission: 'rooms.manage',
    call: async () => ({ url: `/api/admin/rooms/${await room()}/cancel` }),
  },
  'GET /api/admin/finance/summary': {
    permission: 'finance.read',
    call: async () => ({ url: '/api/admin/finance/summary' }),
  },
  'GET /api/admin/finance/daily': {
    permission: 'finance.read',
    call: async () => ({ url: '/api/admin/finance/daily' }),
  },
  'GET /api/admin/finance/transactions': {
    permission: 'finance.read',
    call: async () => ({ url: '/api/admin/finance/transactions' }),
  },
  'GET /api/admin/finance/categories': {
    permission: 'finance.read',
    call: async () => ({ url: '/api/admin/finance/categories' }),
  },
  'GET /api/admin/finance/reports/:kind': {
    permission: 'finance.export',
    call: async () => ({ url: '/api/admin/finance/reports/monthly' }),
  },
  'GET /api/admin/finance/payouts': {
    permission: 'finance.read',
    call: async () => ({ url: '/api/admin/finance/payouts' }),
  },
  'POST /api/admin/finance/payouts/:id/retry': {
    permission: 'finance.payouts',
    call: async () => ({ url: `/api/admin/finance/payouts/${await payout()}/retry` }),
  },
  'POST /api/admin/finance/payouts/:id/credit': {
    permission: 'finance.payouts',
    call: async () => ({ url: `/api/admin/finance/payouts/${await payout()}/credit` }),
  },
  'GET /api/admin/finance/audit': {
    permission: 'finance.read',
    call: async () => ({ url: '/api/admin/finance/audit' }),
  },
  'POST /api/admin/finance/audit': {
    permission: 'finance.payouts',
    call: async () => ({ url: '/api/admin/finance/audit' }),
  },
  'GET /api/admin/referrals': {
    permission: 'referrals.read',
    call: async () => ({ url: '/api/admin/referrals' }),
  },
  'PUT /api/admin/referrals': {
    permission: 'referrals.manage',
    // A new amount on every call, so each allowed call changes something and is audited.
    call: async () => ({
      url: '/api/admin/referrals',
      body: { bonusCentavos: 500 + (capCounter += 1) },
    }),
  },
  'POST /api/admin/diagnostics': {
    permission: 'diagnostics.run',
    call: async () => ({ url: '/api/admin/diagnostics' }),
  },
  'GET /api/admin/support/tickets': {
    permission: 'support.tickets',
    call: async () => ({ url: '/api/admin/support/tickets?status=todos' }),
  },
  'GET /api/admin/support/tickets/:id': {
    permission: 'support.tickets',
    call: async () => ({ url: `/api/admin/support/tickets/${await ticket()}` }),
  },
  'POST /api/admin/support/tickets/:id/reply': {
    permission: 'support.tickets',
    call: async () => ({
      url: `/api/admin/support/tickets/${await ticket()}/reply`,
      body: { message: 'Olá! Já verificamos e está tudo certo.' },
    }),
  },
  'POST /api/admin/support/tickets/:id/close': {
    permission: 'support.tickets',
    call: async () => ({ url: `/api/admin/support/tickets/${await ticket()}/close` }),
  },
  'GET /api/admin/audit': {
    permission: 'audit.read',
    call: async () => ({ url: '/api/admin/audit' }),
  },
  // SMS and WhatsApp delivery log (read with the settings, where the channel switches are).
  'GET /api/admin/notifications/messages': {
    permission: 'settings.read',
    call: async () => ({ url: '/api/admin/notifications/messages' }),
  },
  'GET /api/admin/notifications/channels': {
    permission: 'settings.read',
    call: async () => ({ url: '/api/admin/notifications/channels' }),
  },
  // Integrations (issue 10): settings, PIX provider, connections, campaigns, API services.
  'GET /api/admin/settings': {
    permission: 'settings.read',
    call: async () => ({ url: '/api/admin/settings' }),
  },
  'PUT /api/admin/settings': {
    permission: 'settings.manage',
    // A real change each time, so that its audit row is required.
    call: async () => ({
      url: '/api/admin/settings',
      body: { siteName: `Sorteio Certo ${(settingsChanges += 1)}` },
    }),
  },
  'GET /api/admin/pix/config': {
    permission: 'pix.manage',
    call: async () => ({ url: '/api/admin/pix/config' }),
  },
  'PUT /api/admin/pix/credentials': {
    permission: 'pix.manage',
    call: async () => ({
      url: '/api/admin/pix/credentials',
      body: {
        clientId: 'id',
        clientSecret: 'segredo',
        chavePix: 'pix@x.com',
        environment: 'sandbox',
      },
    }),
  },
  'POST /api/admin/pix/certificate': {
    permission: 'pix.manage',
    call: async () => ({
      url: '/api/admin/pix/certificate',
      body: { filename: 'c.p12', certificateBase64: 'AAAA', password: 'x' },
    }),
  },
  'DELETE /api/admin/pix/config': {
    permission: 'pix.manage',
    call: async () => ({ url: '/api/admin/pix/config' }),
  },
  'POST /api/admin/pix/test': {
    permission: 'pix.manage',
    call: async () => ({ url: '/api/admin/pix/test' }),
  },
  'POST /api/admin/pix/activate': {
    permission: 'pix.manage',
    call: async () => ({
      url: '/api/admin/pix/activate',
      body: { reason: 'teste da matriz de permissões' },
    }),
  },
  'POST /api/admin/pix/deactivate': {
    permission: 'pix.manage',
    call: async () => ({ url: '/api/admin/pix/deactivate' }),
  },
  'GET /api/admin/pix/certificates': {
    permission: 'pix.manage',
    call: async () => ({ url: '/api/admin/pix/certificates' }),
  },
  'POST /api/admin/pix/certificates/refresh': {
    permission: 'pix.manage',
    call: async () => ({ url: '/api/admin/pix/certificates/refresh' }),
  },
  'DELETE /api/admin/pix/certificates/:id': {
    permission: 'pix.manage',
    call: async () => ({ url: '/api/admin/pix/certificates/00000000-0000-4000-8000-000000000000' }),
  },
  'GET /api/admin/connections': {
    permission: 'connections.manage',
    call: async () => ({ url: '/api/admin/connections' }),
  },
  'POST /api/admin/connections': {
    permission: 'connections.manage',
    call: async () => ({ url: '/api/admin/connections', body: connectionBody }),
  },
  'PUT /api/admin/connections/:id': {
    permission: 'connections.manage',
    call: async () => ({
      url: `/api/admin/connections/${await connection()}`,
      body: connectionBody,
    }),
  },
  'DELETE /api/admin/connections/:id': {
    permission: 'connections.manage',
    call: async () => ({ url: `/api/admin/connections/${await connection()}` }),
  },
  'POST /api/admin/connections/:id/test': {
    permission: 'connections.manage',
    call: async () => ({ url: `/api/admin/connections/${await connection()}/test` }),
  },
  'GET /api/admin/connections/:id/deliveries': {
    permission: 'connections.manage',
    call: async () => ({ url: `/api/admin/connections/${await connection()}/deliveries` }),
  },
  'GET /api/admin/campaigns': {
    permission: 'campaigns.manage',
    call: async () => ({ url: '/api/admin/campaigns' }),
  },
  'GET /api/admin/campaigns/stats': {
    permission: 'campaigns.manage',
    call: async () => ({ url: '/api/admin/campaigns/stats' }),
  },
  'POST /api/admin/campaigns': {
    permission: 'campaigns.manage',
    call: async () => ({
      url: '/api/admin/campaigns',
      body: {
        campaign_name: 'Volte',
        email_template: 'Olá {{nome}}',
        start_date: '2030-01-01',
        end_date: '2030-01-31',
      },
    }),
  },
  'PUT /api/admin/campaigns/:id': {
    permission: 'campaigns.manage',
    call: async () => ({
      url: `/api/admin/campaigns/${await campaign()}`,
      body: { campaign_name: 'Volte sempre', budget_centavos: 5000 },
    }),
  },
  'GET /api/admin/campaigns/:id/report': {
    permission: 'campaigns.manage',
    call: async () => ({ url: `/api/admin/campaigns/${await campaign()}/report` }),
  },
  'GET /api/admin/campaigns/:id/report.csv': {
    permission: 'campaigns.manage',
    call: async () => ({ url: `/api/admin/campaigns/${await campaign()}/report.csv` }),
  },
  'GET /api/admin/campaigns/channel-settings': {
    permission: 'campaigns.manage',
    call: async () => ({ url: '/api/admin/campaigns/channel-settings' }),
  },
  'PUT /api/admin/campaigns/channel-settings': {
    permission: 'campaigns.manage',
    call: async () => ({
      url: '/api/admin/campaigns/channel-settings',
      // A new cap on every call, so each allowed call changes something and is audited.
      body: { ...defaultCampaignChannelSettings, frequency_cap_per_week: (capCounter += 1) },
    }),
  },
  'POST /api/admin/campaigns/audience': {
    permission: 'campaigns.manage',
    call: async () => ({ url: '/api/admin/campaigns/audience', body: defaultTargetCriteria }),
  },
  'POST /api/admin/campaigns/preview': {
    permission: 'campaigns.manage',
    call: async () => ({
      url: '/api/admin/campaigns/preview',
      body: { email_template: 'Olá {{nome}}' },
    }),
  },
  'POST /api/admin/campaigns/:id/status': {
    permission: 'campaigns.manage',
    call: async () => ({ url: `/api/admin/campaigns/${await campaign()}/status` }),
  },
  'POST /api/admin/campaigns/:id/run': {
    permission: 'campaigns.manage',
    call: async () => ({ url: `/api/admin/campaigns/${await campaign()}/run` }),
  },
  'GET /api/admin/services': {
    permission: 'services.read',
    call: async () => ({ url: '/api/admin/services' }),
  },
  'POST /api/admin/services/:id/test': {
    permission: 'services.read',
    call: async () => ({ url: '/api/admin/services/draws/test' }),
  },
  'PUT /api/admin/services/:id/maintenance': {
    permission: 'services.manage',
    call: async () => ({
      url: '/api/admin/services/analytics/maintenance',
      body: {
        reason: 'Reindexação das métricas',
        endsAt: new Date(Date.now() + 3_600_000).toISOString(),
      },
    }),
  },
  'DELETE /api/admin/services/:id/maintenance': {
    permission: 'services.manage',
    call: async () => ({ url: '/api/admin/services/analytics/maintenance' }),
  },
  'GET /api/admin/docs/*': {
    permission: 'services.read',
    call: async () => ({ url: '/api/admin/docs/index.html' }),
  },
  'POST /api/admin/webhook-deliveries/:deliveryId/resend': {
    permission: 'connections.manage',
    call: async () => ({ url: `/api/admin/webhook-deliveries/${await delivery()}/resend` }),
  },
};

const actors = ['anonymous', 'user', ...staffRoles] as const;

const auditRows = async () =>
  (await ctx.database.db.select({ n: count() }).from(staffAuditLog))[0]!.n;

/** POST routes that only read or test something: nothing of the platform changes. */
const readOnlyActions = new Set<string>([
  'POST /api/admin/diagnostics',
  'POST /api/admin/finance/audit', // runs the read-only ledger audit and keeps its report
  'POST /api/admin/connections/:id/test',
  'POST /api/admin/services/:id/test',
  'POST /api/admin/campaigns/audience',
  'POST /api/admin/campaigns/preview',
]);

describe('the role x route matrix', () => {
  it('covers every administrator route of the route table', () => {
    const table = ctx.app.routeTable
      .filter((r) => r.url.startsWith('/api/admin/') || r.url === '/api/admin')
      .map((r) => `${r.method} ${r.url}`);
    expect(table.length).toBeGreaterThan(30);
    expect([...new Set(table)].sort()).toEqual(Object.keys(routes).sort());
  });

  it('lets through exactly the roles the permission table allows; the rest change nothing', async () => {
    const wrong: string[] = [];
    let calls = 0;
    for (const [route, spec] of Object.entries(routes)) {
      const method = route.split(' ')[0] as 'GET' | 'POST' | 'PUT' | 'DELETE';
      for (const actor of actors) {
        const allowed = actor !== 'anonymous' && can(actor, spec.permission);
        const { url, body } = await spec.call();
        const before = allowed ? null : await snapshotTables(ctx.database.db, tables);
        const auditBefore = allowed && method !== 'GET' ? await auditRows() : null;
        const res = await ctx.app.inject({
          method,
          url,
          headers: {
            ...(body !== undefined ? jsonHeaders : { origin: jsonHeaders.origin }),
            ...(cookies[actor] ? { cookie: cookies[actor] } : {}),
          },
          ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
          remoteAddress: '198.18.91.1',
        });
        calls += 1;
        const expected = actor === 'anonymous' ? 401 : 403;
        if (allowed && (res.statusCode === 401 || res.statusCode === 403 || res.statusCode >= 500))
          wrong.push(
            `${route} as ${actor}: expected access, got ${res.statusCode} ${res.body.slice(0, 120)}`,
          );
        if (!allowed && res.statusCode !== expected)
          wrong.push(`${route} as ${actor}: expected ${expected}, got ${res.statusCode}`);
        if (before !== null && (await snapshotTables(ctx.database.db, tables)) !== before)
          wrong.push(`${route} as ${actor}: refused but changed the database`);
        // Every staff action that changes something is audited, in the same transaction.
        if (
          auditBefore !== null &&
          res.statusCode < 300 &&
          !readOnlyActions.has(route) &&
          (await auditRows()) <= auditBefore
        )
          wrong.push(`${route} as ${actor}: ${res.statusCode} without an audit row`);
      }
    }
    console.info(
      `role matrix: ${Object.keys(routes).length} routes x ${actors.length} actors = ${calls} calls, ${wrong.length} wrong`,
    );
    expect(wrong).toEqual([]);
  }, 120_000);
});
