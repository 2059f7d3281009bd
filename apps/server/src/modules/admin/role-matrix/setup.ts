/**
 * The shared state of the role x route matrix: the test app, a signed-in cookie per role, the
 * target player, and the helpers that make a fresh record for each call.
 */
import { type Permission, type Role, staffRoles } from '@sorteio/shared';
import { businessTables } from '../../../security/db-snapshot';
import {
  type TestContext,
  createTestApp,
  createUser,
  signIn,
  verifiedPlayer,
} from '../../../test/helpers';
import {
  newCampaign,
  newConnection,
  newDelivery,
  newPayout,
  newRoom,
  newTicket,
  sendIdentityDocuments,
} from '../../../test/staff-records';

export { connectionBody } from '../../../test/staff-records';

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
  await sendIdentityDocuments(ctx, target.cookie, '123456789');
  tables = await businessTables(ctx.database.db);
}

export const room = () => newRoom(ctx);
export const payout = () => newPayout(ctx);
export const connection = (isActive = true) => newConnection(ctx, isActive);
// Paused: the resend an allowed role asks for sends nothing while the next roles are checked.
export const delivery = () => newDelivery(ctx, false);
export const campaign = () => newCampaign(ctx);
/** A fresh open ticket of a player (the support queue routes act on it). */
export const ticket = () => newTicket(ctx);

let emailCounter = 0;
let capCounter = 2;
export const newEmail = () => `matriz${(emailCounter += 1)}-${Date.now()}@teste.com.br`;
export const nextCap = () => (capCounter += 1);

export type Call = { url: string; body?: unknown };
export type RouteSpec = { permission: Permission; call: () => Promise<Call> };
