/** /api-services: live checks, routes from the route table, own timings, and the staff-only viewer. */
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, jsonHeaders, signIn, useTestApp } from '../../test/helpers';

let admin: string;

const ctx = useTestApp();
beforeAll(async () => {
  admin = await signIn(ctx, await createUser(ctx, { role: 'admin' }), '198.18.74.1');
});

describe('API services', () => {
  it('reports the six services with live status, endpoints from the route table and measured times', async () => {
    for (let i = 0; i < 3; i += 1)
      await ctx.app.inject({ method: 'GET', url: '/api/rooms', headers: { cookie: admin } });
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/services',
      headers: { cookie: admin },
    });
    expect(res.statusCode).toBe(200);
    const items = res.json().items as {
      id: string;
      status: string;
      endpoints: number;
      requests: number;
      avgMs: number;
      methods: string[];
    }[];
    expect(items.map((s) => s.id)).toEqual([
      'auth',
      'payment-pix',
      'draws',
      'notifications',
      'analytics',
      'webhooks',
    ]);
    // The operator reads the services' names in Portuguese.
    expect((res.json().items as { name: string }[]).map((s) => s.name)).toEqual([
      'Acesso e cadastro',
      'Pagamentos PIX',
      'Sorteios',
      'Notificações',
      'Estatísticas',
      'Integrações',
    ]);
    const draws = items.find((s) => s.id === 'draws')!;
    expect(draws.status).toBe('online');
    expect(draws.endpoints).toBeGreaterThan(3);
    expect(draws.requests).toBeGreaterThanOrEqual(3);
    expect(draws.avgMs).toBeGreaterThan(0);
    expect(draws.methods).toContain('POST');

    // PIX turned off: the service shows maintenance at once ('Testar').
    await ctx.app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: { ...jsonHeaders, cookie: admin },
      payload: JSON.stringify({ pixEnabled: false }),
    });
    const test = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/services/payment-pix/test',
      headers: { cookie: admin, origin: jsonHeaders.origin },
    });
    expect(test.json().status).toBe('maintenance');
  });

  it('serves the OpenAPI viewer to staff only', async () => {
    const page = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/docs/index.html',
      headers: { cookie: admin },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('swagger-ui-bundle.js');
    const js = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/docs/swagger-ui-bundle.js',
      headers: { cookie: admin },
    });
    expect(js.statusCode).toBe(200);
    expect(js.body.length).toBeGreaterThan(100_000);
    const anon = await ctx.app.inject({ method: 'GET', url: '/api/admin/docs/index.html' });
    expect(anon.statusCode).toBe(401);
    const player = await signIn(ctx, await createUser(ctx), '198.18.74.2');
    expect(
      (
        await ctx.app.inject({
          method: 'GET',
          url: '/api/admin/docs/index.html',
          headers: { cookie: player },
        })
      ).statusCode,
    ).toBe(403);
    const traversal = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/docs/..%2f..%2fpackage.json',
      headers: { cookie: admin },
    });
    expect(traversal.statusCode).toBe(404);
  });
});
