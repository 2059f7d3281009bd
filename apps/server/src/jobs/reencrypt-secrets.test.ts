/**
 * APP_SECRET rotation of every secret kept at rest (docs/decisions/008-key-ring.md): after the
 * switch (new key current, old key previous) the PIX runtime still builds its provider from the
 * stored credentials and certificate, webhooks still sign with their connection's secret, the
 * VAPID private key and a prepared data export still open; `npm run secrets:reencrypt` then seals
 * them all with the new key, after which a server copy without the old key opens them too.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { Config } from '../config';
import {
  dataExports,
  externalConnections,
  pixCertificates,
  pixProviderConfig,
  pushVapidKeys,
} from '../db/schema';
import type { App } from '../lib/fastify';
import { buildKeyRing, keyVersion } from '../lib/key-ring';
import { createSealer } from '../lib/sealed';
import { type FileStorage, createLocalStorage } from '../lib/storage';
import {
  type FakeEfi,
  type TestPki,
  generateTestPki,
  startFakeEfi,
} from '../modules/payments/efi/fake-efi-server';
import { readDataExport } from '../modules/profile/data-export-storage';
import { vapidKeys } from '../modules/push/push.service';
import {
  type TestContext,
  createTestApp,
  createUser,
  jsonHeaders,
  signIn,
  testConfig,
} from '../test/helpers';
import { reencryptSecrets } from './reencrypt-secrets';

const OLD = 'chave-antiga-cofre-chave-antiga-cofre-0001';
const NEW = 'chave-nova-cofre-chave-nova-cofre-chave-0002';

let ctx: TestContext;
let pki: TestPki;
let fake: FakeEfi;
let dir: string;
let env: Record<string, string>;
let storage: FileStorage;
let receiver: Server;
let receiverUrl: string;
const received: { headers: Record<string, string>; body: string }[] = [];
const copies: App[] = [];

beforeAll(async () => {
  pki = generateTestPki();
  fake = await startFakeEfi(pki);
  dir = mkdtempSync(path.join(os.tmpdir(), 'sorteio-reseal-'));
  const caFile = path.join(dir, 'ca.pem');
  writeFileSync(caFile, pki.caCertPem);
  env = { EFI_SANDBOX_URL: fake.baseUrl, EFI_EXTRA_CA: caFile };
  storage = createLocalStorage(path.join(dir, 'files'));
  ctx = await createTestApp({ config: { appSecret: OLD }, env, storage });
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({
        headers: req.headers as Record<string, string>,
        body: Buffer.concat(chunks).toString(),
      });
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
}, 180_000);
afterAll(async () => {
  for (const app of copies) await app.close();
  await ctx?.close();
  await fake?.close();
  await new Promise((resolve) => receiver?.close(resolve));
  pki?.cleanup();
  rmSync(dir, { recursive: true, force: true });
});

/** Another server copy on the same database and files, with another key ring. */
async function copyWith(appSecret: string, appSecretPrevious: string[]) {
  const config = testConfig({ appSecret, appSecretPrevious }, env);
  const app = await buildApp(config, {
    database: ctx.database,
    mailer: ctx.mailer,
    storage,
    skipMigrations: true,
    startJobs: false,
  });
  copies.push(app);
  return { app, config };
}

describe('secrets at rest across an APP_SECRET rotation', () => {
  it('keep opening after the switch, move to the new key, and open without the old one', async () => {
    const db = ctx.database.db;
    const admin = await signIn(ctx, await createUser(ctx, { role: 'admin' }), '198.18.140.1');
    const call = (method: 'PUT' | 'POST', url: string, body?: unknown) =>
      ctx.app.inject({
        method,
        url,
        headers: { ...jsonHeaders, cookie: admin },
        ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
      });

    // Under the old key: PIX credentials and certificate, live after a passing test ...
    const creds = await call('PUT', '/api/admin/pix/credentials', {
      clientId: fake.clientId,
      clientSecret: fake.clientSecret,
      chavePix: fake.pixKey,
      environment: 'sandbox',
    });
    expect(creds.statusCode, creds.body).toBe(200);
    const cert = await call('POST', '/api/admin/pix/certificate', {
      filename: 'efi.p12',
      certificateBase64: readFileSync(pki.clientP12Path).toString('base64'),
      password: pki.clientP12Password,
    });
    expect(cert.statusCode, cert.body).toBe(200);
    expect((await call('POST', '/api/admin/pix/test')).json()).toMatchObject({
      ok: true,
      activated: true,
    });
    expect(ctx.app.pix?.kind).toBe('efi');
    // ... a webhook connection (its signing secret sealed in the config) ...
    expect(
      (await call('PUT', '/api/admin/settings', { allowPrivateAddresses: true })).statusCode,
    ).toBe(200);
    const created = await call('POST', '/api/admin/connections', {
      connection_name: 'Parceiro',
      connection_type: 'webhook',
      service_name: 'Receptor',
      config_data: JSON.stringify({ url: receiverUrl }),
      events: ['user.verified'],
    });
    expect(created.statusCode, created.body).toBe(200);
    const signingSecret = created.json().signingSecret as string;
    // ... the VAPID pair made and stored by the server ...
    const vapid = await vapidKeys(db, ctx.config);
    // ... and a prepared data export.
    const owner = await createUser(ctx);
    const exportFile = Buffer.from('{"meus":"dados"}');
    const [exported] = await db
      .insert(dataExports)
      .values({
        userId: owner.id,
        status: 'pronta',
        rowCount: 6000,
        fileKey: 'data-export/rotacao.sealed',
        fileName: 'meus-dados-sorteio-certo.json',
        contentType: 'application/json',
        readyAt: new Date(),
        expiresAt: new Date(Date.now() + 48 * 3600_000),
      })
      .returning();
    await storage.put(
      'data-export/rotacao.sealed',
      Buffer.from(createSealer(buildKeyRing(OLD), 'data-export').seal(exportFile)),
      'application/octet-stream',
    );
    const openExport = (config: Config) =>
      readDataExport({ db, storage, config, userId: owner.id, exportId: exported!.id });

    // The rotation: the new key is current, the old one stays in the ring.
    const rotated = await copyWith(NEW, [OLD]);
    await rotated.app.pixRuntime.reload();
    expect(rotated.app.pix?.kind).toBe('efi');
    expect(await rotated.app.pix!.checkConnection()).toContain(fake.baseUrl);
    await rotated.app.webhooks.emit('user.verified', { userId: owner.id });
    await expect.poll(() => received.length, { timeout: 10_000 }).toBe(1);
    expect(() =>
      new Webhook(signingSecret).verify(received[0]!.body, received[0]!.headers),
    ).not.toThrow();
    expect(await vapidKeys(db, rotated.config)).toEqual(vapid);
    expect((await openExport(rotated.config)).data.equals(exportFile)).toBe(true);

    // A copy without the old key cannot open them yet.
    const retired = await copyWith(NEW, []);
    await retired.app.pixRuntime.reload();
    expect(retired.app.pix?.kind).toBe('simulator');
    await expect(vapidKeys(db, retired.config)).rejects.toThrow();
    await expect(openExport(retired.config)).rejects.toThrow();

    // The command seals everything with the new key and says how much per kind.
    const report = await reencryptSecrets({ db, storage, config: rotated.config });
    expect(report).toEqual({
      twoFactor: { checked: 0, resealed: 0, unreadable: 0 },
      // Secret, certificate and password, in the saved columns and in the live copy.
      pixConfig: { checked: 6, resealed: 6, unreadable: 0 },
      pixCertificates: { checked: 2, resealed: 2, unreadable: 0 },
      connections: { checked: 1, resealed: 1, unreadable: 0 },
      vapidKey: { checked: 1, resealed: 1, unreadable: 0 },
      dataExports: { checked: 1, resealed: 1, unreadable: 0 },
    });
    const current = `v2:${keyVersion(NEW)}:`;
    const [pixRow] = await db.select().from(pixProviderConfig);
    const live = pixRow!.activeConfig as Record<string, string>;
    for (const sealed of [
      pixRow!.clientSecretSealed!,
      pixRow!.certSealed!,
      pixRow!.certPasswordSealed!,
      live.clientSecretSealed!,
      live.certSealed!,
      live.certPasswordSealed!,
      ...(await db.select().from(pixCertificates)).flatMap((c) => [c.certSealed, c.passwordSealed]),
      ...(await db.select().from(externalConnections)).map((c) => c.configSealed),
      (await storage.get('data-export/rotacao.sealed'))!.data.toString('utf8'),
    ])
      expect(sealed.startsWith(current)).toBe(true);
    const [vapidRow] = await db.select().from(pushVapidKeys);
    expect(vapidRow!.privateKeySealed).toContain(`$${keyVersion(NEW)}$`);
    // Running it again changes nothing.
    const again = await reencryptSecrets({ db, storage, config: rotated.config });
    for (const count of Object.values(again)) expect(count.resealed).toBe(0);

    // Without the old key everything opens now.
    await retired.app.pixRuntime.reload();
    expect(retired.app.pix?.kind).toBe('efi');
    expect(await retired.app.pix!.checkConnection()).toContain(fake.baseUrl);
    await retired.app.webhooks.emit('user.verified', { userId: owner.id });
    await expect.poll(() => received.length, { timeout: 10_000 }).toBe(2);
    expect(() =>
      new Webhook(signingSecret).verify(received[1]!.body, received[1]!.headers),
    ).not.toThrow();
    expect(await vapidKeys(db, retired.config)).toEqual(vapid);
    expect((await openExport(retired.config)).data.equals(exportFile)).toBe(true);
  }, 180_000);
});
