/**
 * Limits a stranger cannot dodge (docs/limits.md), against a real listening server: socket caps
 * with made-up cookies, a message flood, slow-header and slow-body clients, and request limits
 * that a new or invented cookie does not reset.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import WebSocket from 'ws';
import { beforeAll, describe, expect, it } from 'vitest';
import { createRoom } from '../modules/rooms/rooms.service';
import {
  type TestContext,
  createTestApp,
  jsonHeaders,
  signIn,
  useTestApp,
  verifiedPlayer,
} from '../test/helpers';

const CAPS = { maxPerAddress: 40, maxPerAccount: 3, attempts: 300 };

let base: string;
const ctx = useTestApp({
  env: {
    WS_MAX_PER_ADDRESS: String(CAPS.maxPerAddress),
    WS_MAX_PER_ACCOUNT: String(CAPS.maxPerAccount),
    WS_ATTEMPTS_PER_ADDRESS: String(CAPS.attempts),
    HTTP_HEADERS_TIMEOUT_MS: '800',
    HTTP_REQUEST_TIMEOUT_MS: '1500',
    RATE_LIMIT_JOIN_MAX: '5',
  },
});
beforeAll(async () => {
  await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  base = `127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});

type Outcome = { opened: boolean; closeCode: number | null; httpStatus: number | null };

/** Opens a socket and resolves once it is open (and still open 50 ms later) or refused. */
function attempt(cookie?: string): Promise<{ ws: WebSocket; outcome: Outcome }> {
  return new Promise((resolve) => {
    const ws = new WebSocket(`ws://${base}/api/ws`, cookie ? { headers: { cookie } } : {});
    const outcome: Outcome = { opened: false, closeCode: null, httpStatus: null };
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      resolve({ ws, outcome });
    };
    ws.on('open', () => {
      outcome.opened = true;
      setTimeout(finish, 50);
    });
    ws.on('close', (code) => {
      outcome.closeCode = code;
      finish();
    });
    ws.on('unexpected-response', (_req, res) => {
      outcome.httpStatus = res.statusCode ?? null;
      res.resume();
      finish();
    });
    ws.on('error', () => finish());
  });
}

const rssMb = () => process.memoryUsage().rss / 1024 / 1024;

describe('live-update sockets', () => {
  it('closes a socket that floods messages, and an account’s oldest socket past its cap', async () => {
    const player = await verifiedPlayer(ctx, '198.51.100.7');
    const { ws } = await attempt(player.cookie);
    const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
    for (let i = 0; i < 200; i += 1) ws.send('ping');
    expect(await closed).toBe(1008);

    const sockets = [];
    for (let i = 0; i <= CAPS.maxPerAccount; i += 1) sockets.push(await attempt(player.cookie));
    await new Promise((r) => setTimeout(r, 100));
    expect(sockets[0]!.outcome.closeCode).toBe(4000);
    expect(sockets.slice(1).every((s) => s.ws.readyState === WebSocket.OPEN)).toBe(true);
    for (const s of sockets) s.ws.terminate();
  });

  it('refuses an oversized frame', async () => {
    const { ws } = await attempt();
    const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
    ws.send('x'.repeat(4096));
    expect(await closed).toBe(1009);
  });

  it('made-up cookies get no fresh bucket: past the caps sockets are refused and memory stays bounded', async () => {
    const before = rssMb();
    const results: { ws: WebSocket; outcome: Outcome }[] = [];
    for (let batch = 0; batch < 20; batch += 1) {
      results.push(
        ...(await Promise.all(
          Array.from({ length: 50 }, (_, i) =>
            attempt(`sorteio.session_token=inventado-${batch}-${i}.assinatura-falsa`),
          ),
        )),
      );
    }
    const stillOpen = results.filter((r) => r.ws.readyState === WebSocket.OPEN).length;
    const refusedByRate = results.filter((r) => r.outcome.httpStatus === 429).length;
    const refusedByCap = results.filter((r) => r.outcome.closeCode === 1013).length;
    expect(results).toHaveLength(1000);
    expect(stillOpen).toBeLessThanOrEqual(CAPS.maxPerAddress);
    expect(ctx.app.realtime.clientCount()).toBeLessThanOrEqual(CAPS.maxPerAddress);
    // Attempts past the per-address rate never reach the socket code at all.
    // (earlier tests in this file spent a few attempts of the same address).
    expect(refusedByRate).toBeGreaterThanOrEqual(1000 - CAPS.attempts);
    expect(stillOpen + refusedByCap + refusedByRate).toBe(1000);
    // Bound on what 1,000 hostile attempts may cost this process.
    expect(rssMb() - before).toBeLessThan(80);
    for (const r of results) r.ws.terminate();
    console.info(
      `socket flood: 1000 attempts with invented cookies -> ${stillOpen} open, ${refusedByCap} refused by the address cap, ${refusedByRate} by the attempt rate; RSS +${(rssMb() - before).toFixed(1)} MB`,
    );
  });
});

describe('slow and heavy clients', () => {
  async function health(): Promise<number> {
    const res = await fetch(`http://${base}/api/health`);
    return res.status;
  }

  it('drops a client that sends its headers slowly, and a body that never finishes; health keeps answering', async () => {
    const slowHeaders = connect({ host: '127.0.0.1', port: Number(base.split(':')[1]) });
    const slowBody = connect({ host: '127.0.0.1', port: Number(base.split(':')[1]) });
    const ended = (socket: ReturnType<typeof connect>) =>
      new Promise<number>((resolve) => {
        const start = Date.now();
        socket.on('close', () => resolve(Date.now() - start));
        socket.on('error', () => undefined);
        // Read what the server sends (its 408), or the end of the stream never arrives.
        socket.resume();
      });
    const headersClosed = ended(slowHeaders);
    const bodyClosed = ended(slowBody);
    slowHeaders.write('GET /api/health HTTP/1.1\r\nHost: x\r\n');
    const drip = setInterval(() => slowHeaders.writable && slowHeaders.write('X-A: b\r\n'), 200);
    slowBody.write(
      'POST /api/auth/sign-in/email HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 5000\r\n\r\n{"email":',
    );
    // Meanwhile everyone else is served.
    for (let i = 0; i < 5; i += 1) {
      expect(await health()).toBe(200);
      await new Promise((r) => setTimeout(r, 100));
    }
    const [h, b] = await Promise.all([headersClosed, bodyClosed]);
    clearInterval(drip);
    expect(h).toBeLessThan(5_000);
    expect(b).toBeLessThan(6_000);
    expect(await health()).toBe(200);
  });

  it('keeps join and sign-in limits whatever cookie is sent', async () => {
    const player = await verifiedPlayer(ctx, '198.51.100.20');
    const room = await createRoom({
      db: ctx.database.db,
      input: { tipoSala: 'bronze', valorEntradaCentavos: 500, maxParticipantes: 100, taxaBp: 1000 },
    });
    const join = (cookie: string) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/rooms/${room.id}/join`,
        headers: { ...jsonHeaders, cookie },
        payload: { metodo: 'pix' },
        remoteAddress: '198.51.100.20',
      });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) statuses.push((await join(player.cookie)).statusCode);
    expect(statuses).not.toContain(429);
    expect((await join(player.cookie)).statusCode).toBe(429);
    // A second session of the same account shares the account's bucket.
    const second = await signIn(ctx, player, '198.51.100.21');
    expect((await join(second)).statusCode).toBe(429);

    // Sign-in attempts are counted per address: inventing a cookie each time changes nothing.
    const signInAttempt = (i: number) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { ...jsonHeaders, cookie: `sorteio.session_token=inventado-${i}` },
        payload: { email: `ninguem${i}@teste.com.br`, password: 'senha-errada' },
        remoteAddress: '198.51.100.99',
      });
    const codes: number[] = [];
    for (let i = 0; i < ctx.config.rateLimitSignInMax + 2; i += 1)
      codes.push((await signInAttempt(i)).statusCode);
    expect(codes.slice(0, ctx.config.rateLimitSignInMax)).not.toContain(429);
    expect(codes.slice(ctx.config.rateLimitSignInMax)).toEqual([429, 429]);
  });
});

describe('account e-mail routes', () => {
  const setPasswordAttempts = async (app: TestContext['app'], n: number, address: string) => {
    const codes: number[] = [];
    for (let i = 0; i < n; i += 1)
      codes.push(
        (
          await app.inject({
            method: 'POST',
            url: '/api/auth/reset-password',
            headers: jsonHeaders,
            payload: { newPassword: 'uma-senha-nova-1', token: `inventado-${i}` },
            remoteAddress: address,
          })
        ).statusCode,
      );
    return codes;
  };

  it('bound set-password links per address: 10 in 10 minutes, or RATE_LIMIT_ACCOUNT_MAX', async () => {
    const byDefault = await setPasswordAttempts(ctx.app, 12, '198.51.100.120');
    expect(byDefault.slice(0, 10)).not.toContain(429);
    expect(byDefault.slice(10)).toEqual([429, 429]);

    const own = await createTestApp({ env: { RATE_LIMIT_ACCOUNT_MAX: '3' } });
    try {
      expect(own.config.rateLimitAccountMax).toBe(3);
      const bounded = await setPasswordAttempts(own.app, 4, '198.51.100.121');
      expect(bounded.slice(0, 3)).not.toContain(429);
      expect(bounded[3]).toBe(429);
    } finally {
      await own.close();
    }
  });
});

describe('the web app’s files', () => {
  it('are never rate limited, while the API past its address bound is', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sorteio-static-'));
    mkdirSync(path.join(dir, 'assets'));
    writeFileSync(path.join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(path.join(dir, 'assets', 'index-abc.js'), 'console.info(1)');
    const web = await createTestApp({
      config: { staticDir: dir },
      env: { RATE_LIMIT_ADDRESS_MAX: '20' },
    });
    try {
      const get = (url: string) =>
        web.app.inject({ method: 'GET', url, remoteAddress: '203.0.113.50' });
      for (let i = 0; i < 60; i += 1) {
        for (const url of ['/', '/assets/index-abc.js', '/dashboard', '/sorteios/abc']) {
          expect((await get(url)).statusCode, url).toBe(200);
        }
      }
      const api: number[] = [];
      for (let i = 0; i < 25; i += 1) api.push((await get('/api/public/stats')).statusCode);
      expect(api.slice(0, 20).every((s) => s === 200)).toBe(true);
      expect(api.slice(20)).toEqual([429, 429, 429, 429, 429]);
      // Health probes still answer.
      expect((await get('/api/health')).statusCode).toBe(200);
    } finally {
      await web.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
