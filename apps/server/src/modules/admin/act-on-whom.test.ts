/**
 * Who may act on whom, generated from the rule (packages/shared/src/staff-access.ts): every acting
 * role (and the owner) x every kind of target account (each role, the owner, oneself) x every
 * action of the rule, through the real routes. What the rule allows answers 200; what it refuses
 * answers 403 and leaves the account, its sessions and the audit log as they were. A new role or
 * a new action is covered without touching this file, except for the route an action is taken on.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  type AccountAction,
  type AccountParty,
  type Role,
  accountActionList,
  mayActOn,
  roles,
} from '@sorteio/shared';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profiles, session, staffAuditLog, user, verificacaoUsuario } from '../../db/schema';
import { createLocalStorage } from '../../lib/storage';
import {
  type TestContext,
  createTestApp,
  createUser,
  jsonHeaders,
  makePng,
  signIn,
} from '../../test/helpers';

/** The route each action of the rule is taken on (a new action fails typecheck until it is here). */
const routeOf: Record<
  AccountAction,
  {
    method: 'GET' | 'POST';
    pattern: string;
    url: (id: string) => string | Promise<string>;
    body?: object;
    /** Targets the route does not serve (a 404 whatever the rule says). */
    skip?: (target: AccountParty) => boolean;
    /** The answer of a call the rule lets through, when not 200. */
    passed?: number;
  }
> = {
  view: {
    method: 'GET',
    pattern: '/api/admin/users/:userId',
    url: (id) => `/api/admin/users/${id}`,
  },
  // A fresh live session of the target; the screen lists staff sessions only.
  sessions: {
    method: 'POST',
    pattern: '/api/admin/staff-sessions/:id/end',
    url: async (id) => `/api/admin/staff-sessions/${await liveSession(id)}/end`,
    skip: (target) => target.role === 'user' && !target.isOwner,
  },
  // The test accounts have their passwords set: the rule lets the call through to the 409.
  password: {
    method: 'POST',
    pattern: '/api/admin/users/:userId/set-password-link',
    url: (id) => `/api/admin/users/${id}/set-password-link`,
    passed: 409,
  },
  documents: {
    method: 'GET',
    pattern: '/api/admin/verifications/:userId/files/:kind',
    url: (id) => `/api/admin/verifications/${id}/files/documento`,
  },
  status: {
    method: 'POST',
    pattern: '/api/admin/users/:userId/status',
    url: (id) => `/api/admin/users/${id}/status`,
    body: { statusConta: 'suspenso' },
  },
  verify: {
    method: 'POST',
    pattern: '/api/admin/users/:userId/verified',
    url: (id) => `/api/admin/users/${id}/verified`,
    body: { verified: false },
  },
  review: {
    method: 'POST',
    pattern: '/api/admin/verifications/:userId/review',
    url: (id) => `/api/admin/verifications/${id}/review`,
    body: { decision: 'rejeitar', motivo: 'Documento ilegível' },
  },
  role: {
    method: 'POST',
    pattern: '/api/admin/users/:userId/role',
    url: (id) => `/api/admin/users/${id}/role`,
    body: { role: 'attendant' },
  },
};

type Actor = Role | 'owner';
type TargetKind = Role | 'owner' | 'self';
const actorKinds: Actor[] = [...roles, 'owner'];
const targetKinds: TargetKind[] = [...roles, 'owner', 'self'];

let ctx: TestContext;
let storageDir: string;
const actors = {} as Record<Actor, { party: AccountParty; cookie: string }>;
let ownerParty: AccountParty;

/** An account with a verified identity and documents on file, so every action has its object. */
async function account(role: Role, email?: string): Promise<AccountParty> {
  const u = await createUser(ctx, {
    role,
    ...(email ? { email } : {}),
    profile: { nomeCompleto: `Conta ${role}`, isVerified: true },
  });
  await addDocuments(u.id);
  return { id: u.id, role, isOwner: email === ctx.config.adminEmail };
}

let storage: ReturnType<typeof createLocalStorage>;
const png = makePng(64, 64);
async function addDocuments(userId: string) {
  const doc = `verificacao/${userId}/documento.png`;
  const selfie = `verificacao/${userId}/selfie.png`;
  await storage.put(doc, png, 'image/png');
  await storage.put(selfie, png, 'image/png');
  await ctx.database.db.insert(verificacaoUsuario).values({
    userId,
    tipoDocumento: 'rg',
    numeroDocumento: userId.replace(/\D/g, '').slice(0, 9).padEnd(9, '7'),
    fotoDocumentoKey: doc,
    selfieKey: selfie,
    statusVerificacao: 'verificado',
  });
}

async function liveSession(userId: string) {
  const id = `sessao-${randomBytes(6).toString('hex')}`;
  await ctx.database.db.insert(session).values({
    id,
    userId,
    token: randomBytes(16).toString('hex'),
    expiresAt: new Date(Date.now() + 60 * 60 * 1000),
  });
  return id;
}

/** Everything an action on the account could change. */
async function stateOf(userId: string) {
  const db = ctx.database.db;
  const [u] = await db
    .select({
      role: user.role,
      statusConta: profiles.statusConta,
      isVerified: profiles.isVerified,
      verification: verificacaoUsuario.statusVerificacao,
      motivo: verificacaoUsuario.motivoRejeicao,
    })
    .from(user)
    .leftJoin(profiles, eq(profiles.id, user.id))
    .leftJoin(verificacaoUsuario, eq(verificacaoUsuario.userId, user.id))
    .where(eq(user.id, userId));
  const [sessions] = await db
    .select({ n: count() })
    .from(session)
    .where(eq(session.userId, userId));
  const [audit] = await db.select({ n: count() }).from(staffAuditLog);
  return JSON.stringify({ u, sessions: sessions!.n, audit: audit!.n });
}

beforeAll(async () => {
  storageDir = mkdtempSync(path.join(os.tmpdir(), 'act-on-whom-'));
  storage = createLocalStorage(storageDir);
  ctx = await createTestApp({ storage });
  let n = 0;
  const signed = async (party: AccountParty, email: string) => {
    const cookie = await signIn(
      ctx,
      { email, password: 'senha-segura-123' },
      `198.18.70.${(n += 1)}`,
    );
    return { party, cookie };
  };
  ownerParty = await account('admin', ctx.config.adminEmail);
  actors.owner = await signed(ownerParty, ctx.config.adminEmail);
  for (const role of roles) {
    const email = `acao-${role}@teste.com.br`;
    actors[role] = await signed(await account(role, email), email);
  }
});
afterAll(async () => {
  await ctx.close();
  rmSync(storageDir, { recursive: true, force: true });
});

describe('who may act on whom', () => {
  it('names a route for every action of the rule, and the rule covers every route over an account', () => {
    expect(Object.keys(routeOf).sort()).toEqual([...accountActionList].sort());
    // Every staff route that takes a user id in its path is one of the rule's actions.
    const overAccounts = ctx.app.routeTable
      .filter((r) => r.url.includes(':userId'))
      .map((r) => `${r.method} ${r.url}`)
      .sort();
    expect(overAccounts).toEqual(
      Object.values(routeOf)
        .filter((r) => r.pattern.includes(':userId'))
        .map((r) => `${r.method} ${r.pattern}`)
        .sort(),
    );
  });

  it('answers every pair (acting role x target account x action) as the rule says', async () => {
    const wrong: string[] = [];
    let calls = 0;
    for (const actorKind of actorKinds) {
      const actor = actors[actorKind];
      for (const targetKind of targetKinds) {
        for (const action of accountActionList) {
          // A fresh account for each call, so an allowed change never hides the next one.
          const target =
            targetKind === 'self'
              ? actor.party
              : targetKind === 'owner'
                ? ownerParty
                : await account(targetKind);
          const route = routeOf[action];
          if (route.skip?.(target)) continue;
          const expected = mayActOn(actor.party, target, action);
          const url = await route.url(target.id);
          const before = await stateOf(target.id);
          const res = await ctx.app.inject({
            method: route.method,
            url,
            headers: {
              ...(route.body ? jsonHeaders : { origin: jsonHeaders.origin }),
              cookie: actor.cookie,
            },
            ...(route.body ? { payload: JSON.stringify(route.body) } : {}),
            remoteAddress: '198.18.71.1',
          });
          calls += 1;
          const pair = `${actorKind} -> ${targetKind}: ${action}`;
          if (expected.ok) {
            if (res.statusCode !== (route.passed ?? 200))
              wrong.push(
                `${pair}: expected ${route.passed ?? 200}, got ${res.statusCode} ${res.body.slice(0, 100)}`,
              );
          } else {
            if (res.statusCode !== 403)
              wrong.push(`${pair}: expected 403, got ${res.statusCode} ${res.body.slice(0, 100)}`);
            else if (res.json().error.message !== expected.message)
              wrong.push(`${pair}: message "${res.json().error.message}"`);
            if ((await stateOf(target.id)) !== before) wrong.push(`${pair}: refused but changed`);
          }
        }
      }
    }
    console.info(
      `act on whom: ${actorKinds.length} actors x ${targetKinds.length} targets x ${accountActionList.length} actions = ${calls} calls, ${wrong.length} wrong`,
    );
    expect(wrong).toEqual([]);
  }, 180_000);

  it('keeps a support member from unverifying a manager or the owner through the identity review', async () => {
    const manager = await account('manager');
    for (const target of [manager, ownerParty]) {
      const before = await stateOf(target.id);
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/api/admin/verifications/${target.id}/review`,
        headers: { ...jsonHeaders, cookie: actors.support.cookie },
        payload: { decision: 'rejeitar', motivo: 'Documento ilegível' },
      });
      expect(res.statusCode).toBe(403);
      expect(await stateOf(target.id)).toBe(before);
    }
    const [row] = await ctx.database.db
      .select({ isVerified: profiles.isVerified })
      .from(profiles)
      .where(eq(profiles.id, manager.id));
    expect(row!.isVerified).toBe(true);
  });
});
