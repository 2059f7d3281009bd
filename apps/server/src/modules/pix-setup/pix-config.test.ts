/**
 * /gerencianet-config against a fake EFI Pix API with real mTLS: the certificate is checked and
 * sealed, secrets never come back nor sit in plain text in the database, 'Testar Integração' is a
 * real OAuth token request (success, refused credentials, an expired certificate), and a complete
 * stored configuration becomes the active provider without a restart.
 */
import { readFileSync } from 'node:fs';
import { integrationMessages } from '@sorteio/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pixProviderConfig, staffAuditLog } from '../../db/schema';
import { type TestPki, generateTestPki } from '../payments/efi/fake-efi-server';
import { useEfiAdminApp } from '../../test/efi-admin-app';
import { jsonHeaders, verifiedPlayer } from '../../test/helpers';

const efi = useEfiAdminApp({
  // The second server (production) presents an expired client certificate.
  pkis: () => [
    generateTestPki({
      clientValidity: {
        notBefore: new Date(Date.now() - 60_000),
        notAfter: new Date(Date.now() + 365 * 86_400_000),
      },
    }),
    generateTestPki({
      clientValidity: {
        notBefore: new Date(Date.now() - 400 * 86_400_000),
        notAfter: new Date(Date.now() - 86_400_000),
      },
    }),
  ],
  productionUrl: (fakes) => fakes[1]!.baseUrl,
  adminIp: '198.18.71.1',
});
const { ctx, call } = efi;
let serverOnlyPki: TestPki;
beforeAll(() => {
  serverOnlyPki = generateTestPki({ clientIsServer: true });
});
afterAll(() => serverOnlyPki.cleanup());

const p12Of = (p: TestPki) => readFileSync(p.clientP12Path).toString('base64');

describe('PIX provider configuration', () => {
  it('checks the certificate: extension, password, client certificate', async () => {
    const wrongExt = await call('POST', '/api/admin/pix/certificate', {
      filename: 'cert.pem',
      certificateBase64: p12Of(efi.pki),
      password: efi.pki.clientP12Password,
    });
    expect(wrongExt.statusCode).toBe(400);
    expect(wrongExt.body).toContain(integrationMessages.certificateInvalidFile);

    const wrongPassword = await call('POST', '/api/admin/pix/certificate', {
      filename: 'cert.p12',
      certificateBase64: p12Of(efi.pki),
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
      clientId: efi.fake.clientId,
      clientSecret: efi.fake.clientSecret,
      chavePix: efi.fake.pixKey,
      environment: 'sandbox',
    });
    expect(creds.statusCode).toBe(200);
    const cert = await call('POST', '/api/admin/pix/certificate', {
      filename: 'producao.p12',
      certificateBase64: p12Of(efi.pki),
      password: efi.pki.clientP12Password,
    });
    expect(cert.statusCode).toBe(200);
    const config = cert.json();
    expect(config.certificate).toMatchObject({
      filename: 'producao.p12',
      status: 'active',
    });
    expect(config.certificate.subject).toContain('CN=fake-efi-client');
    expect(config.certificate.issuer).toContain('CN=Fake EFI Test CA');
    expect(config.credentials.clientIdMasked).not.toBe(efi.fake.clientId);
    const answer = JSON.stringify(config);
    expect(answer).not.toContain(efi.fake.clientSecret);
    expect(answer).not.toContain(efi.pki.clientP12Password);
    expect(answer).not.toContain(efi.fake.clientId);

    // Encryption at rest: no column holds a secret in plain text.
    const [row] = await ctx.database.db.select().from(pixProviderConfig);
    const stored = JSON.stringify(row);
    expect(stored).not.toContain(efi.fake.clientSecret);
    expect(stored).not.toContain(efi.pki.clientP12Password);
    expect(stored).not.toContain(p12Of(efi.pki).slice(0, 40));

    const tokensBefore = efi.fake.counters.tokensIssued;
    const test = await call('POST', '/api/admin/pix/test');
    expect(test.statusCode).toBe(200);
    expect(test.json()).toMatchObject({ ok: true, httpStatus: 200 });
    expect(efi.fake.counters.tokensIssued).toBeGreaterThan(tokensBefore);
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
    expect(JSON.stringify(audit)).not.toContain(efi.fake.clientSecret);
  });

  it('switches the active provider without a restart: a top-up charge goes to EFI', async () => {
    const p = await verifiedPlayer(ctx);
    const charges = efi.fake.charges.size;
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/wallet/topup',
      headers: { ...jsonHeaders, cookie: p.cookie },
      payload: { valor: 2500 },
    });
    expect(res.statusCode).toBe(200);
    expect(efi.fake.charges.size).toBe(charges + 1);
    expect(ctx.app.pix?.kind).toBe('efi');
    // The new provider registered the PIX webhook for the stored key after the change (the fake,
    // like EFI, then refuses this test's http:// address; production BASE_URL is https).
    await expect
      .poll(() =>
        efi.fake.requests.some((r) => r.method === 'PUT' && r.path.startsWith('/v2/webhook/')),
      )
      .toBe(true);
  });

  it('reports refused credentials with the HTTP status and the provider error', async () => {
    await call('PUT', '/api/admin/pix/credentials', {
      clientId: efi.fake.clientId,
      clientSecret: 'segredo-errado',
      chavePix: efi.fake.pixKey,
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
      clientId: efi.fakes[1]!.clientId,
      clientSecret: efi.fakes[1]!.clientSecret,
      chavePix: efi.fakes[1]!.pixKey,
      environment: 'production',
    });
    const cert = await call('POST', '/api/admin/pix/certificate', {
      filename: 'vencido.p12',
      certificateBase64: p12Of(efi.pkis[1]!),
      password: efi.pkis[1]!.clientP12Password,
    });
    expect(cert.statusCode).toBe(200);
    expect(cert.json().certificate.status).toBe('expired');
    const tokens = efi.fakes[1]!.counters.tokensIssued;
    const test = await call('POST', '/api/admin/pix/test');
    expect(test.json().ok).toBe(false);
    expect(test.json().httpStatus).toBeNull();
    expect(efi.fakes[1]!.counters.tokensIssued).toBe(tokens);

    // Removing the stored configuration brings back the environment's provider (the simulator).
    const removed = await call('DELETE', '/api/admin/pix/config');
    expect(removed.json()).toMatchObject({
      source: 'simulator',
      activeProvider: 'simulator',
      certificate: null,
    });
    expect(ctx.app.pix?.kind).toBe('simulator');
  });
});
