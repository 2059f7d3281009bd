/**
 * Web push against a local fake push service: the subscription is saved, a room notice arrives as
 * an encrypted POST signed with the server's VAPID key (its payload opens with the device's keys),
 * and a subscription the push service answers 410 for is deleted.
 */
import { createECDH, createPublicKey, randomBytes, verify } from 'node:crypto';
import { type IncomingHttpHeaders, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { pushMessageSchema } from '@sorteio/shared';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { pushSubscriptions, pushVapidKeys } from '../../db/schema';
import {
  type TestContext,
  createTestApp,
  expectLedgerInvariants,
  joinFromBalance,
  jsonHeaders,
  topUp,
  verifiedPlayer,
} from '../../test/helpers';
import { createRoom } from '../rooms/rooms.service';
import { setSetting } from '../settings/settings.service';

// The reference implementation of RFC 8188 that web-push itself encrypts with.
const ece = createRequire(import.meta.url)('http_ece') as {
  decrypt(
    buffer: Buffer,
    params: { version: 'aes128gcm'; privateKey: ReturnType<typeof createECDH>; authSecret: Buffer },
  ): Buffer;
};

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A push service on this machine: records each POST; paths under /gone/ answer 410. */
async function fakePushService() {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      res.statusCode = req.url?.startsWith('/gone/') ? 410 : 201;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { origin, received, close: () => new Promise((r) => server.close(r)) };
}

/** A browser's subscription keys (RFC 8291): a P-256 key pair and a 16-byte auth secret. */
function deviceKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    auth,
    json: {
      p256dh: ecdh.getPublicKey().toString('base64url'),
      auth: auth.toString('base64url'),
    },
  };
}

/** Checks the VAPID header (RFC 8292): `vapid t=<ES256 JWT>, k=<public key>`. */
function checkVapid(header: string | undefined, publicKey: string, audience: string) {
  const match = /^vapid t=([^,]+), k=(.+)$/.exec(header ?? '');
  expect(match, header).not.toBeNull();
  const [, jwt, k] = match!;
  expect(k).toBe(publicKey);
  const [head, claims, signature] = jwt!.split('.') as [string, string, string];
  expect(JSON.parse(Buffer.from(head, 'base64url').toString())).toMatchObject({ alg: 'ES256' });
  const body = JSON.parse(Buffer.from(claims, 'base64url').toString()) as Record<string, unknown>;
  expect(body.aud).toBe(audience);
  expect(body.sub).toMatch(/^mailto:/);
  expect(Number(body.exp)).toBeGreaterThan(Date.now() / 1000);
  const raw = Buffer.from(publicKey, 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  expect(signed).toBe(true);
}

let ctx: TestContext;
let push: Awaited<ReturnType<typeof fakePushService>>;
beforeAll(async () => {
  ctx = await createTestApp();
  push = await fakePushService();
  // The fake push service listens on a local address.
  await setSetting(ctx.database.db, 'integrations.allowPrivateAddresses', true, null);
});
afterAll(async () => {
  await push.close();
  await ctx.close();
});
afterEach(async () => expectLedgerInvariants(ctx));
const db = () => ctx.database.db;

async function fundedPlayer() {
  const p = await verifiedPlayer(ctx);
  await topUp(ctx, p.id, 100_000);
  return p;
}

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, cookie?: string, body?: unknown) =>
  ctx.app.inject({
    method,
    url,
    headers: { ...jsonHeaders, ...(cookie ? { cookie } : {}) },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });

describe('web push', () => {
  it('makes one VAPID pair, keeps its private key sealed, and serves the public key', async () => {
    const first = await call('GET', '/api/push/public-key');
    expect(first.statusCode).toBe(200);
    const { publicKey } = first.json<{ publicKey: string }>();
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
    expect((await call('GET', '/api/push/public-key')).json()).toEqual({ publicKey });
    const [row] = await db().select().from(pushVapidKeys);
    expect(row!.publicKey).toBe(publicKey);
    // Sealed: the stored value is not the 32-byte key in base64url.
    expect(row!.privateKeySealed).not.toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('needs a session and a well-formed subscription', async () => {
    const body = { endpoint: `${push.origin}/send/x`, keys: deviceKeys().json };
    expect((await call('POST', '/api/push/subscriptions', undefined, body)).statusCode).toBe(401);
    const p = await verifiedPlayer(ctx);
    const bad = await call('POST', '/api/push/subscriptions', p.cookie, {
      endpoint: 'ftp://push.example.com/x',
      keys: body.keys,
    });
    expect(bad.statusCode).toBe(400);
  });

  it('pushes the room notices to the device, and drops a subscription the service says is gone', async () => {
    const { publicKey } = (await call('GET', '/api/push/public-key')).json<{ publicKey: string }>();
    const [a, b] = [await fundedPlayer(), await fundedPlayer()];
    const device = deviceKeys();
    const gone = deviceKeys();
    const endpoint = `${push.origin}/send/${randomBytes(6).toString('hex')}`;
    const goneEndpoint = `${push.origin}/gone/${randomBytes(6).toString('hex')}`;
    for (const [who, url, keys] of [
      [a, endpoint, device],
      [b, goneEndpoint, gone],
    ] as const) {
      const res = await call('POST', '/api/push/subscriptions', who.cookie, {
        endpoint: url,
        expirationTime: null,
        keys: keys.json,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ subscribed: true });
    }

    // Both take the room's two seats: it fills and is drawn; each is told both things.
    const room = await createRoom({
      db: db(),
      input: {
        tipoSala: 'ouro',
        valorEntradaCentavos: 1000,
        maxParticipantes: 2,
        taxaBp: 1000,
        sorteioAutomatico: true,
      },
    });
    await joinFromBalance(ctx, room.id, [a, b]);
    await ctx.app.drawIfDue(room.id);

    await vi.waitFor(
      () => expect(push.received.filter((r) => r.path.startsWith('/send/'))).toHaveLength(2),
      { timeout: 10_000, interval: 50 },
    );
    const messages = push.received
      .filter((r) => r.path === new URL(endpoint).pathname)
      .map((r) => {
        checkVapid(r.headers.authorization, publicKey, push.origin);
        expect(r.headers['content-encoding']).toBe('aes128gcm');
        expect(Number(r.headers.ttl)).toBeGreaterThan(0);
        const plain = ece.decrypt(r.body, {
          version: 'aes128gcm',
          privateKey: device.ecdh,
          authSecret: device.auth,
        });
        return pushMessageSchema.parse(JSON.parse(plain.toString('utf8')));
      });
    // Each notice is pushed on its own in the background: they may arrive in either order.
    const full = messages.find((m) => m.title === 'Sua sala está completa');
    const drawn = messages.find((m) => m !== full);
    expect(full).toMatchObject({
      body: 'Sala Ouro completou todas as vagas. O sorteio acontece agora.',
    });
    expect(['Você ganhou!', 'Sorteio realizado']).toContain(drawn!.title);
    expect(drawn!.url).toMatch(/^\/sorteios\//);

    // The 410 answer removed b's subscription; a's stays, marked as sent.
    await vi.waitFor(
      async () =>
        expect(
          await db()
            .select()
            .from(pushSubscriptions)
            .where(eq(pushSubscriptions.endpoint, goneEndpoint)),
        ).toHaveLength(0),
      { timeout: 10_000, interval: 50 },
    );
    expect(push.received.some((r) => r.path === new URL(goneEndpoint).pathname)).toBe(true);
    const [kept] = await db()
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, endpoint));
    expect(kept!.userId).toBe(a.id);
    expect(kept!.lastSentAt).not.toBeNull();
  });

  it('unsubscribes only the caller’s own device', async () => {
    const [a, b] = [await verifiedPlayer(ctx), await verifiedPlayer(ctx)];
    const endpoint = `${push.origin}/send/${randomBytes(6).toString('hex')}`;
    await call('POST', '/api/push/subscriptions', a.cookie, {
      endpoint,
      keys: deviceKeys().json,
    });
    const other = await call('DELETE', '/api/push/subscriptions', b.cookie, { endpoint });
    expect(other.json()).toEqual({ subscribed: false });
    const rows = () =>
      db().select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
    expect(await rows()).toHaveLength(1);
    const own = await call('DELETE', '/api/push/subscriptions', a.cookie, { endpoint });
    expect(own.statusCode).toBe(200);
    expect(await rows()).toHaveLength(0);
  });
});
