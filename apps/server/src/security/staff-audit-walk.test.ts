/**
 * Security suite: every staff action that changes anything is on the staff audit log, whatever the
 * route (not only /api/admin). The state-changing routes (POST, PUT, PATCH, DELETE) of the route
 * list (route-list.ts, the same list as authz-matrix.test.ts) are each either walked or named in
 * an allowlist with the reason they are not a staff action. Each walked route is called as every
 * staff role against another person's (or the platform's) records with a valid request; the
 * business tables are compared before and after (db-snapshot.ts), and a change without a new
 * audit row written by the caller fails. A new state-changing route fails the coverage test until
 * it is walked here or allowlisted with its reason.
 */
import {
  type Role,
  can,
  defaultCampaignChannelSettings,
  defaultTargetCriteria,
  staffRoles,
} from '@sorteio/shared';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  externalConnections,
  remarketingCampaigns,
  staffAuditLog,
  webhookDeliveries,
} from '../db/schema';
import { keyRingOf } from '../lib/key-ring';
import { createSealer } from '../lib/sealed';
import { createPayout } from '../modules/draws/draws.service';
import { type TestPki, generateTestPki } from '../modules/payments/efi/fake-efi-server';
import { createPrivateRoom } from '../modules/private-rooms/private-rooms.service';
import { createRoom } from '../modules/rooms/rooms.service';
import { createTicket } from '../modules/support/support.service';
import { postTransaction } from '../modules/wallet/ledger.service';
import {
  type TestContext,
  type TestUser,
  createTestApp,
  createUser,
  jsonHeaders,
  makePng,
  newCpf,
  signIn,
  verifiedPlayer,
} from '../test/helpers';
import { businessTables, snapshotTables } from './db-snapshot';
import { routeList } from './route-list';

type StaffRole = (typeof staffRoles)[number];
type Call = { url: string; body?: unknown };
interface Walk {
  /** A valid call on fresh records of someone else (or of the platform) for each call. */
  call: (role: StaffRole) => Promise<Call>;
  /**
   * Only the roles the permission table lets through are walked, where a call is costly to prepare
   * or starts background work; the refused roles change nothing (role-matrix.test.ts).
   */
  roles?: (role: StaffRole) => boolean;
}

let ctx: TestContext;
const staff = {} as Record<StaffRole, { id: string; cookie: string }>;
let tables: string[];
let pki: TestPki;
let n = 0;
const ip = () => `198.18.${100 + (Math.floor((n += 1) / 250) % 50)}.${(n % 250) + 1}`;

beforeAll(async () => {
  ctx = await createTestApp({
    config: { rateLimitMax: 1_000_000, rateLimitSignInMax: 1_000_000, rateLimitJoinMax: 1_000_000 },
  });
  for (const role of staffRoles) {
    const u = await createUser(ctx, { role, profile: { nomeCompleto: 'Equipe' } });
    staff[role] = { id: u.id, cookie: await signIn(ctx, u, ip()) };
  }
  tables = await businessTables(ctx.database.db);
  pki = generateTestPki();
}, 120_000);
afterAll(async () => {
  await ctx.close();
  pki.cleanup();
});

const send = (method: string, url: string, cookie: string, body?: unknown) =>
  ctx.app.inject({
    method: method as 'POST',
    url,
    headers: {
      ...(body !== undefined ? jsonHeaders : { origin: jsonHeaders.origin }),
      cookie,
    },
    ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
    remoteAddress: ip(),
  });

// Fresh records of other people and of the platform, one set per call.
const room = async () =>
  (
    await createRoom({
      db: ctx.database.db,
      input: { tipoSala: 'prata', valorEntradaCentavos: 500, maxParticipantes: 4, taxaBp: 1000 },
    })
  ).id;

async function fund(who: TestUser, amount: number) {
  await postTransaction(ctx.database.db, {
    kind: 'topup',
    idempotencyKey: `staff-walk:${who.id}:${randomBytes(4).toString('hex')}`,
    description: 'Saldo de teste',
    userId: who.id,
    entries: [
      { account: { kind: 'pix_clearing' }, amount: -amount },
      { account: { kind: 'user_saldo', userId: who.id }, amount },
    ],
  });
}

async function payout() {
  const u = await createUser(ctx);
  await fund(u, 1000);
  return ctx.database.db.transaction((tx) =>
    createPayout(tx, { kind: 'withdrawal', userId: u.id, amount: 1000, pixKey: 'x@y.com.br' }),
  );
}

const ticket = async () =>
  (
    await createTicket(ctx.database.db, (await createUser(ctx)).id, {
      message: 'Preciso de ajuda com meu PIX',
    })
  ).id;

let documentNumber = 223456780;
/** A player who has sent a document and a selfie (the review's subject). */
async function withDocuments() {
  const u = await createUser(ctx, {
    profile: { nomeCompleto: 'Pessoa em Revisão', cpf: newCpf(), dataNascimento: '1990-01-01' },
  });
  const cookie = await signIn(ctx, u, ip());
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
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/profile/verification',
    headers: {
      origin: jsonHeaders.origin,
      cookie,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload: Buffer.concat([
      part('tipoDocumento', null, 'rg'),
      part('numeroDocumento', null, String((documentNumber += 1))),
      part('documento', 'doc.png', png),
      part('selfie', 'selfie.png', png),
      Buffer.from(`--${boundary}--\r\n`),
    ]),
  });
  expect(res.statusCode, res.body).toBe(200);
  // The automated analysis of the documents runs after the answer: done before the walk looks.
  await ctx.app.identity.idle();
  return u.id;
}

/** A player's private room (open); with `drawable`, closed with two paid seats. */
async function privateRoom(drawable = false) {
  const creator = await createUser(ctx, { profile: { nomeCompleto: 'Criador da Sala' } });
  const created = await createPrivateRoom({
    db: ctx.database.db,
    config: ctx.config,
    creatorId: creator.id,
    input: { roomName: 'Sala do jogador', entryValue: 1000, maxParticipants: 10 },
  });
  if (!drawable) return created.id;
  for (let i = 0; i < 2; i += 1) {
    const p = await verifiedPlayer(ctx, ip());
    await fund(p, 1000);
    const joined = await send(
      'POST',
      `/api/private-rooms/by-code/${created.roomCode}/join`,
      p.cookie,
      {},
    );
    expect(joined.statusCode, joined.body).toBe(200);
    const paid = await send(
      'POST',
      `/api/private-rooms/${created.id}/pay-with-balance`,
      p.cookie,
      {},
    );
    expect(paid.statusCode, paid.body).toBe(200);
  }
  const creatorCookie = await signIn(ctx, creator, ip());
  const closed = await send('POST', `/api/private-rooms/${created.id}/close`, creatorCookie, {});
  expect(closed.statusCode, closed.body).toBe(200);
  return created.id;
}

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

/** Background work a call started (identity analysis, messages) is done before comparing. */
const settled = async () => {
  await ctx.app.identity.idle();
  await ctx.app.notifications.idle();
};

async function delivery() {
  const id = `msg_${randomBytes(12).toString('hex')}`;
  await ctx.database.db.insert(webhookDeliveries).values({
    id,
    // Active: the resend of a paused connection's message is refused.
    connectionId: await connection(),
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

const certificateBody = () => ({
  filename: `certificado-${next()}.p12`,
  certificateBase64: readFileSync(pki.clientP12Path).toString('base64'),
  password: 'senha-do-certificado',
});

const connectionBody = {
  connection_name: 'Parceiro',
  connection_type: 'api',
  service_name: 'CRM',
  config_data: '{"url":"https://192.0.2.1/"}',
};
let counter = 0;
const next = () => (counter += 1);
const mayManageRooms = (role: Role) => can(role, 'rooms.manage');

/** Staff actions: every one of them must leave an audit row when it changes anything. */
const walked: Record<string, Walk> = {
  // Outside /api/admin: staff acting on a player's private room (rooms.manage).
  'PUT /api/private-rooms/:id': {
    call: async () => ({
      url: `/api/private-rooms/${await privateRoom()}`,
      body: { roomName: `Moderada ${next()}` },
    }),
  },
  'POST /api/private-rooms/:id/close': {
    call: async () => ({ url: `/api/private-rooms/${await privateRoom()}/close`, body: {} }),
  },
  'POST /api/private-rooms/:id/draw': {
    roles: mayManageRooms,
    call: async () => ({ url: `/api/private-rooms/${await privateRoom(true)}/draw`, body: {} }),
  },
  // Accounts.
  'POST /api/admin/users': {
    call: async () => ({
      url: '/api/admin/users',
      body: {
        kind: 'user',
        nome_completo: 'Pessoa Nova',
        email: `caminhada${next()}-${Date.now()}@teste.com.br`,
        role: 'user',
      },
    }),
  },
  'POST /api/admin/users/:userId/set-password-link': {
    // An account added by staff that has not set its password yet.
    call: async () => {
      const added = await send('POST', '/api/admin/users', staff.admin.cookie, {
        kind: 'user',
        nome_completo: 'Pessoa Nova',
        email: `caminhada${next()}-${Date.now()}@teste.com.br`,
        role: 'user',
      });
      expect(added.statusCode, added.body).toBe(200);
      return { url: `/api/admin/users/${added.json<{ id: string }>().id}/set-password-link` };
    },
  },
  'POST /api/admin/staff-sessions/:id/end': {
    // A live session of another employee.
    call: async () => {
      const employee = await createUser(ctx, {
        role: 'support',
        profile: { nomeCompleto: 'Equipe' },
      });
      await signIn(ctx, employee, ip());
      const list = await send('GET', '/api/admin/staff-sessions', staff.admin.cookie);
      const session = list
        .json<{ items: { id: string; userId: string }[] }>()
        .items.find((i) => i.userId === employee.id);
      return { url: `/api/admin/staff-sessions/${session!.id}/end` };
    },
  },
  'POST /api/admin/users/:userId/status': {
    call: async () => ({
      url: `/api/admin/users/${(await createUser(ctx)).id}/status`,
      body: { statusConta: 'suspenso' },
    }),
  },
  'POST /api/admin/users/:userId/verified': {
    call: async () => ({
      url: `/api/admin/users/${(await createUser(ctx)).id}/verified`,
      body: { verified: true },
    }),
  },
  'POST /api/admin/users/:userId/role': {
    call: async () => ({
      url: `/api/admin/users/${(await createUser(ctx, { role: 'attendant' })).id}/role`,
      body: { role: 'support' },
    }),
  },
  'POST /api/admin/verifications/:userId/review': {
    roles: (role) => can(role, 'identity.review'),
    call: async () => ({
      url: `/api/admin/verifications/${await withDocuments()}/review`,
      body: { decision: 'rejeitar', motivo: 'Foto ilegível' },
    }),
  },
  // Rooms.
  'POST /api/admin/rooms': { call: async () => ({ url: '/api/admin/rooms', body: {} }) },
  'PUT /api/admin/rooms/:id': {
    call: async () => ({ url: `/api/admin/rooms/${await room()}`, body: { valorEntrada: 700 } }),
  },
  'POST /api/admin/rooms/:id/status': {
    call: async () => ({
      url: `/api/admin/rooms/${await room()}/status`,
      body: { status: 'fechada' },
    }),
  },
  'DELETE /api/admin/rooms/:id': {
    call: async () => ({ url: `/api/admin/rooms/${await room()}` }),
  },
  'POST /api/admin/rooms/:id/draw': {
    // "Sortear agora" needs two paid entrants (fewer is a cancellation with refunds).
    call: async () => {
      const id = await room();
      for (let i = 0; i < 2; i += 1) {
        const p = await verifiedPlayer(ctx, ip());
        await fund(p, 500);
        const joined = await send('POST', `/api/rooms/${id}/join`, p.cookie, { metodo: 'balance' });
        expect(joined.statusCode, joined.body).toBe(200);
      }
      return { url: `/api/admin/rooms/${id}/draw` };
    },
  },
  'POST /api/admin/rooms/:id/cancel': {
    call: async () => ({ url: `/api/admin/rooms/${await room()}/cancel` }),
  },
  // Money.
  'POST /api/admin/finance/payouts/:id/retry': {
    call: async () => ({ url: `/api/admin/finance/payouts/${await payout()}/retry` }),
  },
  'POST /api/admin/finance/payouts/:id/credit': {
    call: async () => ({ url: `/api/admin/finance/payouts/${await payout()}/credit` }),
  },
  'POST /api/admin/finance/audit': { call: async () => ({ url: '/api/admin/finance/audit' }) },
  'POST /api/admin/diagnostics': { call: async () => ({ url: '/api/admin/diagnostics' }) },
  // Support tickets answered and closed by staff.
  'POST /api/admin/support/tickets/:id/reply': {
    call: async () => ({
      url: `/api/admin/support/tickets/${await ticket()}/reply`,
      body: { message: 'Olá! Já verificamos e está tudo certo.' },
    }),
  },
  'POST /api/admin/support/tickets/:id/close': {
    call: async () => ({ url: `/api/admin/support/tickets/${await ticket()}/close` }),
  },
  // Settings and integrations.
  // The referral program: each call a different bonus, so each is a change.
  'PUT /api/admin/referrals': {
    call: async () => ({ url: '/api/admin/referrals', body: { bonusCentavos: 500 + next() } }),
  },
  'PUT /api/admin/settings': {
    call: async () => ({
      url: '/api/admin/settings',
      body: { siteName: `Sorteio Certo ${next()}` },
    }),
  },
  'PUT /api/admin/pix/credentials': {
    call: async () => ({
      url: '/api/admin/pix/credentials',
      body: {
        clientId: `id-${next()}`,
        clientSecret: 'segredo',
        chavePix: 'pix@x.com',
        environment: 'sandbox',
      },
    }),
  },
  'POST /api/admin/pix/certificate': {
    call: async () => ({ url: '/api/admin/pix/certificate', body: certificateBody() }),
  },
  'POST /api/admin/pix/test': { call: async () => ({ url: '/api/admin/pix/test' }) },
  'POST /api/admin/pix/activate': {
    call: async () => {
      await send('PUT', '/api/admin/pix/credentials', staff.admin.cookie, {
        clientId: `id-${next()}`,
        clientSecret: 'segredo',
        chavePix: 'pix@x.com',
        environment: 'sandbox',
      });
      await send('POST', '/api/admin/pix/certificate', staff.admin.cookie, certificateBody());
      return { url: '/api/admin/pix/activate', body: { reason: 'Banco confirmou por telefone' } };
    },
  },
  'POST /api/admin/pix/deactivate': { call: async () => ({ url: '/api/admin/pix/deactivate' }) },
  'POST /api/admin/pix/certificates/refresh': {
    call: async () => ({ url: '/api/admin/pix/certificates/refresh' }),
  },
  'DELETE /api/admin/pix/certificates/:id': {
    // A new certificate takes over: the one it replaces is no longer in use and may be deleted.
    call: async () => {
      await send('POST', '/api/admin/pix/certificate', staff.admin.cookie, certificateBody());
      const list = await send('GET', '/api/admin/pix/certificates', staff.admin.cookie);
      const old = list
        .json<{ items: { id: string; inUse: boolean }[] }>()
        .items.find((i) => !i.inUse);
      return { url: `/api/admin/pix/certificates/${old!.id}` };
    },
  },
  'DELETE /api/admin/pix/config': { call: async () => ({ url: '/api/admin/pix/config' }) },
  'POST /api/admin/connections': {
    call: async () => ({ url: '/api/admin/connections', body: connectionBody }),
  },
  'PUT /api/admin/connections/:id': {
    call: async () => ({
      url: `/api/admin/connections/${await connection()}`,
      body: connectionBody,
    }),
  },
  'DELETE /api/admin/connections/:id': {
    call: async () => ({ url: `/api/admin/connections/${await connection()}` }),
  },
  'POST /api/admin/connections/:id/test': {
    call: async () => ({ url: `/api/admin/connections/${await connection()}/test` }),
  },
  'POST /api/admin/campaigns': {
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
    call: async () => ({
      url: `/api/admin/campaigns/${await campaign()}`,
      body: { campaign_name: 'Volte sempre', budget_centavos: 5000 },
    }),
  },
  'PUT /api/admin/campaigns/channel-settings': {
    call: async () => ({
      url: '/api/admin/campaigns/channel-settings',
      // A new cap on each call, within the schema's 1..50 however many routes the walk counts.
      body: { ...defaultCampaignChannelSettings, frequency_cap_per_week: 3 + (next() % 48) },
    }),
  },
  'POST /api/admin/campaigns/audience': {
    call: async () => ({ url: '/api/admin/campaigns/audience', body: defaultTargetCriteria }),
  },
  'POST /api/admin/campaigns/preview': {
    call: async () => ({
      url: '/api/admin/campaigns/preview',
      body: { email_template: 'Olá {{nome}}' },
    }),
  },
  'POST /api/admin/campaigns/:id/status': {
    call: async () => ({ url: `/api/admin/campaigns/${await campaign()}/status` }),
  },
  'POST /api/admin/campaigns/:id/run': {
    call: async () => ({ url: `/api/admin/campaigns/${await campaign()}/run` }),
  },
  'POST /api/admin/services/:id/test': {
    call: async () => ({ url: '/api/admin/services/draws/test' }),
  },
  'PUT /api/admin/services/:id/maintenance': {
    call: async () => ({
      url: '/api/admin/services/analytics/maintenance',
      body: {
        reason: `Reindexação das métricas ${next()}`,
        endsAt: new Date(Date.now() + 3_600_000).toISOString(),
      },
    }),
  },
  'DELETE /api/admin/services/:id/maintenance': {
    call: async () => {
      await send('PUT', '/api/admin/services/analytics/maintenance', staff.admin.cookie, {
        reason: 'Reindexação das métricas',
        endsAt: new Date(Date.now() + 3_600_000).toISOString(),
      });
      return { url: '/api/admin/services/analytics/maintenance' };
    },
  },
  // Last, and by the one role allowed: the message goes out again in the background right after
  // the answer, and that attempt must not land in another call's comparison.
  'POST /api/admin/webhook-deliveries/:deliveryId/resend': {
    roles: (role) => can(role, 'connections.manage'),
    call: async () => ({ url: `/api/admin/webhook-deliveries/${await delivery()}/resend` }),
  },
};

const OWN = "the caller's own account or records: not an action on anyone else";
const PLAYERS = 'players only: staff are refused (authz-matrix.test.ts)';
const OPEN = 'open to anyone (signing in, signing up, recovering access): not a staff action';
const SECRET = "an outside party's capability (signature, secret URL, mail token): not staff";

/** State-changing routes that are not staff actions, each with the reason. */
const notStaffActions: Record<string, string> = {
  // The auth library and account recovery.
  'POST /api/auth/sign-in/email': OPEN,
  'POST /api/auth/sign-up/email': OPEN,
  'POST /api/auth/request-password-reset': OPEN,
  'POST /api/auth/reset-password': OPEN,
  'POST /api/auth/send-verification-email': OPEN,
  'POST /api/auth/two-factor/verify-totp': OPEN,
  'POST /api/auth/two-factor/verify-backup-code': OPEN,
  'POST /api/auth/sign-out': OWN,
  'POST /api/auth/two-factor/enable': OWN,
  'POST /api/account/change-password': OWN,
  // The own profile, sessions, consents and limits.
  'PUT /api/profile': OWN,
  'POST /api/profile/verification': OWN,
  'POST /api/profile/2fa/disable': OWN,
  'POST /api/profile/delete': OWN,
  'PUT /api/profile/notifications': OWN,
  'PUT /api/profile/privacy': OWN,
  'POST /api/push/subscriptions': OWN,
  'DELETE /api/push/subscriptions': OWN,
  'POST /api/profile/export/pedidos': OWN,
  'PUT /api/profile/marketing-consent': OWN,
  // Only the caller's own sessions exist for the caller (anyone else's id answers 404).
  'POST /api/profile/sessions/:id/revoke': OWN,
  'POST /api/profile/sessions/revoke-others': OWN,
  'PUT /api/responsible-play/limits': OWN,
  'PUT /api/responsible-play/reminder': OWN,
  'POST /api/responsible-play/self-exclusion': OWN,
  // The own Saldo (payouts to the own PIX key; staff acting on others' money is /api/admin).
  'POST /api/wallet/topup': OWN,
  'POST /api/wallet/withdraw': OWN,
  // Creating a room makes the caller its creator; the other private-room routes are walked.
  'POST /api/private-rooms': OWN,
  // The support assistant answers from the caller's own data; a ticket is opened by its author
  // (staff answer tickets from /api/admin/support, walked above).
  'POST /api/support/chat': OWN,
  'POST /api/support/chat/stream': OWN,
  'POST /api/support/tickets': OWN,
  'POST /api/support/tickets/:id/messages': PLAYERS,
  // Taking part and paying: players only.
  'POST /api/rooms/:id/join': PLAYERS,
  'POST /api/private-rooms/by-code/:code/join': PLAYERS,
  'POST /api/private-rooms/invite/:inviteCode/join': PLAYERS,
  'POST /api/private-rooms/:id/pay-with-balance': PLAYERS,
  'POST /api/payments/pix': PLAYERS,
  'POST /api/payments/pix/:txid/simulate': PLAYERS,
  // The room's chat: members only, and staff are not members (there is no staff moderation
  // route; a chat moderation route must be walked above when it is added).
  'POST /api/private-rooms/:id/messages': PLAYERS,
  // Providers' callbacks and campaign mail links.
  'POST /api/webhooks/pix/:secret': SECRET,
  'POST /api/webhooks/pix/:secret/pix': SECRET,
  'POST /api/webhooks/twilio/status': SECRET,
  'POST /api/webhooks/twilio/inbound': SECRET,
  'POST /api/webhooks/whatsapp': SECRET,
  'POST /api/r/u/:token': SECRET,
};

const stateChanging = () =>
  routeList(ctx.app).filter((r) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.split(' ')[0]!));

/** The tables whose rows differ between two snapshots. */
function changed(before: string, after: string): string[] {
  const was = new Map(before.split('\n').map((l) => [l.split(':')[0]!, l]));
  return after
    .split('\n')
    .filter((l) => was.get(l.split(':')[0]!) !== l)
    .map((l) => l.split(':')[0]!);
}

const auditRowsBy = async (actorId: string) =>
  (
    await ctx.database.db
      .select({ n: count() })
      .from(staffAuditLog)
      .where(eq(staffAuditLog.actorId, actorId))
  )[0]!.n;

describe('every staff action that changes something is audited', () => {
  it('walks or allowlists (with the reason) every state-changing route', () => {
    const all = stateChanging();
    expect(all.length).toBeGreaterThan(60);
    const both = Object.keys(walked).filter((r) => notStaffActions[r]);
    expect(both).toEqual([]);
    expect(all.filter((r) => !walked[r] && !notStaffActions[r]).sort()).toEqual([]);
    // No stale entry: each one names a route that exists.
    expect(
      [...Object.keys(walked), ...Object.keys(notStaffActions)].filter((r) => !all.includes(r)),
    ).toEqual([]);
  });

  it('fails when a staff call changes a table without an audit row of its own', async () => {
    const present = new Set(stateChanging());
    const wrong: string[] = [];
    const through = new Set<string>();
    let calls = 0;
    for (const [route, spec] of Object.entries(walked)) {
      if (!present.has(route)) continue;
      const method = route.split(' ')[0]!;
      for (const role of staffRoles) {
        if (spec.roles && !spec.roles(role)) continue;
        const { url, body } = await spec.call(role);
        await settled();
        const before = await snapshotTables(ctx.database.db, tables);
        const audited = await auditRowsBy(staff[role].id);
        const res = await send(method, url, staff[role].cookie, body);
        await settled();
        calls += 1;
        if (res.statusCode >= 500)
          wrong.push(`${route} as ${role}: ${res.statusCode} ${res.body.slice(0, 140)}`);
        if (res.statusCode < 300) through.add(route);
        const tablesChanged = changed(before, await snapshotTables(ctx.database.db, tables)).filter(
          (t) => t !== 'staff_audit_log',
        );
        if (tablesChanged.length > 0 && (await auditRowsBy(staff[role].id)) <= audited)
          wrong.push(
            `${route} as ${role}: ${res.statusCode}, changed ${tablesChanged.join(', ')} without an audit row`,
          );
      }
    }
    // A walk that never gets through proves nothing: its call must be fixed.
    for (const route of Object.keys(walked))
      if (present.has(route) && !through.has(route))
        wrong.push(`${route}: no staff role got through; fix its call`);
    console.info(
      `staff audit walk: ${Object.keys(walked).length} routes, ${calls} calls, ${wrong.length} wrong`,
    );
    expect(wrong).toEqual([]);
  }, 600_000);
});
