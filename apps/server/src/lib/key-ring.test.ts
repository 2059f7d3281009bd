/**
 * APP_SECRET rotation: after the switch the previous key still opens what it sealed (two-factor
 * secrets, backup codes), the new key seals, and the re-encryption command moves every stored
 * secret to the new key, after which the old key can leave the ring.
 */
import os from 'node:os';
import path from 'node:path';
import { mkdtempSync, rmSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { symmetricEncrypt } from 'better-auth/crypto';
import { eq } from 'drizzle-orm';
import { generateSync } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { twoFactor, user } from '../db/schema';
import { hashBackupCode } from '../modules/auth/backup-codes';
import {
  type TestContext,
  cookieHeader,
  createTestApp,
  createUser,
  jsonHeaders,
  signIn,
  testConfig,
} from '../test/helpers';
import type { App } from './fastify';
import {
  buildKeyRing,
  keyVersion,
  resealTwoFactorSecrets,
  sealedWithCurrent,
  unseal,
} from './key-ring';
import { createLocalStorage } from './storage';

const OLD = 'chave-antiga-chave-antiga-chave-antiga-0001';
const NEW = 'chave-nova-chave-nova-chave-nova-chave-0002';

let ctx: TestContext;
const extra: { app: App; dir: string }[] = [];
beforeAll(async () => {
  ctx = await createTestApp({ config: { appSecret: OLD } });
});
afterAll(async () => {
  for (const e of extra) {
    await e.app.close();
    rmSync(e.dir, { recursive: true, force: true });
  }
  await ctx.close();
});

/** Another server copy on the same database with another key ring. */
async function copyWith(appSecret: string, appSecretPrevious: string[]): Promise<App> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sorteio-ring-'));
  const app = await buildApp(testConfig({ appSecret, appSecretPrevious }), {
    database: ctx.database,
    mailer: ctx.mailer,
    storage: createLocalStorage(dir),
    skipMigrations: true,
    startJobs: false,
  });
  extra.push({ app, dir });
  return app;
}

const post = (app: App, url: string, payload: object, cookie?: string) =>
  app.inject({
    method: 'POST',
    url,
    headers: { ...jsonHeaders, ...(cookie ? { cookie } : {}) },
    payload,
    remoteAddress: `198.18.130.${Math.floor(Math.random() * 250) + 1}`,
  });

/** Sign-in with the second step on `app`; answers the final status. */
async function signInWith2fa(
  app: App,
  who: { email: string; password: string },
  step: { totp: string } | { backup: string },
) {
  const first = await post(app, '/api/auth/sign-in/email', {
    email: who.email,
    password: who.password,
  });
  expect(first.json()).toMatchObject({ twoFactorRedirect: true });
  const pending = cookieHeader(first.cookies);
  const res =
    'totp' in step
      ? await post(
          app,
          '/api/auth/two-factor/verify-totp',
          { code: generateSync({ secret: step.totp }) },
          pending,
        )
      : await post(app, '/api/auth/two-factor/verify-backup-code', { code: step.backup }, pending);
  return res.statusCode;
}

describe('key ring', () => {
  it('versions each key from the secret itself and keeps the current one first', () => {
    const ring = buildKeyRing(NEW, [OLD, NEW]);
    expect(ring.keys.map((k) => k.value)).toEqual([NEW, OLD]);
    expect(ring.keys[0]!.version).toBe(keyVersion(NEW));
    expect(keyVersion(NEW)).not.toBe(keyVersion(OLD));
  });

  it('rotates APP_SECRET without losing two-factor secrets or backup codes, then re-seals them', async () => {
    // A player with 2FA under the old key.
    const u = await createUser(ctx);
    const cookie = await signIn(ctx, u, '198.18.131.1');
    const enable = await post(
      ctx.app,
      '/api/auth/two-factor/enable',
      { password: u.password },
      cookie,
    );
    expect(enable.statusCode, enable.body).toBe(200);
    const { totpURI, backupCodes } = enable.json<{ totpURI: string; backupCodes: string[] }>();
    const secret = new URL(totpURI).searchParams.get('secret')!;
    const verified = await post(
      ctx.app,
      '/api/auth/two-factor/verify-totp',
      { code: generateSync({ secret }) },
      cookie,
    );
    expect(verified.statusCode, verified.body).toBe(200);
    // And one whose secret was sealed before the ring existed (bare, without a version).
    const legacy = await createUser(ctx);
    // (The same authenticator secret as the first player, to compute its codes.)
    const [uBefore] = await ctx.database.db
      .select()
      .from(twoFactor)
      .where(eq(twoFactor.userId, u.id));
    const raw = await unseal(buildKeyRing(OLD), uBefore!.secret);
    const legacySecret = secret;
    await ctx.database.db
      .update(user)
      .set({ twoFactorEnabled: true })
      .where(eq(user.id, legacy.id));
    await ctx.database.db.insert(twoFactor).values({
      id: randomUUID(),
      userId: legacy.id,
      secret: await symmetricEncrypt({ key: OLD, data: raw }),
      backupCodes: JSON.stringify([hashBackupCode(OLD, 'LEG123')]),
      verified: true,
    });

    // The rotation: the new key is current, the old one stays in the ring.
    const rotated = await copyWith(NEW, [OLD]);
    expect(await signInWith2fa(rotated, u, { totp: secret })).toBe(200);
    expect(await signInWith2fa(rotated, u, { backup: backupCodes[0]! })).toBe(200);
    expect(await signInWith2fa(rotated, legacy, { totp: legacySecret })).toBe(200);
    expect(await signInWith2fa(rotated, legacy, { backup: 'leg123' })).toBe(200);

    // A new secret is sealed with the new key.
    const fresh = await createUser(ctx);
    const freshCookie = cookieHeader(
      (
        await post(rotated, '/api/auth/sign-in/email', {
          email: fresh.email,
          password: fresh.password,
        })
      ).cookies,
    );
    expect(
      (
        await post(
          rotated,
          '/api/auth/two-factor/enable',
          { password: fresh.password },
          freshCookie,
        )
      ).statusCode,
    ).toBe(200);
    const ring = buildKeyRing(NEW, [OLD]);
    const [freshRow] = await ctx.database.db
      .select()
      .from(twoFactor)
      .where(eq(twoFactor.userId, fresh.id));
    expect(sealedWithCurrent(ring, freshRow!.secret)).toBe(true);

    // Without the old key, the old secrets cannot be opened yet ...
    const onlyNew = buildKeyRing(NEW);
    const [uRow] = await ctx.database.db.select().from(twoFactor).where(eq(twoFactor.userId, u.id));
    await expect(unseal(onlyNew, uRow!.secret)).rejects.toThrow();

    // ... until the command seals them again with the new key.
    const result = await resealTwoFactorSecrets(ctx.database.db, ring);
    expect(result).toEqual({ checked: 3, resealed: 2, unreadable: 0 });
    for (const row of await ctx.database.db.select().from(twoFactor))
      expect(sealedWithCurrent(ring, row.secret)).toBe(true);
    expect(await resealTwoFactorSecrets(ctx.database.db, ring)).toEqual({
      checked: 3,
      resealed: 0,
      unreadable: 0,
    });

    const retired = await copyWith(NEW, []);
    expect(await signInWith2fa(retired, u, { totp: secret })).toBe(200);
    expect(await signInWith2fa(retired, legacy, { totp: legacySecret })).toBe(200);
  }, 120_000);
});
