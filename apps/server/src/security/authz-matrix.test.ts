/**
 * Security suite, part two: the authorization matrix of EVERY route, generated from the server's
 * route table and the OpenAPI document (the auth library's routes included). Each route declares
 * who may use it; every route is called as anonymous, a player, another player on the first
 * player's records, and each staff role. The administrator routes are checked role by role against
 * the permission table in modules/admin/role-matrix.test.ts; this file makes sure no route of the
 * table is left out of one or the other. Refused calls run first and must leave every business
 * table exactly as it was.
 */
import { type Role, can, staffRoles } from '@sorteio/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataExports } from '../db/schema';
import { createRoom } from '../modules/rooms/rooms.service';
import { createTicket } from '../modules/support/support.service';
import { postTransaction } from '../modules/wallet/ledger.service';
import {
  type TestContext,
  type TestUser,
  createTestApp,
  createUser,
  jsonHeaders,
  signIn,
  verifiedPlayer,
} from '../test/helpers';
import { businessTables, snapshotTables } from './db-snapshot';
import { routeList } from './route-list';

type Actor = 'anonymous' | 'player' | 'other' | (typeof staffRoles)[number];
const actors: Actor[] = ['anonymous', 'player', 'other', ...staffRoles];

/**
 * Who may use a route:
 * - open: anyone, signed in or not (never 401/403);
 * - signed-in: any signed-in account (anonymous 401);
 * - player: players only (anonymous 401; staff 403: staff accounts cannot take part in draws);
 * - own: a record of the first player, named in the URL or body (anonymous 401; the other player
 *   403/404; staff per `staff`);
 * - secret: a capability in the URL (the PIX webhook); without it everyone gets 401/403/404;
 * - socket: the live-update socket (its limits and session handling: realtime tests).
 */
type Access =
  | { kind: 'open' | 'signed-in' | 'player' | 'secret' | 'socket' }
  | { kind: 'own'; staff: 'refused' | ((role: Role) => boolean) };

type Call = { url: string; body?: unknown };
interface RouteSpec {
  access: Access;
  /** When a refusal of the route's own rules shows the caller got past authorization. */
  through?: (res: { json: () => { error?: { message?: string } } }) => boolean;
  call: (actor: Actor, n: number) => Call;
}

let ctx: TestContext;
const cookies: Partial<Record<Actor, string>> = {};
let tables: string[];
let rec: {
  roomForJoins: string;
  participacaoId: string;
  txid: string;
  privateId: string;
  privateCode: string;
  privateInvite: string;
  privateSeat: string;
  drawnRoom: string;
  ticketId: string;
  exportId: string;
  throwaway: TestUser;
};

beforeAll(async () => {
  ctx = await createTestApp({
    config: { rateLimitMax: 1_000_000, rateLimitSignInMax: 1_000_000, rateLimitJoinMax: 1_000_000 },
  });
  const db = ctx.database.db;
  const a = await verifiedPlayer(ctx);
  const b = await verifiedPlayer(ctx);
  cookies.player = a.cookie;
  cookies.other = b.cookie;
  let n = 0;
  for (const role of staffRoles)
    cookies[role] = await signIn(
      ctx,
      await createUser(ctx, { role, profile: { nomeCompleto: 'Equipe', isVerified: true } }),
      `198.18.95.${(n += 1)}`,
    );
  for (const who of [a, b])
    await postTransaction(db, {
      kind: 'topup',
      idempotencyKey: `authz-matrix:${who.id}`,
      description: 'Saldo de teste',
      userId: who.id,
      entries: [
        { account: { kind: 'pix_clearing' }, amount: -100_000 },
        { account: { kind: 'user_saldo', userId: who.id }, amount: 100_000 },
      ],
    });
  const input = {
    tipoSala: 'ouro' as const,
    valorEntradaCentavos: 1000,
    maxParticipantes: 50,
    taxaBp: 1000,
  };
  const seatRoom = (await createRoom({ db, input })).id;
  const roomForJoins = (await createRoom({ db, input })).id;
  const call = (url: string, body: unknown) =>
    ctx.app.inject({
      method: 'POST',
      url,
      headers: { ...jsonHeaders, cookie: a.cookie },
      payload: JSON.stringify(body),
    });
  // The first player's records: a seat held for PIX with its charge, and a private room.
  const seat = await call(`/api/rooms/${seatRoom}/join`, { metodo: 'pix' });
  expect(seat.statusCode, seat.body).toBe(200);
  const participacaoId = seat.json().participation.id as string;
  const charge = await call('/api/payments/pix', { participacaoId });
  expect(charge.statusCode, charge.body).toBe(200);
  const priv = await call('/api/private-rooms', {
    roomName: 'Sala da matriz',
    entryValue: 1000,
    maxParticipants: 10,
  });
  expect(priv.statusCode, priv.body).toBe(200);
  // The creator takes a seat of the own room (held for PIX): a member of its chat and payments.
  const own = await call(`/api/private-rooms/by-code/${priv.json().roomCode}/join`, {});
  expect(own.statusCode, own.body).toBe(200);
  rec = {
    roomForJoins,
    participacaoId,
    txid: charge.json().txid,
    privateId: priv.json().id,
    privateCode: priv.json().roomCode,
    privateInvite: priv.json().inviteCode,
    privateSeat: own.json().participation.id,
    drawnRoom: seatRoom,
    ticketId: (await createTicket(db, a.id, { message: 'Preciso de ajuda com meu PIX.' })).id,
    // A data export of the player still being prepared (its owner is told so; others: 404).
    exportId: (
      await db
        .insert(dataExports)
        .values({ userId: a.id, status: 'pendente', includeImages: false, rowCount: 0 })
        .returning()
    )[0]!.id,
    throwaway: await createUser(ctx),
  };
  tables = await businessTables(db);
}, 120_000);
afterAll(async () => ctx.close());

const unique = (actor: Actor, n: number) => `matriz-${actor}-${n}-${Date.now()}@teste.com.br`;
const staffCanManageRooms = (role: Role) => can(role, 'rooms.manage');

/** Every route outside /api/admin: who may use it and a valid call. */
const routes: Record<string, RouteSpec> = {
  'GET /api/health': { access: { kind: 'open' }, call: () => ({ url: '/api/health' }) },
  'GET /api/ready': { access: { kind: 'open' }, call: () => ({ url: '/api/ready' }) },
  'GET /api/public/config': {
    access: { kind: 'open' },
    call: () => ({ url: '/api/public/config' }),
  },
  'GET /api/public/stats': { access: { kind: 'open' }, call: () => ({ url: '/api/public/stats' }) },
  'GET /api/public/maintenance': {
    access: { kind: 'open' },
    call: () => ({ url: '/api/public/maintenance' }),
  },
  'GET /api/openapi.json': { access: { kind: 'open' }, call: () => ({ url: '/api/openapi.json' }) },
  'GET /api/metrics': { access: { kind: 'open' }, call: () => ({ url: '/api/metrics' }) },
  // Loopback (not through a proxy) or METRICS_TOKEN only (plugins/metrics.test.ts).
  'GET /metrics': { access: { kind: 'secret' }, call: () => ({ url: '/metrics' }) },
  'GET /api/ws': { access: { kind: 'socket' }, call: () => ({ url: '/api/ws' }) },
  'GET /api/draws': { access: { kind: 'open' }, call: () => ({ url: '/api/draws' }) },
  'GET /api/draws/:id/proof': {
    access: { kind: 'open' },
    call: () => ({ url: '/api/draws/00000000-0000-4000-8000-000000000000/proof' }),
  },
  // Public rooms for visitors: what every player sees of a public room.
  'GET /api/public/rooms': { access: { kind: 'open' }, call: () => ({ url: '/api/public/rooms' }) },
  'GET /api/public/rooms/:id': {
    access: { kind: 'open' },
    call: () => ({ url: `/api/public/rooms/${rec.roomForJoins}` }),
  },
  'GET /api/public/rooms/:id/preview.png': {
    access: { kind: 'open' },
    call: () => ({ url: `/api/public/rooms/${rec.roomForJoins}/preview.png` }),
  },
  // The player's own referral card.
  'GET /api/referrals/me': {
    access: { kind: 'signed-in' },
    call: () => ({ url: '/api/referrals/me' }),
  },
  // Web push: the public key is public; a subscription is the caller's own device.
  'GET /api/push/public-key': {
    access: { kind: 'open' },
    call: () => ({ url: '/api/push/public-key' }),
  },
  'POST /api/push/subscriptions': {
    access: { kind: 'signed-in' },
    call: (actor, n) => ({
      url: '/api/push/subscriptions',
      body: {
        endpoint: `https://push.example.com/send/${actor}-${n}`,
        keys: { p256dh: 'BPcMbnWQL5GOYX_5FZ2k', auth: 'c2VjcmV0' },
      },
    }),
  },
  'DELETE /api/push/subscriptions': {
    access: { kind: 'signed-in' },
    call: (actor, n) => ({
      url: '/api/push/subscriptions',
      body: { endpoint: `https://push.example.com/send/${actor}-${n}` },
    }),
  },
  // Served only with a built web app (not in this test): the shell with the room's tags.
  'GET /salas/:id': {
    access: { kind: 'open' },
    call: () => ({ url: `/salas/${rec.roomForJoins}` }),
  },
  'GET /api/rooms/:id/draw': {
    access: { kind: 'open' },
    call: () => ({ url: `/api/rooms/${rec.drawnRoom}/draw` }),
  },
  'GET /api/winners': { access: { kind: 'open' }, call: () => ({ url: '/api/winners' }) },
  'GET /api/winners/rankings': {
    access: { kind: 'open' },
    call: () => ({ url: '/api/winners/rankings?mes=2026-01' }),
  },
  // The auth library's routes.
  'POST /api/auth/sign-in/email': {
    access: { kind: 'open' },
    call: () => ({ url: '/api/auth/sign-in/email', body: { ...rec.throwaway } }),
  },
  'POST /api/auth/sign-up/email': {
    access: { kind: 'open' },
    call: (actor, n) => ({
      url: '/api/auth/sign-up/email',
      body: {
        email: unique(actor, n),
        password: 'senha-nova-123',
        name: 'Nova',
        acceptLegalTerms: true,
      },
    }),
  },
  'POST /api/auth/request-password-reset': {
    access: { kind: 'open' },
    call: (actor, n) => ({
      url: '/api/auth/request-password-reset',
      body: { email: unique(actor, n) },
    }),
  },
  'POST /api/auth/reset-password': {
    access: { kind: 'open' },
    call: () => ({
      url: '/api/auth/reset-password',
      body: { token: 'token-que-nao-existe', newPassword: 'senha-nova-123' },
    }),
  },
  'POST /api/auth/send-verification-email': {
    access: { kind: 'open' },
    call: (actor, n) => ({
      url: '/api/auth/send-verification-email',
      body: { email: unique(actor, n) },
    }),
  },
  'GET /api/auth/verify-email': {
    access: { kind: 'open' },
    call: () => ({ url: '/api/auth/verify-email?token=token-que-nao-existe' }),
  },
  'GET /api/account/password-reset/:token': {
    access: { kind: 'open' },
    call: () => ({ url: '/api/account/password-reset/token-que-nao-existe' }),
  },
  'POST /api/auth/two-factor/verify-totp': {
    access: { kind: 'open' },
    call: () => ({ url: '/api/auth/two-factor/verify-totp', body: { code: '123456' } }),
  },
  'POST /api/auth/two-factor/verify-backup-code': {
    access: { kind: 'open' },
    call: () => ({ url: '/api/auth/two-factor/verify-backup-code', body: { code: 'ABCDEF' } }),
  },
  'POST /api/auth/two-factor/enable': {
    access: { kind: 'signed-in' },
    call: () => ({ url: '/api/auth/two-factor/enable', body: { password: 'senha-errada-1' } }),
  },
  'POST /api/auth/sign-out': {
    access: { kind: 'open' },
    call: () => ({ url: '/api/auth/sign-out', body: {} }),
  },
  'GET /api/me': { access: { kind: 'open' }, call: () => ({ url: '/api/me' }) },
  'POST /api/account/change-password': {
    access: { kind: 'signed-in' },
    call: () => ({
      url: '/api/account/change-password',
      body: { currentPassword: 'senha-errada-1', newPassword: 'senha-nova-123' },
    }),
  },
  // Answers "not signed in" to anonymous callers (the admin screen's first question).
  'GET /api/admin-access': { access: { kind: 'open' }, call: () => ({ url: '/api/admin-access' }) },
  // The own account.
  'GET /api/profile': { access: { kind: 'signed-in' }, call: () => ({ url: '/api/profile' }) },
  // The caller's own profile: how they appear on /ganhadores.
  'PUT /api/profile/privacy': {
    access: { kind: 'signed-in' },
    call: () => ({ url: '/api/profile/privacy', body: { anonimoNosGanhadores: true } }),
  },
  'PUT /api/profile': {
    access: { kind: 'signed-in' },
    call: () => ({
      url: '/api/profile',
      body: {
        nomeCompleto: 'Nome Atualizado',
        chavePixTipo: 'aleatoria',
        chavePix: '123e4567-e89b-42d3-a456-426614174000',
      },
    }),
  },
  'GET /api/profile/verification': {
    access: { kind: 'signed-in' },
    call: () => ({ url: '/api/profile/verification' }),
  },
  'POST /api/profile/verification': {
    access: { kind: 'signed-in' },
    call: () => ({ url: '/api/profile/verification', body: {} }),
  },
  'GET /api/profile/verification/files/:kind': {
    access: { kind: 'signed-in' },
    call: () => ({ url: '/api/profile/verification/files/documento' }),
  },
  'GET /api/profile/2fa': {
    access: { kind: 'signed-in' },
    call: () => ({ url: '/api/profile/2fa' }),
  },
  'POST /api/profile/2fa/disable': {
    access: { kind: 'signed-in' },
    call: () => ({ url: '/api/profile/2fa/disable', body: { code: '123456' } }),
  },
  'GET /api/profile/location': {
    access: { kind: 'signed-in' },
    call: () => ({ url: '/api/profile/location' }),
  },
  'GET /api/profile/security-logs': {
    access: { kind: 'signed-in' },
    call: () => ({ url: '/api/profile/security-logs' }),
  },
  'GET /api/profile/export': {
    access: { kind: 'signed-in' },
    call: () => ({ url: '/api/profile/export' }),
  },
  'GET /api/profile/export/resumo': {
    access: { kind: 'signed-in' },
    call: () => ({ url: '/api/profile/export/resumo' }),
  },
  'GET /api/profile/export/estado': {
    access: { kind: 'signed-in' },
    call: () => ({ url: '/api/profile/export/estado' }),
  },
  'POST /api/profile/export/pedidos': {
    access: { kind: 'signed-in' },
    call: () => ({ url: '/api/profile/export/pedidos', body: { incluirImagens: false } }),
  },
  'GET /api/profile/export/pedidos/:id/arquivo': {
    // The owner reaches it ("still being prepared"); anyone else gets 404.
    access: { kind: 'own', staff: 'refused' },
    call: () => ({ url: `/api/profile/export/pedidos/${rec.exportId}/arquivo` }),
  },
  'POST /api/profile/delete': {
    // With a wrong password: reaching the password check means the caller got through.
    access: { kind: 'signed-in' },
    through: (res) => res.json().error?.message === 'Senha incorreta.',
    call: () => ({
      url: '/api/profile/delete',
      body: { confirmacao: 'EXCLUIR', senha: 'senha-errada-1' },
    }),
  },
  // SMS and WhatsApp consent (notifications module).
  'GET /api/profile/notifications': {
    access: { kind: 'signed-in' },
    call: () => ({ url: '/api/profile/notifications' }),
  },
  'PUT /api/profile/notifications': {
    access: { kind: 'signed-in' },
    call: () => ({ url: '/api/profile/notifications', body: { whatsapp: false } }),
  },
  'GET /api/profile/sessions': {
    access: { kind: 'signed-in' },
    call: () => ({ url: '/api/profile/sessions' }),
  },
  'POST /api/profile/sessions/:id/revoke': {
    // Only the caller's own sessions exist for the caller: anyone else's id answers 404.
    access: { kind: 'signed-in' },
    call: () => ({ url: '/api/profile/sessions/sessao-de-outra-pessoa/revoke', body: {} }),
  },
  'POST /api/profile/sessions/revoke-others': {
    access: { kind: 'signed-in' },
    call: () => ({ url: '/api/profile/sessions/revoke-others', body: {} }),
  },
  'GET /api/responsible-play': {
    access: { kind: 'signed-in' },
    call: () => ({ url: '/api/responsible-play' }),
  },
  'PUT /api/responsible-play/limits': {
    access: { kind: 'signed-in' },
    call: () => ({
      url: '/api/responsible-play/limits',
      body: { kind: 'deposit', period: 'month', amountCentavos: 5_000_000 },
    }),
  },
  'PUT /api/responsible-play/reminder': {
    access: { kind: 'signed-in' },
    call: () => ({ url: '/api/responsible-play/reminder', body: { minutes: 30 } }),
  },
  'POST /api/responsible-play/self-exclusion': {
    // It ends the caller's play: called after every money route.
    access: { kind: 'signed-in' },
    call: () => ({
      url: '/api/responsible-play/self-exclusion',
      body: { period: '1m', confirm: 'AUTOEXCLUIR' },
    }),
  },
  // Rooms, money and the player's figures.
  'GET /api/rooms': { access: { kind: 'signed-in' }, call: () => ({ url: '/api/rooms' }) },
  'GET /api/rooms/:id': {
    access: { kind: 'signed-in' },
    call: () => ({ url: `/api/rooms/${rec.roomForJoins}` }),
  },
  'GET /api/rooms/:id/my-participation': {
    access: { kind: 'signed-in' },
    call: () => ({ url: `/api/rooms/${rec.roomForJoins}/my-participation` }),
  },
  'POST /api/rooms/:id/join': {
    access: { kind: 'player' },
    call: () => ({ url: `/api/rooms/${rec.roomForJoins}/join`, body: { metodo: 'balance' } }),
  },
  'GET /api/payments/config': {
    access: { kind: 'open' },
    call: () => ({ url: '/api/payments/config' }),
  },
  'GET /api/payments/pix': {
    // Answers only the caller's own charges (null for anyone else's participation).
    access: { kind: 'signed-in' },
    call: () => ({ url: `/api/payments/pix?participacaoId=${rec.participacaoId}` }),
  },
  'POST /api/payments/pix': {
    access: { kind: 'own', staff: 'refused' },
    call: () => ({ url: '/api/payments/pix', body: { participacaoId: rec.participacaoId } }),
  },
  'GET /api/payments/pix/:txid': {
    access: { kind: 'own', staff: 'refused' },
    call: () => ({ url: `/api/payments/pix/${rec.txid}` }),
  },
  'POST /api/payments/pix/:txid/simulate': {
    access: { kind: 'own', staff: 'refused' },
    call: () => ({ url: `/api/payments/pix/${rec.txid}/simulate`, body: {} }),
  },
  'POST /api/webhooks/pix/:secret': {
    access: { kind: 'secret' },
    call: () => ({ url: '/api/webhooks/pix/segredo-errado', body: { pix: [] } }),
  },
  'POST /api/webhooks/pix/:secret/pix': {
    access: { kind: 'secret' },
    call: () => ({ url: '/api/webhooks/pix/segredo-errado/pix', body: { pix: [] } }),
  },
  // SMS and WhatsApp providers' callbacks: the signature is the capability (and without the
  // provider's credentials configured the routes answer 404).
  'POST /api/webhooks/twilio/status': {
    access: { kind: 'secret' },
    call: () => ({
      url: '/api/webhooks/twilio/status',
      body: { MessageSid: 'SMx', MessageStatus: 'delivered' },
    }),
  },
  'POST /api/webhooks/twilio/inbound': {
    access: { kind: 'secret' },
    call: () => ({
      url: '/api/webhooks/twilio/inbound',
      body: { From: '+5511987654321', Body: 'SAIR' },
    }),
  },
  'GET /api/webhooks/whatsapp': {
    access: { kind: 'secret' },
    call: () => ({
      url: '/api/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=x&hub.challenge=1',
    }),
  },
  'POST /api/webhooks/whatsapp': {
    access: { kind: 'secret' },
    call: () => ({ url: '/api/webhooks/whatsapp', body: { entry: [] } }),
  },
  'GET /api/wallet': { access: { kind: 'signed-in' }, call: () => ({ url: '/api/wallet' }) },
  'GET /api/wallet/statement': {
    access: { kind: 'signed-in' },
    call: () => ({ url: '/api/wallet/statement' }),
  },
  'POST /api/wallet/topup': {
    access: { kind: 'signed-in' },
    call: () => ({ url: '/api/wallet/topup', body: { valor: 1000 } }),
  },
  'POST /api/wallet/withdraw': {
    access: { kind: 'signed-in' },
    call: () => ({ url: '/api/wallet/withdraw', body: { valor: 1000 } }),
  },
  'GET /api/wallet/withdrawals': {
    access: { kind: 'signed-in' },
    call: () => ({ url: '/api/wallet/withdrawals' }),
  },
  'GET /api/dashboard': { access: { kind: 'signed-in' }, call: () => ({ url: '/api/dashboard' }) },
  'GET /api/history': { access: { kind: 'signed-in' }, call: () => ({ url: '/api/history' }) },
  'GET /api/stats': { access: { kind: 'signed-in' }, call: () => ({ url: '/api/stats' }) },
  // Private rooms.
  'GET /api/private-rooms': {
    access: { kind: 'signed-in' },
    call: () => ({ url: '/api/private-rooms' }),
  },
  'POST /api/private-rooms': {
    access: { kind: 'signed-in' },
    call: () => ({
      url: '/api/private-rooms',
      body: { roomName: 'Outra sala', entryValue: 1000, maxParticipants: 5 },
    }),
  },
  // The join-by-code page is public: it asks anonymous visitors to sign in itself.
  'GET /api/private-rooms/by-code/:code': {
    access: { kind: 'open' },
    call: () => ({ url: `/api/private-rooms/by-code/${rec.privateCode}` }),
  },
  'POST /api/private-rooms/by-code/:code/join': {
    access: { kind: 'player' },
    call: () => ({ url: `/api/private-rooms/by-code/${rec.privateCode}/join`, body: {} }),
  },
  // The invite page is public: the invite code in the link is the secret (rate-limited per address).
  'GET /api/private-rooms/invite/:inviteCode': {
    access: { kind: 'open' },
    call: () => ({ url: `/api/private-rooms/invite/${rec.privateInvite}` }),
  },
  'POST /api/private-rooms/invite/:inviteCode/join': {
    access: { kind: 'player' },
    call: () => ({ url: `/api/private-rooms/invite/${rec.privateInvite}/join`, body: {} }),
  },
  // The room's page: anyone signed in who has its id (the code alone is enough to join).
  'GET /api/private-rooms/:id': {
    access: { kind: 'signed-in' },
    call: () => ({ url: `/api/private-rooms/${rec.privateId}` }),
  },
  'PUT /api/private-rooms/:id': {
    access: { kind: 'own', staff: staffCanManageRooms },
    call: () => ({ url: `/api/private-rooms/${rec.privateId}`, body: { roomName: 'Renomeada' } }),
  },
  'POST /api/private-rooms/:id/pay-with-balance': {
    access: { kind: 'own', staff: 'refused' },
    call: () => ({
      url: `/api/private-rooms/${rec.privateId}/pay-with-balance`,
      body: { participacaoId: rec.privateSeat },
    }),
  },
  'POST /api/private-rooms/:id/close': {
    access: { kind: 'own', staff: staffCanManageRooms },
    call: () => ({ url: `/api/private-rooms/${rec.privateId}/close`, body: {} }),
  },
  'POST /api/private-rooms/:id/draw': {
    access: { kind: 'own', staff: staffCanManageRooms },
    call: () => ({ url: `/api/private-rooms/${rec.privateId}/draw`, body: {} }),
  },
  // The chat: members only; staff are not members.
  'GET /api/private-rooms/:id/messages': {
    access: { kind: 'own', staff: 'refused' },
    call: () => ({ url: `/api/private-rooms/${rec.privateId}/messages` }),
  },
  'POST /api/private-rooms/:id/messages': {
    access: { kind: 'own', staff: 'refused' },
    call: () => ({ url: `/api/private-rooms/${rec.privateId}/messages`, body: { message: 'Oi' } }),
  },
  // Support: the assistant answers anyone (account questions only from the caller's own data);
  // tickets belong to their author, and staff answer them from the administrator area.
  'POST /api/support/chat': {
    access: { kind: 'open' },
    call: () => ({ url: '/api/support/chat', body: { message: 'Como faço um saque?' } }),
  },
  'POST /api/support/chat/stream': {
    access: { kind: 'open' },
    call: () => ({ url: '/api/support/chat/stream', body: { message: 'Qual o meu saldo?' } }),
  },
  'GET /api/support/tickets': {
    access: { kind: 'signed-in' },
    call: () => ({ url: '/api/support/tickets' }),
  },
  'POST /api/support/tickets': {
    access: { kind: 'signed-in' },
    call: () => ({ url: '/api/support/tickets', body: { message: 'Meu PIX não caiu.' } }),
  },
  'POST /api/support/tickets/:id/messages': {
    access: { kind: 'own', staff: 'refused' },
    call: () => ({
      url: `/api/support/tickets/${rec.ticketId}/messages`,
      body: { message: 'Alguma novidade?' },
    }),
  },
  // Marketing consent (LGPD): each account its own.
  'GET /api/profile/marketing-consent': {
    access: { kind: 'signed-in' },
    call: () => ({ url: '/api/profile/marketing-consent' }),
  },
  'PUT /api/profile/marketing-consent': {
    access: { kind: 'signed-in' },
    call: () => ({ url: '/api/profile/marketing-consent', body: { accepted: false } }),
  },
  // What every visitor may know of the settings (site name, maintenance, PIX on).
  'GET /api/public/settings': {
    access: { kind: 'open' },
    call: () => ({ url: '/api/public/settings' }),
  },
  // Campaign mail links: the random token is the capability. The open pixel and the click
  // redirect answer the same whatever the token (nothing to learn); the unsubscribe page is a
  // form, and only its POST with a real token changes anything.
  'GET /api/r/o/:token.gif': {
    access: { kind: 'open' },
    call: () => ({ url: '/api/r/o/token-que-nao-existe-0000000000.gif' }),
  },
  'GET /api/r/c/:token': {
    access: { kind: 'open' },
    call: () => ({ url: '/api/r/c/token-que-nao-existe-0000000000' }),
  },
  'GET /api/r/u/:token': {
    access: { kind: 'open' },
    call: () => ({ url: '/api/r/u/token-que-nao-existe-0000000000' }),
  },
  'POST /api/r/u/:token': {
    access: { kind: 'secret' },
    call: () => ({ url: '/api/r/u/token-que-nao-existe-0000000000' }),
  },
  // The local mail outbox, when it is on: loopback only, never through a proxy (system.test.ts).
  'GET /api/dev/outbox': { access: { kind: 'secret' }, call: () => ({ url: '/api/dev/outbox' }) },
  'GET /api/dev/outbox/:id': {
    access: { kind: 'secret' },
    call: () => ({ url: '/api/dev/outbox/x' }),
  },
  'GET /api/dev/outbox-messages': {
    access: { kind: 'secret' },
    call: () => ({ url: '/api/dev/outbox-messages' }),
  },
};

/** Whether `actor` must be let through (true), refused (false), or is not asked here (null). */
function expectation(access: Access, actor: Actor): boolean | null {
  switch (access.kind) {
    case 'open':
      return true;
    case 'socket':
      return null;
    case 'secret':
      return false;
    case 'signed-in':
      return actor !== 'anonymous';
    case 'player':
      return actor === 'player' || actor === 'other';
    case 'own':
      if (actor === 'player') return true;
      if (actor === 'anonymous' || actor === 'other') return false;
      return access.staff === 'refused' ? false : access.staff(actor);
  }
}

const table = () => routeList(ctx.app);

describe('the authorization matrix of every route', () => {
  it('classifies every route of the route table and of the OpenAPI document', () => {
    const all = table();
    const admin = all.filter((r) => r.split(' ')[1]!.startsWith('/api/admin/'));
    const rest = all.filter((r) => !admin.includes(r));
    expect(rest.filter((r) => !routes[r]).sort()).toEqual([]);
    // The auth library's routes are part of it.
    expect(rest.filter((r) => r.includes('/api/auth/')).length).toBeGreaterThanOrEqual(10);
    expect(admin.length).toBeGreaterThan(30);
  });

  it('lets through exactly who may use each route; refusals change nothing', async () => {
    const present = new Set(table());
    const wrong: string[] = [];
    let calls = 0;
    let n = 0;
    const send = async (route: string, actor: Actor) => {
      const method = route.split(' ')[0] as 'GET' | 'POST' | 'PUT' | 'DELETE';
      const { url, body } = routes[route]!.call(actor, (n += 1));
      calls += 1;
      return ctx.app.inject({
        method,
        url,
        headers: {
          ...(body !== undefined ? jsonHeaders : { origin: jsonHeaders.origin }),
          ...(cookies[actor] ? { cookie: cookies[actor] } : {}),
        },
        ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
        remoteAddress: `198.18.96.${n % 250}`,
      });
    };
    // Self-exclusion ends the caller's play and sign-out the session: they go last.
    const rank = (r: string) => (r.includes('sign-out') ? 2 : r.includes('self-exclusion') ? 1 : 0);
    const order = Object.keys(routes)
      .filter((r) => present.has(r))
      .sort((a, b) => rank(a) - rank(b));

    // Phase 1: every call that must be refused, then one comparison of the whole database.
    const before = await snapshotTables(ctx.database.db, tables);
    for (const route of order)
      for (const actor of actors) {
        if (expectation(routes[route]!.access, actor) !== false) continue;
        const res = await send(route, actor);
        const refusedAs =
          routes[route]!.access.kind === 'secret'
            ? [401, 403, 404]
            : actor === 'anonymous'
              ? [401]
              : [403, 404];
        if (!refusedAs.includes(res.statusCode))
          wrong.push(
            `${route} as ${actor}: expected ${refusedAs.join('/')}, got ${res.statusCode} ${res.body.slice(0, 140)}`,
          );
      }
    if ((await snapshotTables(ctx.database.db, tables)) !== before)
      wrong.push('a refused call changed the database');

    // Phase 2: every call that must get through (any answer but 401, 403 or 5xx).
    for (const route of order)
      for (const actor of actors) {
        if (expectation(routes[route]!.access, actor) !== true) continue;
        const res = await send(route, actor);
        const error =
          res.statusCode >= 400
            ? (res.json().error as { code?: string; reason?: string } | undefined)
            : undefined;
        // A 401 with a reason is the auth library judging a token or code, not the caller.
        const refused =
          (error?.code === 'UNAUTHENTICATED' && !error.reason) ||
          (res.statusCode === 403 && !routes[route]!.through?.(res));
        if (res.statusCode >= 500 || refused)
          wrong.push(
            `${route} as ${actor}: expected access, got ${res.statusCode} ${res.body.slice(0, 140)}`,
          );
      }
    console.info(
      `authorization matrix: ${order.length} routes x ${actors.length} actors = ${calls} calls, ${wrong.length} wrong (administrator routes: role-matrix.test.ts)`,
    );
    expect(wrong).toEqual([]);
  }, 300_000);
});
