/**
 * Records for the staff route tables (role-matrix, staff-audit-walk, staff-records-audit): fresh
 * rooms, payouts, tickets, integrations and campaigns of someone else or of the platform, and a
 * player's identity documents sent through the API.
 */
import { defaultTargetCriteria } from '@sorteio/shared';
import { randomBytes } from 'node:crypto';
import { externalConnections, remarketingCampaigns, webhookDeliveries } from '../db/schema';
import { keyRingOf } from '../lib/key-ring';
import { createSealer } from '../lib/sealed';
import { createPayout } from '../modules/draws/draws.service';
import { createRoom } from '../modules/rooms/rooms.service';
import { createTicket } from '../modules/support/support.service';
import { type TestContext, createUser, jsonHeaders, makePng, topUp } from './helpers';

/** Sends a document and a selfie (the same 400×400 PNG) as the account of `cookie`. */
export function sendIdentityDocuments(ctx: TestContext, cookie: string, numeroDocumento: string) {
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
  return ctx.app.inject({
    method: 'POST',
    url: '/api/profile/verification',
    headers: {
      origin: jsonHeaders.origin,
      cookie,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload: Buffer.concat([
      part('tipoDocumento', null, 'rg'),
      part('numeroDocumento', null, numeroDocumento),
      part('documento', 'doc.png', png),
      part('selfie', 'selfie.png', png),
      Buffer.from(`--${boundary}--\r\n`),
    ]),
  });
}

/** A new open public room; returns its id. */
export const newRoom = async (ctx: TestContext) =>
  (
    await createRoom({
      db: ctx.database.db,
      input: { tipoSala: 'prata', valorEntradaCentavos: 500, maxParticipantes: 4, taxaBp: 1000 },
    })
  ).id;

/** A pending R$ 10,00 withdrawal of a new player. */
export async function newPayout(ctx: TestContext) {
  const u = await createUser(ctx);
  await topUp(ctx, u.id, 1000);
  return ctx.database.db.transaction((tx) =>
    createPayout(tx, { kind: 'withdrawal', userId: u.id, amount: 1000, pixKey: 'x@y.com.br' }),
  );
}

/** A new player's open support ticket; returns its id. */
export const newTicket = async (ctx: TestContext) =>
  (
    await createTicket(ctx.database.db, (await createUser(ctx)).id, {
      message: 'Preciso de ajuda com meu PIX',
    })
  ).id;

/** A valid body for creating an integration. */
export const connectionBody = {
  connection_name: 'Parceiro',
  connection_type: 'api',
  service_name: 'CRM',
  config_data: '{"url":"https://192.0.2.1/"}',
};

/** An integration row (active or paused); returns its id. */
export async function newConnection(ctx: TestContext, isActive = true) {
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

/** A failed webhook delivery through a new integration (active or paused); returns its id. */
export async function newDelivery(ctx: TestContext, connectionActive: boolean) {
  const id = `msg_${randomBytes(12).toString('hex')}`;
  await ctx.database.db.insert(webhookDeliveries).values({
    id,
    connectionId: await newConnection(ctx, connectionActive),
    event: 'room.full',
    payload: {},
    status: 'failed',
  });
  return id;
}

/** A remarketing campaign with the default audience; returns its id. */
export async function newCampaign(ctx: TestContext) {
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
