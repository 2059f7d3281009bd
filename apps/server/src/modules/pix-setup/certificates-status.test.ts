/**
 * Certificados tab and the /gerencianet-config banner: the inventory of uploaded certificates with
 * counters from each certificate's own notAfter, the size, 'Atualizar status' re-opening every
 * file, and the banner's environment and last successful call recorded from real calls to a fake
 * EFI server over mTLS.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import forge from 'node-forge';
import { describe, expect, it } from 'vitest';
import { pixCertificates, pixProviderCalls, staffAuditLog } from '../../db/schema';
import { generateTestPki } from '../payments/efi/fake-efi-server';
import { useEfiAdminApp } from '../../test/efi-admin-app';
import { createUser, jsonHeaders, signIn } from '../../test/helpers';

const DAY = 86_400_000;

/** A self-signed TLS client certificate with the given notAfter, as a .p12 (base64). */
function clientP12(notAfter: Date, password: string, commonName: string): string {
  const keys = forge.pki.rsa.generateKeyPair({ bits: 2048, e: 0x10001 });
  const cert = forge.pki.createCertificate();
  cert.publicKey = keys.publicKey;
  cert.serialNumber = `01${randomBytes(8).toString('hex')}`;
  cert.validity.notBefore = new Date(Math.min(Date.now(), notAfter.getTime()) - 400 * DAY);
  cert.validity.notAfter = notAfter;
  const subject = [
    { name: 'commonName', value: commonName },
    { name: 'organizationName', value: 'Teste Certificados' },
  ];
  cert.setSubject(subject);
  cert.setIssuer(subject);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false, critical: true },
    { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true },
    { name: 'extKeyUsage', clientAuth: true },
  ]);
  cert.sign(keys.privateKey, forge.md.sha256.create());
  const p12 = forge.pkcs12.toPkcs12Asn1(keys.privateKey, [cert], password, { algorithm: 'aes256' });
  return Buffer.from(forge.asn1.toDer(p12).getBytes(), 'binary').toString('base64');
}

const efi = useEfiAdminApp({
  pkis: () => [
    generateTestPki({
      clientValidity: {
        notBefore: new Date(Date.now() - 60_000),
        notAfter: new Date(Date.now() + 200 * DAY),
      },
    }),
  ],
  productionUrl: () => 'https://127.0.0.1:9',
  adminIp: '198.18.75.1',
});
const { ctx, call } = efi;

describe('certificates inventory', () => {
  it('counts Ativo / Expirando / Expirado from each certificate notAfter and shows the size', async () => {
    const empty = await call('GET', '/api/admin/pix/certificates');
    expect(empty.json()).toEqual({ items: [], counts: { active: 0, expiring: 0, expired: 0 } });

    const uploads = [
      { filename: 'ativo-1.p12', notAfter: new Date(Date.now() + 300 * DAY) },
      { filename: 'ativo-2.pfx', notAfter: new Date(Date.now() + 31 * DAY + 3_600_000) },
      { filename: 'expirando.p12', notAfter: new Date(Date.now() + 10 * DAY) },
      { filename: 'vencido.p12', notAfter: new Date(Date.now() - DAY) },
    ];
    const sizes: Record<string, number> = {};
    for (const u of uploads) {
      const certificateBase64 = clientP12(u.notAfter, 'senha-cert', u.filename);
      sizes[u.filename] = Buffer.from(certificateBase64, 'base64').length;
      const res = await call('POST', '/api/admin/pix/certificate', {
        filename: u.filename,
        certificateBase64,
        password: 'senha-cert',
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const list = (await call('GET', '/api/admin/pix/certificates')).json();
    expect(list.counts).toEqual({ active: 2, expiring: 1, expired: 1 });
    expect(list.items).toHaveLength(4);
    // The last upload is the one in use, listed first.
    expect(list.items[0]).toMatchObject({
      filename: 'vencido.p12',
      inUse: true,
      status: 'expired',
    });
    expect(list.items.filter((i: { inUse: boolean }) => i.inUse)).toHaveLength(1);
    for (const item of list.items) {
      expect(item.sizeBytes).toBe(sizes[item.filename]);
      expect(item.sizeBytes).toBeGreaterThan(1000);
      expect(item.checkError).toBeNull();
    }
    const byName = Object.fromEntries(
      list.items.map((i: { filename: string; status: string }) => [i.filename, i.status]),
    );
    expect(byName).toEqual({
      'ativo-1.p12': 'active',
      'ativo-2.pfx': 'active',
      'expirando.p12': 'expiring',
      'vencido.p12': 'expired',
    });
    // Nothing secret in the answer nor in plain text in the table.
    expect(list.items[0]).not.toHaveProperty('certSealed');
    const rows = await ctx.database.db.select().from(pixCertificates);
    expect(JSON.stringify(rows)).not.toContain('senha-cert');
  });

  it('Atualizar status re-opens every file, corrects the stored status and flags unreadable ones', async () => {
    const db = ctx.database.db;
    const rows = await db.select().from(pixCertificates);
    const expiring = rows.find((r) => r.filename === 'expirando.p12')!;
    const broken = rows.find((r) => r.filename === 'ativo-1.p12')!;
    // The stored metadata drifted (as if read wrongly), and one sealed password no longer opens.
    await db
      .update(pixCertificates)
      .set({ validTo: new Date(Date.now() + 400 * DAY), status: 'active' })
      .where(eq(pixCertificates.id, expiring.id));
    await db
      .update(pixCertificates)
      .set({ passwordSealed: broken.certSealed })
      .where(eq(pixCertificates.id, broken.id));
    expect((await call('GET', '/api/admin/pix/certificates')).json().counts).toEqual({
      active: 3,
      expiring: 0,
      expired: 1,
    });

    const refreshed = await call('POST', '/api/admin/pix/certificates/refresh');
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    const body = refreshed.json();
    expect(body).toMatchObject({ checked: 4, changed: 2, unreadable: 1 });
    expect(body.counts).toEqual({ active: 2, expiring: 1, expired: 1 });
    const after = await db.select().from(pixCertificates);
    const fixed = after.find((r) => r.id === expiring.id)!;
    expect(fixed.status).toBe('expiring');
    expect(fixed.validTo.getTime()).toBe(expiring.validTo.getTime());
    expect(fixed.statusCheckedAt.getTime()).toBeGreaterThan(expiring.statusCheckedAt.getTime());
    expect(after.find((r) => r.id === broken.id)!.checkError).toContain('não abre');
    const audit = await db
      .select({ after: staffAuditLog.after })
      .from(staffAuditLog)
      .where(eq(staffAuditLog.action, 'pix.certificates.refresh'));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.after).toMatchObject({ checked: 4, changed: 2, unreadable: 1 });
  });

  it('deletes a certificate not in use, never the one in use; only for pix.manage', async () => {
    const list = (await call('GET', '/api/admin/pix/certificates')).json();
    const inUse = list.items.find((i: { inUse: boolean }) => i.inUse);
    const old = list.items.find((i: { filename: string }) => i.filename === 'ativo-2.pfx');
    const refused = await call('DELETE', `/api/admin/pix/certificates/${inUse.id}`);
    expect(refused.statusCode).toBe(409);
    const manager = await signIn(ctx, await createUser(ctx, { role: 'manager' }), '198.18.75.2');
    const forbidden = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/admin/pix/certificates/${old.id}`,
      headers: { cookie: manager, origin: jsonHeaders.origin },
    });
    expect(forbidden.statusCode).toBe(403);
    const deleted = await call('DELETE', `/api/admin/pix/certificates/${old.id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().items).toHaveLength(3);
    expect(deleted.json().counts).toEqual({ active: 1, expiring: 1, expired: 1 });
  });
});

describe('the configuration banner', () => {
  it('shows the simulator as not configured, then EFI with its environment and last good call', async () => {
    const before = (await call('GET', '/api/admin/pix/config')).json();
    expect(before).toMatchObject({
      configured: false,
      environment: null,
      lastSuccessfulCall: null,
    });

    await call('PUT', '/api/admin/pix/credentials', {
      clientId: efi.fake.clientId,
      clientSecret: efi.fake.clientSecret,
      chavePix: efi.fake.pixKey,
      environment: 'sandbox',
    });
    await call('POST', '/api/admin/pix/certificate', {
      filename: 'homologacao.p12',
      certificateBase64: readFileSync(efi.pki.clientP12Path).toString('base64'),
      password: efi.pki.clientP12Password,
    });
    // Saved, not live until a test passes (issue 36).
    const saved = (await call('GET', '/api/admin/pix/config')).json();
    expect(saved).toMatchObject({ configured: false, environment: null, savedState: 'pending' });

    const startedAt = Date.now();
    const test = await call('POST', '/api/admin/pix/test');
    expect(test.json().ok).toBe(true);
    const banner = (await call('GET', '/api/admin/pix/config')).json();
    expect(banner).toMatchObject({ configured: true, environment: 'sandbox' });
    expect(banner.lastSuccessfulCall).not.toBeNull();
    // The webhook registration after the switch may have been the first good call.
    expect(banner.lastSuccessfulCall.route).toMatch(/^(POST \/oauth\/token|PUT \/v2\/webhook)/);
    expect(Date.parse(banner.lastSuccessfulCall.at)).toBeGreaterThanOrEqual(startedAt - 60_000);
    const [stored] = await ctx.database.db
      .select()
      .from(pixProviderCalls)
      .where(eq(pixProviderCalls.host, efi.fake.baseUrl.replace(/\/+$/, '')));
    expect(stored).toBeDefined();

    // Production is another host: no successful call there yet, and after a failed test
    // (nothing listens there) the sandbox stays live with its last good call.
    await call('PUT', '/api/admin/pix/credentials', {
      clientId: efi.fake.clientId,
      chavePix: efi.fake.pixKey,
      environment: 'production',
    });
    expect((await call('POST', '/api/admin/pix/test')).json().ok).toBe(false);
    const production = (await call('GET', '/api/admin/pix/config')).json();
    expect(production).toMatchObject({
      configured: true,
      environment: 'sandbox',
      savedState: 'pending',
      credentials: { environment: 'production' },
    });
    expect(production.lastSuccessfulCall.at).toBe(banner.lastSuccessfulCall.at);
    // Put live on the operator's word, production shows no successful call.
    const forced = await call('POST', '/api/admin/pix/activate', {
      reason: 'Homologação do banco confirmada por telefone',
    });
    expect(forced.json()).toMatchObject({
      configured: true,
      environment: 'production',
      lastSuccessfulCall: null,
    });
  });

  it('removing the configuration removes the stored certificates too', async () => {
    const removed = await call('DELETE', '/api/admin/pix/config');
    expect(removed.json()).toMatchObject({ configured: false, environment: null });
    expect((await call('GET', '/api/admin/pix/certificates')).json().items).toEqual([]);
  });
});
