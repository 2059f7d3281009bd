/**
 * The APIs tab: JSON validation, secrets sealed and masked, real tests (HTTP and PostgreSQL),
 * the SSRF rule, and signed webhook deliveries a receiver verifies, retried until success.
 */
import { type IncomingHttpHeaders, type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { integrationMessages } from '@sorteio/shared';
import { eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { externalConnections, staffAuditLog, webhookDeliveries } from '../../db/schema';
import { keyRingOf } from '../../lib/key-ring';
import { createSealer } from '../../lib/sealed';
import { createRoom } from '../rooms/rooms.service';
import { recordEvent } from './webhook-deliveries';
import {
  caller,
  callerWith,
  createUser,
  signIn,
  topUp,
  useTestApp,
  verifiedPlayer,
} from '../../test/helpers';

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
}

let admin: string;
let receiver: Server;
let receiverUrl: string;
const received: Received[] = [];
/** Answers for the next requests (then 200). */
const scripted: number[] = [];

const ctx = useTestApp();
beforeAll(async () => {
  admin = await signIn(ctx, await createUser(ctx, { role: 'admin' }), '198.18.72.1');
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({
        headers: req.headers,
        body: Buffer.concat(chunks).toString(),
        at: Date.now(),
      });
      res.statusCode = scripted.shift() ?? 200;
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
});
afterAll(async () => {
  await new Promise((resolve) => receiver.close(resolve));
});

const call = callerWith(ctx, () => admin);
const setAllowPrivate = (value: boolean) =>
  call('PUT', '/api/admin/settings', { allowPrivateAddresses: value });

describe('connections', () => {
  it('requires the fields and valid JSON, and keeps secrets sealed and masked', async () => {
    const missing = await call('POST', '/api/admin/connections', {
      connection_name: '',
      connection_type: 'api',
      service_name: 'CRM',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.body).toContain(integrationMessages.connectionRequired);
    const badJson = await call('POST', '/api/admin/connections', {
      connection_name: 'CRM',
      connection_type: 'api',
      service_name: 'CRM',
      config_data: '{"url": ',
    });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json().error.message).toBe(integrationMessages.connectionInvalidJson);
    const before = await ctx.database.db.select().from(externalConnections);
    expect(before).toHaveLength(0);

    const created = await call('POST', '/api/admin/connections', {
      connection_name: 'Banco de relatórios',
      connection_type: 'database',
      service_name: 'PostgreSQL',
      config_data: JSON.stringify({
        connectionString: 'postgres://leitor:senha-super-secreta@db.exemplo.com:5432/relatorios',
        apiToken: 'tok-123456789',
      }),
    });
    expect(created.statusCode).toBe(200);
    const c = created.json().connection;
    expect(JSON.stringify(c)).not.toContain('senha-super-secreta');
    expect(JSON.stringify(c)).not.toContain('tok-123456789');
    expect(c.config_data.apiToken).toBe('••••••••');
    const [row] = await ctx.database.db.select().from(externalConnections);
    expect(JSON.stringify(row)).not.toContain('senha-super-secreta');
    expect(JSON.stringify(row)).not.toContain('tok-123456789');

    // Saving the masked values back keeps the stored secrets.
    const edited = await call('PUT', `/api/admin/connections/${c.id}`, {
      connection_name: 'Banco de relatórios 2',
      connection_type: 'database',
      service_name: 'PostgreSQL',
      config_data: JSON.stringify(c.config_data),
    });
    expect(edited.statusCode).toBe(200);
    const sealer = createSealer(keyRingOf(ctx.config), 'connection-config');
    const [after] = await ctx.database.db.select().from(externalConnections);
    expect(JSON.parse(sealer.openText(after!.configSealed))).toEqual({
      connectionString: 'postgres://leitor:senha-super-secreta@db.exemplo.com:5432/relatorios',
      apiToken: 'tok-123456789',
    });
    const list = await call('GET', '/api/admin/connections');
    expect(list.json().counts).toEqual({ total: 1, active: 1, api: 0, webhook: 0 });
    const audit = await ctx.database.db
      .select({ action: staffAuditLog.action })
      .from(staffAuditLog)
      .where(eq(staffAuditLog.targetType, 'connection'));
    expect(audit.map((a) => a.action)).toEqual(['connection.create', 'connection.update']);
    expect((await call('DELETE', `/api/admin/connections/${c.id}`)).statusCode).toBe(200);
  });

  it('tests an API for real, and refuses loopback addresses unless the setting allows them', async () => {
    const created = await call('POST', '/api/admin/connections', {
      connection_name: 'Status',
      connection_type: 'api',
      service_name: 'Receptor',
      config_data: JSON.stringify({ url: receiverUrl }),
    });
    const id = created.json().connection.id as string;
    const refused = await call('POST', `/api/admin/connections/${id}/test`);
    expect(refused.json()).toMatchObject({ ok: false, status: null });
    expect(refused.json().message).toBe(integrationMessages.privateAddress);
    const count = received.length;
    expect(count).toBe(0);

    await setAllowPrivate(true);
    const ok = await call('POST', `/api/admin/connections/${id}/test`);
    expect(ok.json()).toMatchObject({ ok: true, status: 200 });
    expect(received).toHaveLength(1);
    scripted.push(503);
    const down = await call('POST', `/api/admin/connections/${id}/test`);
    expect(down.json()).toMatchObject({ ok: false, status: 503 });
    await call('DELETE', `/api/admin/connections/${id}`);
    await setAllowPrivate(false);
    received.length = 0;
  });

  it('tests a PostgreSQL connection with select 1 (and reports a refused one)', async () => {
    await setAllowPrivate(true);
    const created = await call('POST', '/api/admin/connections', {
      connection_name: 'Banco local',
      connection_type: 'database',
      service_name: 'PostgreSQL',
      config_data: JSON.stringify({
        host: '127.0.0.1',
        port: 1,
        user: 'x',
        password: 'y',
        database: 'z',
      }),
    });
    const res = await call('POST', `/api/admin/connections/${created.json().connection.id}/test`);
    expect(res.json().ok).toBe(false);
    expect(res.json().message).toMatch(/ECONNREFUSED/);
    const url = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
    if (url) {
      const real = await call('POST', '/api/admin/connections', {
        connection_name: 'Banco real',
        connection_type: 'database',
        service_name: 'PostgreSQL',
        config_data: JSON.stringify({ connectionString: url }),
      });
      const ok = await call('POST', `/api/admin/connections/${real.json().connection.id}/test`);
      expect(ok.json().ok).toBe(true);
    }
    await setAllowPrivate(false);
  });
});

describe('webhook targets', () => {
  it('records an event only for connections still active and subscribed, whatever the cached list says', async () => {
    const created = await call('POST', '/api/admin/connections', {
      connection_name: 'Parceiro em cache',
      connection_type: 'webhook',
      service_name: 'Receptor',
      config_data: JSON.stringify({ url: 'https://example.com/hook' }),
      events: ['user.verified'],
    });
    expect(created.statusCode).toBe(200);
    const id = created.json().connection.id as string;
    const db = ctx.database.db;
    const deliveriesOf = async () =>
      (await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.connectionId, id)))
        .length;
    // This process's own change is seen at once (the list is read again).
    expect(await recordEvent(db, 'user.verified', { userId: 'u1' })).toHaveLength(1);
    // Another server copy turns it off: this copy's list is up to 5 s old, the database decides.
    await db
      .update(externalConnections)
      .set({ isActive: false })
      .where(eq(externalConnections.id, id));
    expect(await recordEvent(db, 'user.verified', { userId: 'u2' })).toEqual([]);
    await db
      .update(externalConnections)
      .set({ isActive: true, events: ['room.full'] })
      .where(eq(externalConnections.id, id));
    expect(await recordEvent(db, 'user.verified', { userId: 'u3' })).toEqual([]);
    expect(await deliveriesOf()).toBe(1);
    expect((await call('DELETE', `/api/admin/connections/${id}`)).statusCode).toBe(200);
  });
});

describe('outgoing webhooks', () => {
  it('delivers a signed event a receiver verifies, retries with backoff, then succeeds; Reenviar sends it again', async () => {
    await setAllowPrivate(true);
    const created = await call('POST', '/api/admin/connections', {
      connection_name: 'Parceiro',
      connection_type: 'webhook',
      service_name: 'Receptor',
      config_data: JSON.stringify({ url: receiverUrl }),
      events: ['participation.confirmed', 'room.full'],
    });
    expect(created.statusCode).toBe(200);
    const secret = created.json().signingSecret as string;
    expect(secret).toMatch(/^whsec_/);
    expect(JSON.stringify(created.json().connection)).not.toContain(secret.slice(6, 20));
    const connectionId = created.json().connection.id as string;

    // A player joins a room paying from the Saldo: the seat is confirmed at once.
    const p = await verifiedPlayer(ctx);
    await topUp(ctx, p.id, 5000);
    const room = await createRoom({
      db: ctx.database.db,
      input: { tipoSala: 'prata', valorEntradaCentavos: 500, maxParticipantes: 4, taxaBp: 1000 },
    });
    scripted.push(500); // the receiver fails the first attempt
    const joinedAt = Date.now();
    const join = await caller(ctx)('POST', `/api/rooms/${room.id}/join`, p.cookie, {
      metodo: 'balance',
    });
    expect(join.statusCode).toBe(200);
    await expect.poll(() => received.length, { timeout: 5000 }).toBe(1);
    const [first] = await ctx.database.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.connectionId, connectionId));
    await expect
      .poll(async () => {
        const [r] = await ctx.database.db
          .select()
          .from(webhookDeliveries)
          .where(eq(webhookDeliveries.id, first!.id));
        return r!.attempts;
      })
      .toBe(1);
    const [failed] = await ctx.database.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.id, first!.id));
    expect(failed).toMatchObject({ status: 'pending', responseStatus: 500 });
    // Backoff: the next try waits 5 s (first step), not sooner.
    expect(failed!.nextAttemptAt.getTime() - Date.now()).toBeGreaterThan(3000);
    await ctx.app.webhooks.sweep();
    expect(received).toHaveLength(1);
    await ctx.database.db
      .update(webhookDeliveries)
      .set({ nextAttemptAt: new Date(0) })
      .where(eq(webhookDeliveries.id, first!.id));
    await ctx.app.webhooks.sweep();
    expect(received).toHaveLength(2);

    // The receiver verifies the Standard Webhooks signature with the shared secret.
    const last = received[1]!;
    const payload = new Webhook(secret).verify(
      last.body,
      last.headers as Record<string, string>,
    ) as {
      type: string;
      data: { roomId: string; userId: string };
    };
    expect(payload.type).toBe('participation.confirmed');
    expect(payload.data).toMatchObject({ roomId: room.id, userId: p.id });
    expect(last.headers['webhook-id']).toBe(first!.id);
    expect(() =>
      new Webhook(secret).verify(
        last.body.replace('prata', 'ouro') + ' ',
        last.headers as Record<string, string>,
      ),
    ).toThrow();
    console.info(
      `webhook delivery latency (first attempt, event to receiver): ${received[0]!.at - joinedAt} ms`,
    );

    const log = await call('GET', `/api/admin/connections/${connectionId}/deliveries`);
    expect(log.json().items[0]).toMatchObject({
      id: first!.id,
      status: 'delivered',
      attempts: 2,
      responseStatus: 200,
      event: 'participation.confirmed',
    });
    const resend = await call('POST', `/api/admin/webhook-deliveries/${first!.id}/resend`);
    expect(resend.statusCode).toBe(200);
    await expect.poll(() => received.length, { timeout: 5000 }).toBe(3);
    expect(received[2]!.headers['webhook-id']).toBe(first!.id);
    await setAllowPrivate(false);
  });

  it('measures the event-to-receiver latency over 30 deliveries', async () => {
    await setAllowPrivate(true);
    received.length = 0;
    const created = await call('POST', '/api/admin/connections', {
      connection_name: 'Medição',
      connection_type: 'webhook',
      service_name: 'Receptor',
      config_data: JSON.stringify({ url: receiverUrl }),
      events: ['user.verified'],
    });
    expect(created.statusCode).toBe(200);
    const latencies: number[] = [];
    for (let i = 0; i < 30; i += 1) {
      const before = received.length;
      const t0 = Date.now();
      await ctx.app.webhooks.emit('user.verified', { userId: `u${i}` });
      await expect.poll(() => received.length, { timeout: 5000, interval: 2 }).toBe(before + 1);
      latencies.push(received.at(-1)!.at - t0);
    }
    latencies.sort((a, b) => a - b);
    console.info(
      `webhook latency over 30 events: median ${latencies[15]} ms, p95 ${latencies[28]} ms`,
    );
    expect(latencies[15]).toBeLessThan(1000);
    await setAllowPrivate(false);
  });
});
