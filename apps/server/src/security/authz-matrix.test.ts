/**
 * Security suite, part two: the authorization matrix of EVERY route, generated from the server's
 * route table and the OpenAPI document (the auth library's routes included). Each route declares
 * who may use it; every route is called as anonymous, a player, another player on the first
 * player's records, and each staff role. The administrator routes are checked role by role against
 * the permission table in modules/admin/role-matrix.test.ts; this file makes sure no route of the
 * table is left out of one or the other. Refused calls run first and must leave every business
 * table exactly as it was. The route table itself lives in ./authz-matrix/, one part per area.
 */
import { staffRoles } from '@sorteio/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { dataExports } from '../db/schema';
import { createRoom } from '../modules/rooms/rooms.service';
import { createTicket } from '../modules/support/support.service';
import { caller, createUser, signIn, topUp, useTestApp, verifiedPlayer } from '../test/helpers';
import { type Actor, actors, expectation, rec, routes } from './authz-matrix';
import { businessTables, snapshotTables } from './db-snapshot';
import { routeList } from './route-list';

const cookies: Partial<Record<Actor, string>> = {};
let tables: string[];

const ctx = useTestApp({
  config: { rateLimitMax: 1_000_000, rateLimitSignInMax: 1_000_000, rateLimitJoinMax: 1_000_000 },
});
beforeAll(async () => {
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
  for (const who of [a, b]) await topUp(ctx, who.id, 100_000);
  const input = {
    tipoSala: 'ouro' as const,
    valorEntradaCentavos: 1000,
    maxParticipantes: 50,
    taxaBp: 1000,
  };
  const seatRoom = (await createRoom({ db, input })).id;
  const roomForJoins = (await createRoom({ db, input })).id;
  const call = (url: string, body: unknown) =>
    caller(ctx)('POST', url, a.cookie, JSON.stringify(body));
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
  Object.assign(rec, {
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
  });
  tables = await businessTables(db);
}, 120_000);

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
      return caller(ctx, { remoteAddress: `198.18.96.${n % 250}` })(
        method,
        url,
        cookies[actor],
        body === undefined ? undefined : JSON.stringify(body),
      );
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
