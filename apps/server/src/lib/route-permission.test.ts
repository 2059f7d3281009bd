/**
 * Administrator routes check the caller's permission before validating the request: a caller
 * without it gets 403, never a 400 that lists the route's schema (role names, field rules).
 */
import { roles } from '@sorteio/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, jsonHeaders, signIn, useTestApp } from '../test/helpers';
import { permission, requireDeclaredAdminPermissions } from './route-permission';

let player: string;
let attendant: string;
let manager: string;

const ctx = useTestApp();
beforeAll(async () => {
  player = await signIn(ctx, await createUser(ctx), '198.18.92.1');
  attendant = await signIn(ctx, await createUser(ctx, { role: 'attendant' }), '198.18.92.2');
  manager = await signIn(ctx, await createUser(ctx, { role: 'manager' }), '198.18.92.3');
});

const send = (cookie: string, method: 'POST' | 'PUT', url: string, body: unknown) =>
  ctx.app.inject({
    method,
    url,
    headers: { ...jsonHeaders, cookie },
    payload: JSON.stringify(body),
    remoteAddress: '198.18.92.9',
  });

/** Whether an answer names any role or looks like a validation report. */
const leaks = (body: string) =>
  roles.some((r) => new RegExp(`\\b${r}\\b`).test(body)) || /VALIDATION|issues/.test(body);

describe('permission before validation', () => {
  it('answers 403 without the schema to a caller who may not add employees, even with a bad body', async () => {
    // An attendant may not add anyone; a manager may add players but not employees.
    for (const cookie of [attendant, manager]) {
      const res = await send(cookie, 'POST', '/api/admin/users', {
        kind: 'employee',
        role: 'chefe',
        email: 'não é e-mail',
      });
      expect(res.statusCode, res.body).toBe(403);
      expect(leaks(res.body), res.body).toBe(false);
    }
    // Allowed to add players, the manager does see what is wrong with a player's form.
    const allowed = await send(manager, 'POST', '/api/admin/users', { kind: 'user', email: 'x' });
    expect(allowed.statusCode).toBe(400);
  });

  it('does the same on every administrator route that takes a body', async () => {
    const writes = ctx.app.routeTable.filter(
      (r) => r.url.startsWith('/api/admin/') && (r.method === 'POST' || r.method === 'PUT'),
    );
    expect(writes.length).toBeGreaterThan(20);
    const wrong: string[] = [];
    for (const r of writes) {
      const url = r.url.replace(/:[A-Za-z]+/g, 'not-an-id');
      const res = await send(player, r.method as 'POST' | 'PUT', url, { unexpected: [1, 2, 3] });
      if (res.statusCode !== 403 || leaks(res.body))
        wrong.push(`${r.method} ${r.url}: ${res.statusCode} ${res.body.slice(0, 100)}`);
    }
    expect(wrong).toEqual([]);
  });

  it('refuses to start with an administrator route that declares no permission', async () => {
    const fastify = (await import('fastify')).default;
    const app = fastify();
    requireDeclaredAdminPermissions(app);
    expect(() => app.get('/api/admin/esquecida', async () => ({}))).toThrow(
      /declares its permission/,
    );
    expect(() =>
      app.get(
        '/api/admin/declarada',
        { preValidation: permission('audit.read') },
        async () => ({}),
      ),
    ).not.toThrow();
    await app.close();
  });
});
