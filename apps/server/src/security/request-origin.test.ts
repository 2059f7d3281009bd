/**
 * The one rule of where a state change comes from (plugins/request-origin.ts,
 * docs/decisions/019-request-origin.md), walked over EVERY state-changing route of the route table:
 * with a staff or a player cookie, no proof of origin or a foreign one is refused with 403 and
 * changes nothing; our own Origin, or `Sec-Fetch-Site: same-origin`, gets through.
 */
import { staffRoles } from '@sorteio/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type OriginInput,
  originVerdict,
  requestOriginMessages,
  requestOriginReasons,
} from '../plugins/request-origin';
import {
  TEST_BASE_URL,
  type TestContext,
  createTestApp,
  createUser,
  jsonHeaders,
  signIn,
  verifiedPlayer,
} from '../test/helpers';
import { businessTables, snapshotTables } from './db-snapshot';

const FOREIGN = 'https://evil.example';
const ID = '00000000-0000-4000-8000-000000000000';

describe('originVerdict (the rule on headers alone)', () => {
  const ours = new Set([TEST_BASE_URL]);
  const cookie = 'sorteio.session_token=abc.def';
  const base: OriginInput = {
    method: 'POST',
    route: '/api/admin/settings',
    origin: undefined,
    fetchSite: undefined,
    cookie,
  };
  it.each<[string, Partial<OriginInput>, ReturnType<typeof originVerdict>]>([
    ['a read, whatever its headers', { method: 'GET', origin: FOREIGN }, 'allowed'],
    ['our Origin', { origin: TEST_BASE_URL }, 'allowed'],
    ['Sec-Fetch-Site same-origin alone', { fetchSite: 'same-origin' }, 'allowed'],
    [
      'Origin null vouched for by same-origin',
      { origin: 'null', fetchSite: 'same-origin' },
      'allowed',
    ],
    ['a cookie and no proof', {}, 'unproven'],
    ['the pending two-factor cookie and no proof', { cookie: 'sorteio.two_factor=x' }, 'unproven'],
    [
      'the secure-prefixed cookie and no proof',
      { cookie: '__Secure-sorteio.session_token=x' },
      'unproven',
    ],
    ['Sec-Fetch-Site none (no page behind it)', { fetchSite: 'none' }, 'unproven'],
    ['a foreign Origin', { origin: FOREIGN }, 'foreign'],
    ['Origin null alone', { origin: 'null' }, 'foreign'],
    [
      'our Origin but a cross-site fetch',
      { origin: TEST_BASE_URL, fetchSite: 'cross-site' },
      'foreign',
    ],
    ['a sibling site', { fetchSite: 'same-site' }, 'foreign'],
    ['no cookie, no proof (sign-in, sign-up)', { cookie: undefined }, 'allowed'],
    ["another site's cookie only", { cookie: 'other=1' }, 'allowed'],
    ['no cookie, a foreign Origin', { cookie: undefined, origin: FOREIGN }, 'foreign'],
    [
      'a webhook with a cookie and a foreign Origin',
      { route: '/api/webhooks/pix/:secret', origin: FOREIGN },
      'allowed',
    ],
    ['a 404 under the webhooks prefix of the raw URL only', { route: '' }, 'unproven'],
  ])('%s', (_name, change, verdict) => {
    expect(originVerdict({ ...base, ...change }, ours)).toBe(verdict);
  });
});

describe('every state-changing route', () => {
  let ctx: TestContext;
  const cookies: Record<string, string> = {};
  let tables: string[];

  beforeAll(async () => {
    ctx = await createTestApp({
      config: { rateLimitMax: 1_000_000, rateLimitSignInMax: 1_000_000 },
    });
    let n = 0;
    for (const role of staffRoles)
      cookies[role] = await signIn(
        ctx,
        await createUser(ctx, { role, profile: { nomeCompleto: 'Equipe', isVerified: true } }),
        `198.18.96.${(n += 1)}`,
      );
    cookies.player = (await verifiedPlayer(ctx, '198.18.96.50')).cookie;
    tables = await businessTables(ctx.database.db);
  }, 60_000);
  afterAll(async () => ctx.close());

  /** Every state-changing HTTP route but the webhooks, its parameters filled with a valid id. */
  const stateChanging = () =>
    ctx.app.routeTable
      .filter((r) => !['GET', 'HEAD', 'OPTIONS'].includes(r.method) && !r.websocket)
      .filter((r) => !r.url.startsWith('/api/webhooks/'))
      .map((r) => ({
        method: r.method,
        url: r.url.replace(/:[A-Za-z]+/g, ID),
        name: `${r.method} ${r.url}`,
      }));

  const send = (
    route: { method: string; url: string },
    headers: Record<string, string | undefined>,
  ) =>
    ctx.app.inject({
      method: route.method as 'POST',
      url: route.url,
      // A body the JSON parser rejects: a request the rule lets through stops at the parser (400)
      // and never reaches a handler, so the walk itself changes nothing.
      headers: { 'content-type': 'application/json', ...headers },
      payload: '{',
    });

  it('walks the routes of every area, the administrator ones included', () => {
    const names = stateChanging().map((r) => r.name);
    expect(names.filter((n) => n.includes(' /api/admin/')).length).toBeGreaterThanOrEqual(18);
    expect(names).toEqual(
      expect.arrayContaining([
        'PUT /api/admin/settings',
        'POST /api/auth/sign-out',
        'PUT /api/profile',
        'POST /api/rooms/:id/join',
      ]),
    );
  });

  it('refuses a staff cookie without Origin or with a foreign one, on every route, changing nothing', async () => {
    const before = await snapshotTables(ctx.database.db, tables);
    const wrong: string[] = [];
    for (const route of stateChanging())
      for (const role of staffRoles) {
        const cases: [Record<string, string | undefined>, keyof typeof requestOriginReasons][] = [
          [{ origin: undefined }, 'unproven'],
          [{ origin: FOREIGN }, 'foreign'],
          [{ origin: TEST_BASE_URL, 'sec-fetch-site': 'cross-site' }, 'foreign'],
        ];
        for (const [headers, verdict] of cases) {
          const res = await send(route, { ...headers, cookie: cookies[role] });
          const error = res.json().error;
          if (
            res.statusCode !== 403 ||
            error?.reason !== requestOriginReasons[verdict] ||
            error?.message !== requestOriginMessages[verdict]
          )
            wrong.push(
              `${role} ${route.name} ${JSON.stringify(headers)}: ${res.statusCode} ${res.body}`,
            );
        }
      }
    expect(wrong).toEqual([]);
    expect(await snapshotTables(ctx.database.db, tables)).toBe(before);
  }, 120_000);

  it('lets our own Origin or Sec-Fetch-Site same-origin through, on every route', async () => {
    const wrong: string[] = [];
    for (const route of stateChanging())
      for (const headers of [
        { origin: TEST_BASE_URL },
        { origin: undefined, 'sec-fetch-site': 'same-origin' },
      ]) {
        const res = await send(route, { ...headers, cookie: cookies.admin });
        // Past the rule: the parser refuses the broken body.
        if (res.statusCode !== 400)
          wrong.push(`${route.name} ${JSON.stringify(headers)}: ${res.statusCode} ${res.body}`);
      }
    expect(wrong).toEqual([]);
  }, 120_000);

  it('holds players to the same rule (their accounts move money too)', async () => {
    const before = await snapshotTables(ctx.database.db, tables);
    const wrong: string[] = [];
    for (const route of stateChanging()) {
      const missing = await send(route, { origin: undefined, cookie: cookies.player });
      if (missing.json().error?.reason !== requestOriginReasons.unproven)
        wrong.push(`${route.name} without Origin: ${missing.statusCode}`);
      const foreign = await send(route, { origin: FOREIGN, cookie: cookies.player });
      if (foreign.json().error?.reason !== requestOriginReasons.foreign)
        wrong.push(`${route.name} foreign: ${foreign.statusCode}`);
      const ours = await send(route, { origin: TEST_BASE_URL, cookie: cookies.player });
      if (ours.statusCode !== 400) wrong.push(`${route.name} ours: ${ours.statusCode}`);
    }
    expect(wrong).toEqual([]);
    expect(await snapshotTables(ctx.database.db, tables)).toBe(before);
  }, 120_000);

  it('leaves a request without a cookie to the route, unless it names a foreign origin', async () => {
    const wrong: string[] = [];
    for (const route of stateChanging()) {
      const bare = await send(route, { origin: undefined });
      if (bare.statusCode !== 400) wrong.push(`${route.name} bare: ${bare.statusCode}`);
      const foreign = await send(route, { origin: FOREIGN });
      if (foreign.json().error?.reason !== requestOriginReasons.foreign)
        wrong.push(`${route.name} foreign: ${foreign.statusCode}`);
    }
    expect(wrong).toEqual([]);
  }, 120_000);

  it('exempts the webhooks, which a cookie never authenticates', async () => {
    const hooks = ctx.app.routeTable.filter(
      (r) => r.method === 'POST' && r.url.startsWith('/api/webhooks/'),
    );
    expect(hooks.length).toBeGreaterThanOrEqual(4);
    for (const hook of hooks) {
      const res = await send(
        { method: 'POST', url: hook.url.replace(/:[A-Za-z]+/g, 'x') },
        { origin: FOREIGN, 'sec-fetch-site': 'cross-site', cookie: cookies.admin },
      );
      expect(String(res.json().error?.reason ?? ''), `${hook.url}: ${res.body}`).not.toMatch(
        /^ORIGIN_/,
      );
    }
  });

  it('PUT /api/admin/settings: the administrator without Origin is refused, with it saved', async () => {
    const call = (headers: Record<string, string | undefined>) =>
      ctx.app.inject({
        method: 'PUT',
        url: '/api/admin/settings',
        headers: { ...jsonHeaders, ...headers, cookie: cookies.admin },
        payload: { platformFeeBp: 1337 },
      });
    const refused = await call({ origin: undefined });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(requestOriginMessages.unproven);
    const read = async () =>
      (
        await ctx.app.inject({ url: '/api/admin/settings', headers: { cookie: cookies.admin } })
      ).json().platformFeeBp;
    expect(await read()).not.toBe(1337);
    const saved = await call({});
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await read()).toBe(1337);
  });

  it('PUT /api/profile/marketing-consent: a player without Origin is refused, with it saved', async () => {
    const call = (headers: Record<string, string | undefined>) =>
      ctx.app.inject({
        method: 'PUT',
        url: '/api/profile/marketing-consent',
        headers: { ...jsonHeaders, ...headers, cookie: cookies.player },
        payload: { accepted: true },
      });
    const read = async () =>
      (
        await ctx.app.inject({
          url: '/api/profile/marketing-consent',
          headers: { cookie: cookies.player },
        })
      ).json().accepted;
    expect((await call({ origin: undefined })).statusCode).toBe(403);
    expect(await read()).toBe(false);
    expect((await call({ origin: undefined, 'sec-fetch-site': 'same-origin' })).statusCode).toBe(
      200,
    );
    expect(await read()).toBe(true);
  });
});
