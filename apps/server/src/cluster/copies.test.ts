/**
 * Several server copies as one: three real server processes (the source, started as
 * `npm start` starts the build) on one fresh PostgreSQL database and one Redis, proving that
 *  - a settings change made on copy A is seen by copy C within a second (announced by NOTIFY; the
 *    cache alone would keep the old value for 2 s);
 *  - a socket open on copy A receives the live event of a join made on copy C;
 *  - the sign-in rate limit and the per-address and per-account socket caps are counted across the
 *    copies in Redis (an account's oldest socket is closed by the copy that holds it);
 *  - a copy killed with SIGKILL leaves the others answering, and comes back on the same database.
 * Runs on PostgreSQL only (TEST_DATABASE_URL); the Redis parts need REDIS_URL-reachable Redis
 * (CLUSTER_TEST_REDIS_URL, default redis://127.0.0.1:6379/15).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Copy,
  redisAnswers,
  sleep,
  startCopy as startServerCopy,
  stopCopies,
} from './copies-harness';

const adminUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.CLUSTER_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/15';

// prettier-ignore
describe.skipIf(!adminUrl)('several server copies on one database', () => { // Skipped on the embedded database: copies share one PostgreSQL server.
  const database = `sorteio_copies_${Date.now()}_${process.pid}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sorteio-copies-'));
  const prefix = `copies-test-${randomBytes(4).toString('hex')}:`;
  const copies: Copy[] = [];
  let databaseUrl = '';
  let withRedis = false;
  const env = () => ({
    ...process.env,
    NODE_ENV: 'production',
    VITEST: undefined,
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    APP_SECRET: 'copies-test-secret-copies-test-secret-0123',
    ADMIN_PASSWORD: 'admin-senha-forte-1',
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_SIGN_IN_MAX: '6',
    WS_MAX_PER_ADDRESS: '3',
    WS_MAX_PER_ACCOUNT: '2',
    // The test is the proxy: each test's client address is its own.
    TRUST_PROXY: '127.0.0.1',
    STATIC_DIR: path.join(dataDir, 'no-web-app'),
    ...(withRedis ? { REDIS_URL: redisUrl, REDIS_PREFIX: prefix } : { REDIS_URL: undefined }),
  });

  const startCopy = (name: string, port?: number) => startServerCopy(name, env(), port);

  async function signIn(copy: Copy, email: string, password: string, from?: string) {
    return fetch(`${copy.base}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: copy.base,
        ...(from ? { 'x-forwarded-for': from } : {}),
      },
      body: JSON.stringify({ email, password }),
    });
  }

  async function cookieOf(copy: Copy, email: string, password: string): Promise<string> {
    const res = await signIn(copy, email, password);
    expect(res.status).toBe(200);
    return res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
  }

  beforeAll(async () => {
    withRedis = await redisAnswers(redisUrl);
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${database}`);
    await admin.end();
    const url = new URL(adminUrl!);
    url.pathname = `/${database}`;
    databaseUrl = url.toString();
    // A migrates and seeds; B and C start on what A prepared.
    copies.push(await startCopy('A'));
    copies.push(...(await Promise.all([startCopy('B'), startCopy('C')])));
  }, 420_000);

  afterAll(async () => {
    await stopCopies(copies);
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${database} with (force)`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('enforces a settings change made on copy A on copy C within a second', async () => {
    const [a, , c] = copies as [Copy, Copy, Copy];
    const readMaintenance = async () =>
      (
        (await (await fetch(`${c.base}/api/public/settings`)).json()) as {
          maintenanceMode: boolean;
        }
      ).maintenanceMode;
    // C has the settings cached (kept 2 s) before the change.
    expect(await readMaintenance()).toBe(false);
    const adminCookie = await cookieOf(a, 'admin@sorteiocerto.com.br', 'admin-senha-forte-1');
    const current = await (
      await fetch(`${a.base}/api/admin/settings`, { headers: { cookie: adminCookie } })
    ).json();
    const changed = await fetch(`${a.base}/api/admin/settings`, {
      method: 'PUT',
      headers: { cookie: adminCookie, 'content-type': 'application/json', origin: a.base },
      body: JSON.stringify({ ...(current as object), maintenanceMode: true }),
    });
    expect(changed.status).toBe(200);
    const at = Date.now();
    let seen = false;
    while (Date.now() - at < 1000 && !seen) {
      seen = await readMaintenance();
      if (!seen) await sleep(50);
    }
    expect(seen).toBe(true);
    // Enforced there too: a player's change is refused during maintenance.
    const credentials = JSON.parse(
      readFileSync(path.join(dataDir, 'demo-credentials.json'), 'utf8'),
    ) as { players: { email: string; password: string }[] };
    const player = credentials.players[0]!;
    const playerCookie = await cookieOf(c, player.email, player.password);
    const rooms = (await (
      await fetch(`${c.base}/api/rooms`, { headers: { cookie: playerCookie } })
    ).json()) as { id: string }[];
    const roomId = rooms[0]?.id;
    expect(roomId).toBeTruthy();
    const refused = await fetch(`${c.base}/api/rooms/${roomId}/join`, {
      method: 'POST',
      headers: { cookie: playerCookie, 'content-type': 'application/json', origin: c.base },
      body: JSON.stringify({ metodo: 'balance' }),
    });
    expect(refused.status).toBe(503);
    expect(((await refused.json()) as { error: { reason: string } }).error.reason).toBe(
      'MAINTENANCE',
    );
    // Back to normal for the next tests.
    const restored = await fetch(`${a.base}/api/admin/settings`, {
      method: 'PUT',
      headers: { cookie: adminCookie, 'content-type': 'application/json', origin: a.base },
      body: JSON.stringify({ ...(current as object), maintenanceMode: false }),
    });
    expect(restored.status).toBe(200);
    await sleep(500);
  }, 60_000);

  it('delivers to a socket on copy A the live event of a join made on copy C', async () => {
    const [a, , c] = copies as [Copy, Copy, Copy];
    const credentials = JSON.parse(
      readFileSync(path.join(dataDir, 'demo-credentials.json'), 'utf8'),
    ) as { players: { email: string; password: string }[] };
    const player = credentials.players[1]!;
    const cookie = await cookieOf(c, player.email, player.password);
    const rooms = (await (await fetch(`${c.base}/api/rooms`, { headers: { cookie } })).json()) as {
      id: string;
      status: string;
      valorEntrada: number;
    }[];
    // The demo players hold what is left of R$ 100,00 after the seeded draws: the cheapest open room.
    const roomId = rooms
      .filter((r) => r.status === 'aberta')
      .sort((x, y) => x.valorEntrada - y.valorEntrada)[0]?.id;
    expect(roomId).toBeTruthy();

    const messages: { type: string; roomId?: string }[] = [];
    const socket = new WebSocket(`ws://127.0.0.1:${a.port}/api/ws`, { origin: a.base });
    socket.on('message', (data: Buffer) =>
      messages.push(JSON.parse(data.toString()) as { type: string }),
    );
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    try {
      const joined = await fetch(`${c.base}/api/rooms/${roomId}/join`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json', origin: c.base },
        body: JSON.stringify({ metodo: 'balance' }),
      });
      expect(joined.status, await joined.clone().text()).toBe(200);
      const start = Date.now();
      while (Date.now() - start < 5000) {
        if (messages.some((m) => m.type === 'room' && m.roomId === roomId)) break;
        await sleep(25);
      }
      expect(messages.find((m) => m.type === 'room' && m.roomId === roomId)).toBeTruthy();
    } finally {
      socket.close();
    }
  }, 60_000);

  it('counts the sign-in limit across the copies in Redis', async (ctx) => {
    if (!withRedis) ctx.skip(); // Skipped without REDIS_URL: the shared counters live in Redis.
    // 6 attempts a minute per address; 3 wrong passwords on each of the three copies.
    const statuses: number[] = [];
    // (A different e-mail each time: the per-account lockout, in the database, stays out of it.)
    for (const [k, copy] of copies.entries())
      for (let i = 0; i < 3; i += 1)
        statuses.push(
          (await signIn(copy, `ninguem${k}${i}@exemplo.com.br`, 'senha-errada-1', '203.0.113.77'))
            .status,
        );
    // In memory each copy would allow all 3: counted together, the 7th attempt on is refused.
    expect(statuses.slice(0, 6).every((s) => s !== 429)).toBe(true);
    expect(statuses.slice(6)).toEqual([429, 429, 429]);
  }, 60_000);

  it('counts the per-address socket cap across the copies in Redis', async (ctx) => {
    if (!withRedis) ctx.skip(); // Skipped without REDIS_URL: each copy then counts its own.
    const [a, b, c] = copies as [Copy, Copy, Copy];
    const open: WebSocket[] = [];
    // 'hello' when admitted, or the close code when refused.
    const connect = (copy: Copy) =>
      new Promise<string | number>((resolve, reject) => {
        const socket = new WebSocket(`ws://127.0.0.1:${copy.port}/api/ws`, {
          origin: copy.base,
          headers: { 'x-forwarded-for': '203.0.113.90' },
        });
        open.push(socket);
        socket.once('message', (data: Buffer) =>
          resolve((JSON.parse(data.toString()) as { type: string }).type),
        );
        socket.once('close', (code) => resolve(code));
        socket.once('error', reject);
      });
    try {
      // WS_MAX_PER_ADDRESS is 3: two on A and one on B are in; a fourth on C (none of its own) is not.
      expect(await connect(a)).toBe('hello');
      expect(await connect(a)).toBe('hello');
      expect(await connect(b)).toBe('hello');
      expect(await connect(c)).toBe(1013);
      // One closes on A: C admits one again.
      open[0]!.close();
      await sleep(300);
      expect(await connect(c)).toBe('hello');
    } finally {
      for (const socket of open) socket.terminate();
    }
  }, 60_000);

  it('closes an account’s oldest socket on another copy when a new one passes the cap', async (ctx) => {
    if (!withRedis) ctx.skip(); // Skipped without REDIS_URL: each copy then counts its own.
    const [a, b] = copies as [Copy, Copy, Copy];
    const credentials = JSON.parse(
      readFileSync(path.join(dataDir, 'demo-credentials.json'), 'utf8'),
    ) as { players: { email: string; password: string }[] };
    const player = credentials.players[2]!;
    const cookie = await cookieOf(a, player.email, player.password);
    const sockets: { socket: WebSocket; closedWith: number | null }[] = [];
    // Resolves once greeted (signed in); the close code is kept.
    const connect = (copy: Copy) =>
      new Promise<void>((resolve, reject) => {
        const socket = new WebSocket(`ws://127.0.0.1:${copy.port}/api/ws`, {
          origin: copy.base,
          headers: { cookie, 'x-forwarded-for': '203.0.113.91' },
        });
        const entry = { socket, closedWith: null as number | null };
        sockets.push(entry);
        socket.once('message', (data: Buffer) => {
          const hello = JSON.parse(data.toString()) as { type: string; signedIn?: boolean };
          if (hello.type === 'hello' && hello.signedIn) resolve();
          else reject(new Error(data.toString()));
        });
        socket.once('close', (code) => {
          entry.closedWith = code;
          reject(new Error(`closed with ${code}`));
        });
        socket.once('error', reject);
      });
    try {
      // WS_MAX_PER_ACCOUNT is 2: one on A, then two on B (B alone holds no more than its cap).
      await connect(a);
      await sleep(50);
      await connect(b);
      await sleep(50);
      await connect(b);
      const start = Date.now();
      while (Date.now() - start < 5000 && sockets[0]!.closedWith === null) await sleep(25);
      await sleep(300);
      expect(sockets.map((s) => s.closedWith)).toEqual([4000, null, null]);
      expect(sockets.filter((s) => s.socket.readyState === WebSocket.OPEN)).toHaveLength(2);
    } finally {
      for (const { socket } of sockets) socket.terminate();
    }
  }, 60_000);

  it('keeps answering when a copy is killed, and the copy comes back on the same state', async () => {
    const [a, b, c] = copies as [Copy, Copy, Copy];
    const exited = new Promise((resolve) => b.child.once('exit', resolve));
    b.child.kill('SIGKILL');
    await exited;
    for (const copy of [a, c]) expect((await fetch(`${copy.base}/api/ready`)).status).toBe(200);
    copies[1] = await startCopy('B again', b.port);
    const ready = (await (await fetch(`${copies[1].base}/api/ready`)).json()) as {
      down: string[];
    };
    expect(ready.down).toEqual(withRedis ? [] : []);
  }, 120_000);
});
