/**
 * /gerencianet-config against a fake EFI Pix API with real mTLS: the certificate is checked and
 * sealed, secrets never come back nor sit in plain text in the database, 'Testar Integração' is a
 * real OAuth token request (success, refused credentials, an expired certificate), and a complete
 * stored configuration becomes the active provider without a restart.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { integrationMessages } from '@sorteio/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pixProviderConfig, staffAuditLog } from '../../db/schema';
import {
  type FakeEfi,
  type TestPki,
  generateTestPki,
  startFakeEfi,
} from '../payments/efi/fake-efi-server';
import {
  type TestContext,
  createTestApp,
  createUser,
  jsonHeaders,
  signIn,
  verifiedPlayer,
} from '../../test/helpers';

let ctx: TestContext;
let admin: string;
let pki: TestPki;
let expiredPki: TestPki;
let serverOnlyPki: TestPki;
let fake: FakeEfi;
let expiredFake: FakeEfi;
let dir: string;

beforeAll(async () => {
  pki = generateTestPki({
    clientValidity: {
      notBefore: new Date(Date.now() - 60_000),
      notAfter: new Date(Date.now() + 365 * 86_400_000),
    },
  });
  expiredPki = generateTestPki({
    clientValidity: {
      notBefore: new Date(Date.now() - 400 * 86_400_000),
      notAfter: new Date(Date.now() - 86_400_000),
    },
  });
  serverOnlyPki = generateTestPki({ clientIsServer: true });
  fake = await startFakeEfi(pki);
  expiredFake = await startFakeEfi(expiredPki);
  dir = mkdtempSync(path.join(os.tmpdir(), 'efi-ca-'));
  const caFile = path.join(dir, 'ca.pem');
  writeFileSync(caFile, `${pki.caCertPem}\n${expiredPki.caCertPem}`);
  ctx = await createTestApp({
    env: {
      EFI_SANDBOX_URL: fake.baseUrl,
      EFI_PRODUCTION_URL: expiredFake.baseUrl,
      EFI_EXTRA_CA: caFile,
    },
  });
  admin = await signIn(ctx, await createUser(ctx, { role: 'admin' }), '198.18.71.1');
}, 180_000);
afterAll(async () => {
  await ctx?.close();
  await fake?.close();
  await expiredFake?.close();
  for (const p of [pki, expiredPki, serverOnlyPki]) p.cleanup();
  rmSync(dir, { recursive: true, force: true });
});

const call = (method: 'GET' | 'PUT' | 'POST', url: string, body?: unknown) =>
  ctx.app.inject({
    method,
    url,
    headers:
      body === undefined
        ? { cookie: admin, origin: jsonHeaders.origin }
        : { ...jsonHeaders, cookie: admin },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });

const p12Of = (p: TestPki) => readFileSync(p.clientP12Path).toString('base64');

describe('PIX provider configuration', () => {
  it('checks the certificate: extension, password, client certificate', async () => {
    const wrongExt = await call('POST', '/api/admin/pix/certificate', {
      filename: 'cert.pem',
      certificateBase64: p12Of(pki),
      password: pki.clientP12Password,
    });
    expect(wrongExt.statusCode).toBe(400);
    expect(wrongExt.body).toContain(integrationMessages.certificateInvalidFile);

    const wrongPassword = await call('POST', '/api/admin/pix/certificate', {
      filename: 'cert.p12',
      certificateBase64: p12Of(pki),
      password: 'senha-errada',
    });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().error.message).toBe(integrationMessages.certificateWrongPassword);

    const serverCert = await call('POST', '/api/admin/pix/certificate', {
      filename: 'servidor.pfx',
      certificateBase64: p12Of(serverOnlyPki),
      password: serverOnlyPki.clientP12Password,
    });
    expect(serverCert.statusCode).toBe(400);
    expect(serverCert.json().error.message).toBe(integrationMessages.certificateNotClient);

    const before = await call('GET', '/api/admin/pix/config');
    expect(before.json()).toMatchObject({
      credentialsConfigured: false,
      certificateUploaded: false,
      apiActive: false,
      source: 'simulator',
      activeProvider: 'simulator',
    });
  });

  it('stores credentials and certificate sealed, shows only masked values, and tests for real', async () => {
    const creds = await call('PUT', '/api/admin/pix/credentials', {
      clientId: fake.clientId,
      clientSecret: fake.clientSecret,
      chavePix: fake.pixKey,
      environment: 'sandbox',
    });
    expect(creds.statusCode).toBe(200);
    const cert = await call('POST', '/api/admin/pix/certificate', {
      filename: 'producao.p12',
      certificateBase64: p12Of(pki),
      password: pki.clientP12Password,
    });
    expect(cert.statusCode).toBe(200);
    const config = cert.json();
    expect(config.certificate).toMatchObject({
      filename: 'producao.p12',
      status: 'active',
    });
    expect(config.certificate.subject).toContain('CN=fake-efi-client');
    expect(config.certificate.issuer).toContain('CN=Fake EFI Test CA');
    expect(config.credentials.clientIdMasked).not.toBe(fake.clientId);
    const answer = JSON.stringify(config);
    expect(answer).not.toContain(fake.clientSecret);
    expect(answer).not.toContain(pki.clientP12Password);
    expect(answer).not.toContain(fake.clientId);

    // Encryption at rest: no column holds a secret in plain text.
    const [row] = await ctx.database.db.select().from(pixProviderConfig);
    const stored = JSON.stringify(row);
    expect(stored).not.toContain(fake.clientSecret);
    expect(stored).not.toContain(pki.clientP12Password);
    expect(stored).not.toContain(p12Of(pki).slice(0, 40));

    const tokensBefore = fake.counters.tokensIssued;
    const test = await call('POST', '/api/admin/pix/test');
    expect(test.statusCode).toBe(200);
    expect(test.json()).toMatchObject({ ok: true, httpStatus: 200 });
    expect(fake.counters.tokensIssued).toBeGreaterThan(tokensBefore);
    expect((await call('GET', '/api/admin/pix/config')).json()).toMatchObject({
      credentialsConfigured: true,
      certificateUploaded: true,
      apiActive: true,
      source: 'stored',
      activeProvider: 'efi',
    });
    const audit = await ctx.database.db
      .select({ action: staffAuditLog.action, after: staffAuditLog.after })
      .from(staffAuditLog)
      .where(eq(staffAuditLog.targetType, 'pix_config'));
    expect(audit.map((a) => a.action)).toEqual([
      'pix.credentials',
      'pix.certificate',
      'pix.test',
      'pix.activate',
    ]);
    expect(JSON.stringify(audit)).not.toContain(fake.clientSecret);
  });

  it('switches the active provider without a restart: a top-up charge goes to EFI', async () => {
    const p = await verifiedPlayer(ctx);
    const charges = fake.charges.size;
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/wallet/topup',
      headers: { ...jsonHeaders, cookie: p.cookie },
      payload: { valor: 2500 },
    });
    expect(res.statusCode).toBe(200);
    expect(fake.charges.size).toBe(charges + 1);
    expect(ctx.app.pix?.kind).toBe('efi');
    // The new provider registered the PIX webhook for the stored key after the change (the fake,
    // like EFI, then refuses this test's http:// address; production BASE_URL is https).
    await expect
      .poll(() =>
        fake.requests.some((r) => r.method === 'PUT' && r.path.startsWith('/v2/webhook/')),
      )
      .toBe(true);
  });

  it('reports refused credentials with the HTTP status and the provider error', async () => {
    await call('PUT', '/api/admin/pix/credentials', {
      clientId: fake.clientId,
      clientSecret: 'segredo-errado',
      chavePix: fake.pixKey,
      environment: 'sandbox',
    });
    const test = await call('POST', '/api/admin/pix/test');
    expect(test.json()).toMatchObject({ ok: false, httpStatus: 401, activated: false });
    expect(test.json().message).toContain('Credenciais recusadas');
    expect(test.json().detail).toContain('invalid_client');
    // The refused credentials are saved, not live: the configuration tested before stays live.
    expect((await call('GET', '/api/admin/pix/config')).json()).toMatchObject({
      savedState: 'pending',
      apiActive: true,
      activeProvider: 'efi',
    });
  });

  it('shows an expired certificate as Expirado and the test fails at the TLS handshake', async () => {
    await call('PUT', '/api/admin/pix/credentials', {
      clientId: expiredFake.clientId,
      clientSecret: expiredFake.clientSecret,
      chavePix: expiredFake.pixKey,
      environment: 'production',
    });
    const cert = await call('POST', '/api/admin/pix/certificate', {
      filename: 'vencido.p12',
      certificateBase64: p12Of(expiredPki),
      password: expiredPki.clientP12Password,
    });
    expect(cert.statusCode).toBe(200);
    expect(cert.json().certificate.status).toBe('expired');
    const tokens = expiredFake.counters.tokensIssued;
    const test = await call('POST', '/api/admin/pix/test');
    expect(test.json().ok).toBe(false);
    expect(test.json().httpStatus).toBeNull();
    expect(expiredFake.counters.tokensIssued).toBe(tokens);

    // Removing the stored configuration brings back the environment's provider (the simulator).
    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/admin/pix/config',
      headers: { cookie: admin, origin: jsonHeaders.origin },
    });
    expect(removed.json()).toMatchObject({
      source: 'simulator',
      activeProvider: 'simulator',
      certificate: null,
    });
    expect(ctx.app.pix?.kind).toBe('simulator');
  });
});
