/** The shared state and record makers of the staff audit walk. */
import { type Role, can, staffRoles } from '@sorteio/shared';
import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import { type TestPki, generateTestPki } from '../../modules/payments/efi/fake-efi-server';
import { createPrivateRoom } from '../../modules/private-rooms/private-rooms.service';
import {
  type TestContext,
  type TestUser,
  createTestApp,
  createUser,
  jsonHeaders,
  newCpf,
  signIn,
  topUp,
  verifiedPlayer,
} from '../../test/helpers';
import {
  newCampaign,
  newConnection,
  newDelivery,
  newPayout,
  newRoom,
  newTicket,
  sendIdentityDocuments,
} from '../../test/staff-records';
import { businessTables } from '../db-snapshot';

export { connectionBody } from '../../test/staff-records';

export type StaffRole = (typeof staffRoles)[number];
export type Call = { url: string; body?: unknown };
export interface Walk {
  /** A valid call on fresh records of someone else (or of the platform) for each call. */
  call: (role: StaffRole) => Promise<Call>;
  /**
   * Only the roles the permission table lets through are walked, where a call is costly to prepare
   * or starts background work; the refused roles change nothing (role-matrix.test.ts).
   */
  roles?: (role: StaffRole) => boolean;
}

export let ctx: TestContext;
export const staff = {} as Record<StaffRole, { id: string; cookie: string }>;
export let tables: string[];
export let pki: TestPki;
export let n = 0;
export const ip = () => `198.18.${100 + (Math.floor((n += 1) / 250) % 50)}.${(n % 250) + 1}`;

/** Signs every staff role in and prepares the PIX certificates (the test's beforeAll). */
export async function setUpWalk() {
  ctx = await createTestApp({
    config: { rateLimitMax: 1_000_000, rateLimitSignInMax: 1_000_000, rateLimitJoinMax: 1_000_000 },
  });
  for (const role of staffRoles) {
    const u = await createUser(ctx, { role, profile: { nomeCompleto: 'Equipe' } });
    staff[role] = { id: u.id, cookie: await signIn(ctx, u, ip()) };
  }
  tables = await businessTables(ctx.database.db);
  pki = generateTestPki();
}

export async function tearDownWalk() {
  await ctx.close();
  pki.cleanup();
}

export const send = (method: string, url: string, cookie: string, body?: unknown) =>
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
export const room = () => newRoom(ctx);

export const fund = (who: TestUser, amount: number) => topUp(ctx, who.id, amount);
export const payout = () => newPayout(ctx);
export const ticket = () => newTicket(ctx);

export let documentNumber = 223456780;
/** A player who has sent a document and a selfie (the review's subject). */
export async function withDocuments() {
  const u = await createUser(ctx, {
    profile: { nomeCompleto: 'Pessoa em Revisão', cpf: newCpf(), dataNascimento: '1990-01-01' },
  });
  const cookie = await signIn(ctx, u, ip());
  const res = await sendIdentityDocuments(ctx, cookie, String((documentNumber += 1)));
  expect(res.statusCode, res.body).toBe(200);
  // The automated analysis of the documents runs after the answer: done before the walk looks.
  await ctx.app.identity.idle();
  return u.id;
}

/** A player's private room (open); with `drawable`, closed with two paid seats. */
export async function privateRoom(drawable = false) {
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

export const connection = (isActive = true) => newConnection(ctx, isActive);

/** Background work a call started (identity analysis, messages) is done before comparing. */
export const settled = async () => {
  await ctx.app.identity.idle();
  await ctx.app.notifications.idle();
};

// Active: the resend of a paused connection's message is refused.
export const delivery = () => newDelivery(ctx, true);
export const campaign = () => newCampaign(ctx);

export const certificateBody = () => ({
  filename: `certificado-${next()}.p12`,
  certificateBase64: readFileSync(pki.clientP12Path).toString('base64'),
  password: 'senha-do-certificado',
});

export let counter = 0;
export const next = () => (counter += 1);
export const mayManageRooms = (role: Role) => can(role, 'rooms.manage');
