import { mkdtempSync, writeFileSync, mkdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import { type TestContext, createTestApp, jsonHeaders, verifiedPlayer } from '../../test/helpers';
import { createMailer } from '../mail/mail.service';
import { createRoom } from '../rooms/rooms.service';
import { createLocalStorage } from '../../lib/storage';
import { HEALTH_DB_TIMEOUT_MS } from './system.routes';

const landingHtml = `<!doctype html><html lang="pt-BR"><body><div id="root"><main><h1>Sorteios com PIX que você pode verificar</h1>${'<p>Como funciona</p>'.repeat(50)}</main></div></body></html>`;
const dashboardHtml =
  '<!doctype html><html lang="pt-BR"><head><link rel="modulepreload" href="/assets/dashboard-abc123.js"></head><body><div id="root"></div></body></html>';
const bigAsset = `export const figures = [${Array.from({ length: 2000 }, (_, i) => i).join(',')}];\n`;

describe('system routes', () => {
  let ctx: TestContext;
  let webDir: string;
  let outboxDir: string;

  beforeAll(async () => {
    webDir = mkdtempSync(path.join(os.tmpdir(), 'sorteio-web-'));
    mkdirSync(path.join(webDir, 'assets'));
    writeFileSync(
      path.join(webDir, 'index.html'),
      '<!doctype html><html lang="pt-BR"><body><div id="root"></div></body></html>',
    );
    // The prerendered landing page, with the build's compressed copies.
    writeFileSync(path.join(webDir, 'landing.html'), landingHtml);
    writeFileSync(path.join(webDir, 'landing.html.br'), brotliCompressSync(landingHtml));
    writeFileSync(path.join(webDir, 'landing.html.gz'), gzipSync(landingHtml));
    // A route page: the shell plus that screen's modulepreloads (the build writes .br/.gz too).
    mkdirSync(path.join(webDir, 'routes'));
    writeFileSync(path.join(webDir, 'routes', 'dashboard.html'), dashboardHtml);
    writeFileSync(
      path.join(webDir, 'routes', 'dashboard.html.br'),
      brotliCompressSync(dashboardHtml),
    );
    writeFileSync(path.join(webDir, 'assets', 'app-abc123.js'), 'console.info("app")');
    // As the web build leaves them: a brotli and a gzip copy beside a compressible asset.
    writeFileSync(path.join(webDir, 'assets', 'big-abc123.js'), bigAsset);
    writeFileSync(path.join(webDir, 'assets', 'big-abc123.js.br'), brotliCompressSync(bigAsset));
    writeFileSync(path.join(webDir, 'assets', 'big-abc123.js.gz'), gzipSync(bigAsset));
    outboxDir = mkdtempSync(path.join(os.tmpdir(), 'sorteio-outbox-'));
    ctx = await createTestApp({
      config: { staticDir: webDir },
      mailer: createMailer({ kind: 'outbox', dir: outboxDir, from: 'Teste <t@example.com>' }),
    });
  });

  afterAll(async () => {
    await ctx.close();
    rmSync(webDir, { recursive: true, force: true });
    rmSync(outboxDir, { recursive: true, force: true });
  });

  it('reports health with a database round trip', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe('ok');
    expect(body.database.status).toBe('ok');
    expect(['pglite', 'postgres']).toContain(body.database.driver);
    expect(typeof body.database.roundTripMs).toBe('number');
    expect(body.version).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('answers 503 within its timeout when the database does not answer', async () => {
    // A database that blocks: the embedded one held by a transaction that does not end (what a
    // wedged request leaves), PostgreSQL through a round trip that never returns.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const pglite = ctx.database.pglite;
    const ping = ctx.database.ping.bind(ctx.database);
    const holding = pglite
      ? pglite.transaction(() => held)
      : ((ctx.database.ping = () => held.then(ping)), Promise.resolve());
    try {
      const started = Date.now();
      const [res, ready] = await Promise.all([
        ctx.app.inject({ method: 'GET', url: '/api/health' }),
        ctx.app.inject({ method: 'GET', url: '/api/ready' }),
      ]);
      expect(Date.now() - started).toBeLessThan(HEALTH_DB_TIMEOUT_MS + 2000);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({
        status: 'degraded',
        database: { status: 'error', roundTripMs: null },
      });
      // Readiness waits for the database at most READY_DB_TIMEOUT_MS, then says it is down (a
      // load balancer takes this copy out while the others still reach theirs).
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ ready: false, down: ['database'] });
    } finally {
      ctx.database.ping = ping;
      release();
      await holding;
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it('reports readiness, and not-ready while shutting down', async () => {
    expect((await ctx.app.inject({ url: '/api/ready' })).json()).toEqual({
      ready: true,
      down: [],
    });
    ctx.app.systemState.ready = false;
    const res = await ctx.app.inject({ url: '/api/ready' });
    ctx.app.systemState.ready = true;
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toEqual({ ready: false, down: ['shutting-down'] });
  });

  it('names a full upload storage in /api/ready for a while, without leaving the rotation', async () => {
    ctx.app.systemState.outages.storage = Date.now();
    const res = await ctx.app.inject({ url: '/api/ready' });
    delete ctx.app.systemState.outages.storage;
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ready: true, down: ['storage'] });
  });

  it('names the upload storage in /api/ready while its disk has no room for a new file', async () => {
    let full = false;
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sorteio-ready-'));
    const local = createLocalStorage(dir);
    const own = await createTestApp({
      storage: { ...local, hasRoom: async () => !full && (await local.hasRoom!()) },
    });
    try {
      expect((await own.app.inject({ url: '/api/ready' })).json()).toEqual({
        ready: true,
        down: [],
      });
      full = true;
      const res = await own.app.inject({ url: '/api/ready' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ready: true, down: ['storage'] });
    } finally {
      await own.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('answers JSON 404 for unknown API routes', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/nao-existe' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json().error).toMatchObject({ code: 'NOT_FOUND', message: 'Rota não encontrada.' });
    const post = await ctx.app.inject({
      method: 'POST',
      url: '/api/nao-existe',
      headers: jsonHeaders,
      payload: {},
    });
    expect(post.statusCode).toBe(404);
  });

  it('serves the web app for deep links and its hashed assets with a long cache', async () => {
    for (const url of [
      '/dashboard',
      '/private-room/abc',
      '/sorteios/123?x=1',
      '/pagina-inexistente',
    ]) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    const asset = await ctx.app.inject({ url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
  });

  it('sends the prerendered landing page for / only, compressed when accepted, never cached stale', async () => {
    for (const url of ['/', '/?utm_source=instagram']) {
      const res = await ctx.app.inject({
        url,
        headers: { 'accept-encoding': 'gzip, deflate, br' },
      });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control']).toBe('no-cache');
      const html = brotliDecompressSync(res.rawPayload).toString();
      expect(html).toBe(landingHtml);
      expect(html).toContain('Sorteios com PIX que você pode verificar');
    }
    const gz = await ctx.app.inject({ url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(landingHtml);
    const refused = await ctx.app.inject({
      url: '/',
      headers: { 'accept-encoding': 'br;q=0, gzip' },
    });
    expect(refused.headers['content-encoding']).toBe('gzip');
    const plain = await ctx.app.inject({ url: '/' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(landingHtml);
    // Other paths get the app's shell (an empty root), compressed too.
    const deep = await ctx.app.inject({ url: '/login', headers: { 'accept-encoding': 'br' } });
    expect(deep.headers['content-encoding']).toBe('br');
    const shell = brotliDecompressSync(deep.rawPayload).toString();
    expect(shell).toContain('<div id="root"></div>');
    expect(shell).not.toContain('Sorteios com PIX');
  });

  it('sends the app instead of the light landing page to a visitor with a session cookie', async () => {
    // The cookie is httpOnly: only the server can tell, so it picks the page. Its presence is
    // enough (an expired session gets the app, which reads the session and shows the landing).
    for (const cookie of [
      'sorteio.session_token=abc.def',
      'theme=dark; __Secure-sorteio.session_token=abc.def',
    ]) {
      const res = await ctx.app.inject({ url: '/', headers: { cookie } });
      expect(res.statusCode, cookie).toBe(200);
      expect(res.body, cookie).toContain('<div id="root"></div>');
      expect(res.body, cookie).not.toContain('Sorteios com PIX');
      expect(res.headers.vary, cookie).toMatch(/cookie/i);
    }
    const other = await ctx.app.inject({ url: '/', headers: { cookie: 'theme=dark' } });
    expect(other.body).toBe(landingHtml);
    expect(other.headers.vary).toMatch(/cookie/i);
  });

  it("sends a route's own page (the shell naming its chunks) for that path only", async () => {
    const br = await ctx.app.inject({
      url: '/dashboard?tab=1',
      headers: { 'accept-encoding': 'br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(dashboardHtml);
    // No .gz copy in this folder: made once at start.
    const gz = await ctx.app.inject({ url: '/dashboard', headers: { 'accept-encoding': 'gzip' } });
    expect(gunzipSync(gz.rawPayload).toString()).toBe(dashboardHtml);
    for (const url of ['/dashboard/x', '/history', '/routes']) {
      const other = await ctx.app.inject({ url });
      expect(other.statusCode, url).toBe(200);
      expect(other.body, url).not.toContain('dashboard-abc123');
    }
  });

  it('sends the precompressed copy of an asset to clients that accept it', async () => {
    const get = (acceptEncoding?: string) =>
      ctx.app.inject({
        url: '/assets/big-abc123.js',
        headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
      });
    const br = await get('gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toContain('immutable');
    expect(br.headers['content-type']).toContain('javascript');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(bigAsset);
    expect(br.rawPayload.length).toBeLessThan(bigAsset.length / 4);
    const gz = await get('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(bigAsset);
    const plain = await get();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(bigAsset);
  });

  it('sends security headers with a CSP that allows no inline scripts', async () => {
    const res = await ctx.app.inject({ url: '/' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('keeps a valid incoming request id and replaces an invalid one', async () => {
    const kept = await ctx.app.inject({
      url: '/api/ready',
      headers: { 'x-request-id': 'abc-123-def-456' },
    });
    expect(kept.headers['x-request-id']).toBe('abc-123-def-456');
    const replaced = await ctx.app.inject({
      url: '/api/ready',
      headers: { 'x-request-id': '<script>' },
    });
    expect(replaced.headers['x-request-id']).not.toBe('<script>');
  });

  it('refuses state-changing requests from another origin', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { ...jsonHeaders, origin: 'https://evil.example' },
      payload: { email: 'a@b.com', password: 'x' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe('Origem da requisição não permitida.');
  });

  it('publishes an OpenAPI document', async () => {
    const res = await ctx.app.inject({ url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/health', '/api/public/stats', '/api/me']),
    );
  });

  it('exposes Prometheus metrics including request durations', async () => {
    await ctx.app.inject({ url: '/api/health' });
    const res = await ctx.app.inject({ url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toContain('process_cpu_user_seconds_total');
    expect(res.body).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/health",status="200"\} \d+/,
    );
  });

  it('counts real platform figures for the landing page', async () => {
    const before = (await ctx.app.inject({ url: '/api/public/stats' })).json();
    await createRoom({
      db: ctx.database.db,
      input: { tipoSala: 'ouro', valorEntradaCentavos: 1000, maxParticipantes: 10, taxaBp: 1500 },
    });
    const after = (await ctx.app.inject({ url: '/api/public/stats' })).json();
    expect(after.openRooms).toBe(before.openRooms + 1);
    expect(after).toMatchObject({ draws: 0, prizesPaidCentavos: 0 });
  });

  it('lists and shows outbox mail only to the local machine', async () => {
    await ctx.mailer.send({ to: 'x@example.com', subject: 'not used', text: '', html: '' });
    await ctx.app.mailer.send({
      to: 'ana@example.com',
      subject: 'Confirme seu e-mail',
      text: 'link http://x',
      html: '<p>oi</p>',
    });
    const list = await ctx.app.inject({ url: '/api/dev/outbox', remoteAddress: '127.0.0.1' });
    expect(list.statusCode).toBe(200);
    const [first] = list.json();
    expect(first).toMatchObject({ to: 'ana@example.com', subject: 'Confirme seu e-mail' });
    const one = await ctx.app.inject({
      url: `/api/dev/outbox/${first.id}`,
      remoteAddress: '127.0.0.1',
    });
    expect(one.json()).toMatchObject({ text: 'link http://x', html: '<p>oi</p>' });
    // Through a proxy on the same machine every visitor arrives from 127.0.0.1: never shown then.
    for (const header of ['x-forwarded-for', 'forwarded', 'x-real-ip', 'via']) {
      const proxied = await ctx.app.inject({
        url: '/api/dev/outbox',
        remoteAddress: '127.0.0.1',
        headers: { [header]: '203.0.113.9' },
      });
      expect(proxied.statusCode, header).toBe(404);
    }
    const remote = await ctx.app.inject({ url: '/api/dev/outbox', remoteAddress: '203.0.113.9' });
    expect(remote.statusCode).toBe(404);
    const bad = await ctx.app.inject({
      url: '/api/dev/outbox/..%2F..%2Fetc',
      remoteAddress: '127.0.0.1',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('Identificador inválido.');
    const config = (await ctx.app.inject({ url: '/api/public/config' })).json();
    expect(config.mailOutbox).toBe(true);
  });
});

describe('rate limiting', () => {
  it('answers 429 with a Portuguese message once the limit is passed', async () => {
    const ctx = await createTestApp({ config: { rateLimitMax: 3, rateLimitAddressMax: 6 } });
    try {
      // A signed-in account has its own bucket ...
      const player = await verifiedPlayer(ctx, '198.18.40.1');
      const codes: number[] = [];
      for (let i = 0; i < 5; i += 1)
        codes.push(
          (
            await ctx.app.inject({
              url: '/api/public/config',
              headers: { cookie: player.cookie },
              remoteAddress: '198.18.40.2',
            })
          ).statusCode,
        );
      expect(codes).toEqual([200, 200, 200, 429, 429]);
      const res = await ctx.app.inject({
        url: '/api/public/config',
        headers: { cookie: player.cookie },
        remoteAddress: '198.18.40.2',
      });
      expect(res.json().error.code).toBe('RATE_LIMITED');
      expect(res.json().error.message).toMatch(
        /^Muitas tentativas\. Tente novamente em \d+ segundos\.$/,
      );
      expect(res.headers['retry-after']).toBeDefined();
      // ... signed-out visitors share their address's, a more generous one.
      const anonymous: number[] = [];
      for (let i = 0; i < 8; i += 1)
        anonymous.push(
          (await ctx.app.inject({ url: '/api/public/config', remoteAddress: '198.18.40.3' }))
            .statusCode,
        );
      expect(anonymous).toEqual([200, 200, 200, 200, 200, 200, 429, 429]);
      // Health checks of a load balancer are never limited.
      expect(
        (await ctx.app.inject({ url: '/api/health', remoteAddress: '198.18.40.3' })).statusCode,
      ).toBe(200);
    } finally {
      await ctx.close();
    }
  });
});

describe('configuration', () => {
  it('shows the mail outbox page only where it is safe, or when asked to', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sorteio-cfg-'));
    try {
      const cfg = (env: Record<string, string>) =>
        loadConfig({ DATA_DIR: dir, ...env }).mailOutboxPage;
      expect(cfg({ NODE_ENV: 'development' })).toBe(true);
      expect(cfg({ NODE_ENV: 'production' })).toBe(false);
      expect(cfg({ NODE_ENV: 'development', BASE_URL: 'https://sorteio.exemplo.com.br' })).toBe(
        false,
      );
      expect(cfg({ NODE_ENV: 'production', MAIL_OUTBOX_PAGE: 'true' })).toBe(true);
      expect(cfg({ NODE_ENV: 'development', SMTP_URL: 'smtp://mail.exemplo.com.br:587' })).toBe(
        false,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('works with nothing set and generates the secret once in the data folder', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sorteio-cfg-'));
    try {
      const a = loadConfig({ DATA_DIR: dir });
      const b = loadConfig({ DATA_DIR: dir });
      expect(a.appSecret.length).toBeGreaterThanOrEqual(32);
      expect(b.appSecret).toBe(a.appSecret);
      expect(a.database.kind).toBe('pglite');
      expect(a.mail.kind).toBe('outbox');
      expect(a.seedDemo).toBe(true);
      expect(a.port).toBe(3000);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('switches to PostgreSQL and SMTP, without demo data unless asked', () => {
    const c = loadConfig({
      DATABASE_URL: 'postgres://u@db:5432/app',
      SMTP_URL: 'smtp://mail:25',
      APP_SECRET: 'x'.repeat(40),
    });
    expect(c.database).toMatchObject({ kind: 'postgres', url: 'postgres://u@db:5432/app' });
    expect(c.mail.kind).toBe('smtp');
    expect(c.seedDemo).toBe(false);
    expect(
      loadConfig({
        DATABASE_URL: 'postgres://u@db/app',
        APP_SECRET: 'x'.repeat(40),
        SEED_DEMO: 'true',
      }).seedDemo,
    ).toBe(true);
  });

  it('gives a clear message naming each wrong variable', () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: 'abc',
        DATABASE_URL: 'mysql://x',
        SMTP_URL: 'http://mail',
        APP_SECRET: 'short',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toMatch(/^Configuração inválida:/);
    expect(message).toContain('PORT:');
    expect(message).toContain('DATABASE_URL: deve começar com postgres:// ou postgresql://');
    expect(message).toContain('SMTP_URL: deve começar com smtp:// ou smtps://');
    expect(message).toContain('APP_SECRET: deve ter pelo menos 32 caracteres');
  });

  it('requires a shared secret for PostgreSQL in production', () => {
    expect(() =>
      loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://u@db/app' }),
    ).toThrow(/APP_SECRET: é obrigatório/);
  });
});

describe('request logging', () => {
  it('writes one line per request when it is answered, without its cookies', async () => {
    const lines: Record<string, unknown>[] = [];
    const logged = await createTestApp({
      config: { logLevel: 'info' },
      logStream: { write: (line) => lines.push(JSON.parse(line) as Record<string, unknown>) },
    });
    try {
      const res = await logged.app.inject({
        url: '/api/health',
        headers: { 'x-request-id': 'pedido-123', cookie: 'sorteio.session_token=segredo' },
      });
      expect(res.statusCode).toBe(200);
      const mine = lines.filter((l) => l.reqId === 'pedido-123');
      expect(mine).toHaveLength(1);
      expect(mine[0]).toMatchObject({
        msg: 'request completed',
        req: { method: 'GET', url: '/api/health' },
        res: { statusCode: 200 },
      });
      expect(typeof mine[0]!.responseTime).toBe('number');
      expect(JSON.stringify(lines)).not.toContain('segredo');
    } finally {
      await logged.close();
    }
  });
});
