/**
 * The shared state of the role x route matrix: the test app, a signed-in cookie per role, the
 * target player, and the helpers that make a fresh record for each call.
 */
import { type Permission, type Role, defaultTargetCriteria, staffRoles } from '@sorteio/shared';
import { randomBytes } from 'node:crypto';
import { externalConnections, remarketingCampaigns, webhookDeliveries } from '../../../db/schema';
import { createSealer } from '../../../lib/sealed';
import { keyRingOf } from '../../../lib/key-ring';
import { createRoom } from '../../rooms/rooms.service';
import { createPayout } from '../../draws/draws.service';
import { postTransaction } from '../../wallet';
import { createTicket } from '../../support/support.service';
import { businessTables } from '../../../security/db-snapshot';
import {
  type TestContext,
  createTestApp,
  createUser,
  jsonHeaders,
  makePng,
  signIn,
  verifiedPlayer,
} from '../../../test/helpers';

export let ctx: TestContext;
export const cookies: Partial<Record<Role | 'anonymous', string>> = {};
export let tables: string[];
export let target: { id: string; cookie: string };

/** Signs every role in and gives the target player documents to review (the test's beforeAll). */
export async function setUpMatrix() {
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
}

export const room = async () =>
  (
    await createRoom({
      db: ctx.database.db,
      input: { tipoSala: 'prata', valorEntradaCentavos: 500, maxParticipantes: 4, taxaBp: 1000 },
    })
  ).id;

export async function payout() {
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

export const connectionBody = {
  connection_name: 'Parceiro',
  connection_type: 'api',
  service_name: 'CRM',
  config_data: '{"url":"https://192.0.2.1/"}',
};
export async function connection(isActive = true) {
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
export async function delivery() {
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

export async function campaign() {
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
export const ticket = async () => {
  const u = await createUser(ctx);
  return (await createTicket(ctx.database.db, u.id, { message: 'Preciso de ajuda com meu PIX' }))
    .id;
};

let emailCounter = 0;
let capCounter = 2;
export const newEmail = () => `matriz${(emailCounter += 1)}-${Date.now()}@teste.com.br`;
export const nextCap = () => (capCounter += 1);

export type Call = { url: string; body?: unknown };
export type RouteSpec = { permission: Permission; call: () => Promise<Call> };
