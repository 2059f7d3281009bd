/**
 * Issue 36 item 2: saving PIX credentials never switches live payments by itself. A saved
 * configuration goes live after a passing connection test (against the fake EFI server, real
 * mTLS) or an audited override with a reason; the one live before stays live until then; the
 * operator can return to the environment's provider; failures are told in Portuguese and players
 * never see the provider's raw error.
 */
import { readFileSync } from 'node:fs';
import { pixMessages } from '@sorteio/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { pixProviderConfig, staffAuditLog } from '../../db/schema';
import { useEfiAdminApp } from '../../test/efi-admin-app';
import { jsonHeaders, verifiedPlayer } from '../../test/helpers';

const efi = useEfiAdminApp({
  // A mistyped host: ".invalid" never resolves (RFC 2606), the operator's ENOTFOUND.
  productionUrl: () => 'https://pix.efi-nao-existe.invalid',
  adminIp: '198.18.72.1',
});
const { ctx, call } = efi;

const config = async () => (await call('GET', '/api/admin/pix/config')).json();

async function save(environment: 'sandbox' | 'production') {
  const creds = await call('PUT', '/api/admin/pix/credentials', {
    clientId: efi.fake.clientId,
    clientSecret: efi.fake.clientSecret,
    chavePix: efi.fake.pixKey,
    environment,
  });
  expect(creds.statusCode, creds.body).toBe(200);
}

async function topUp() {
  const player = await verifiedPlayer(ctx);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/wallet/topup',
    headers: { ...jsonHeaders, cookie: player.cookie },
    payload: { valor: 2500 },
  });
}

async function auditActions() {
  const rows = await ctx.database.db
    .select({ action: staffAuditLog.action, after: staffAuditLog.after })
    .from(staffAuditLog)
    .where(eq(staffAuditLog.targetType, 'pix_config'));
  return rows;
}

describe('PIX configuration goes live only after a passing test', () => {
  it('a saved configuration whose test fails (ENOTFOUND) leaves payments on the simulator', async () => {
    await save('production');
    const cert = await call('POST', '/api/admin/pix/certificate', {
      filename: 'producao.p12',
      certificateBase64: readFileSync(efi.pki.clientP12Path).toString('base64'),
      password: efi.pki.clientP12Password,
    });
    expect(cert.statusCode, cert.body).toBe(200);
    expect(cert.json()).toMatchObject({
      savedState: 'pending',
      active: null,
      activeProvider: 'simulator',
      source: 'simulator',
      configured: false,
    });
    expect(ctx.app.pix?.kind).toBe('simulator');

    const test = (await call('POST', '/api/admin/pix/test')).json();
    expect(test).toMatchObject({ ok: false, activated: false });
    expect(test.message).toContain('não foi encontrado');
    expect(test.message).not.toContain('ENOTFOUND');
    expect(test.detail).toMatch(/ENOTFOUND|EAI_AGAIN/);
    expect(await config()).toMatchObject({
      savedState: 'pending',
      activeProvider: 'simulator',
      configured: false,
    });
    // Players keep paying through what was live.
    expect((await topUp()).statusCode).toBe(200);
  });

  it('a passing test puts it live; a later failing save keeps the working one live', async () => {
    await save('sandbox');
    expect((await config()).savedState).toBe('pending');
    const test = (await call('POST', '/api/admin/pix/test')).json();
    expect(test).toMatchObject({ ok: true, activated: true });
    const live = await config();
    expect(live).toMatchObject({
      savedState: 'active',
      activeProvider: 'efi',
      source: 'stored',
      configured: true,
      active: { environment: 'sandbox', via: 'test', reason: null },
    });
    const charges = efi.fake.charges.size;
    expect((await topUp()).statusCode).toBe(200);
    expect(efi.fake.charges.size).toBe(charges + 1);

    await save('production');
    const failed = (await call('POST', '/api/admin/pix/test')).json();
    expect(failed.ok).toBe(false);
    expect(await config()).toMatchObject({
      savedState: 'pending',
      activeProvider: 'efi',
      active: { environment: 'sandbox' },
    });
    expect((await topUp()).statusCode).toBe(200);
    expect(efi.fake.charges.size).toBe(charges + 2);
    expect((await auditActions()).filter((a) => a.action === 'pix.activate')).toHaveLength(1);
    // The live copy keeps its secrets sealed, like the saved one.
    const [row] = await ctx.database.db.select().from(pixProviderConfig);
    expect(JSON.stringify(row!.activeConfig)).not.toContain(efi.fake.clientSecret);
    expect(JSON.stringify(row!.activeConfig)).not.toContain(efi.pki.clientP12Password);
  });

  it('an override needs a reason and is audited; players then get a Portuguese error', async () => {
    const noReason = await call('POST', '/api/admin/pix/activate', { reason: 'urgente' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.body).toContain('pelo menos 10 caracteres');
    expect((await config()).active.environment).toBe('sandbox');

    const reason = 'DNS do servidor em manutenção; o banco confirmou as credenciais';
    const forced = await call('POST', '/api/admin/pix/activate', { reason });
    expect(forced.statusCode, forced.body).toBe(200);
    expect(forced.json()).toMatchObject({
      savedState: 'active',
      active: { environment: 'production', via: 'override', reason },
    });
    const audit = (await auditActions()).filter((a) => a.action === 'pix.activate');
    expect(audit.at(-1)!.after).toMatchObject({ via: 'override', reason });

    const failed = await topUp();
    expect(failed.statusCode).toBe(503);
    expect(failed.json().error.message).toBe(
      `${pixMessages.generationFailed}: ${pixMessages.providerUnavailable}`,
    );
    expect(failed.body).not.toContain('ENOTFOUND');
  });

  it('returns to the environment provider (the simulator) and keeps the configuration saved', async () => {
    const back = await call('POST', '/api/admin/pix/deactivate');
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toMatchObject({
      active: null,
      savedState: 'pending',
      activeProvider: 'simulator',
      environmentProvider: 'simulator',
      credentialsConfigured: true,
      certificateUploaded: true,
    });
    expect(ctx.app.pix?.kind).toBe('simulator');
    expect((await topUp()).statusCode).toBe(200);
    expect((await auditActions()).some((a) => a.action === 'pix.deactivate')).toBe(true);
    const again = await call('POST', '/api/admin/pix/deactivate');
    expect(again.statusCode).toBe(409);
  });

  it('keeps a configuration saved before activation existed live, until it is replaced', async () => {
    // As the row stood before this change: complete, live as saved, no live copy.
    await ctx.database.db
      .update(pixProviderConfig)
      .set({ activationTracked: false, activeConfig: null })
      .where(eq(pixProviderConfig.id, 'efi'));
    await ctx.app.pixRuntime.reload();
    expect(await config()).toMatchObject({
      savedState: 'active',
      activeProvider: 'efi',
      active: { environment: 'production' },
    });
    await save('sandbox');
    expect(await config()).toMatchObject({
      savedState: 'pending',
      activeProvider: 'efi',
      active: { environment: 'production' },
    });
  });
});
