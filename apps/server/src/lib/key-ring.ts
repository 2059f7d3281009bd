/**
 * APP_SECRET rotation with a key ring (docs/decisions/008-key-ring.md). The current secret
 * encrypts and signs; the previous ones (APP_SECRET_PREVIOUS) still decrypt and verify what they
 * sealed, until `npm run secrets:reencrypt` has sealed everything again with the current one.
 * Sealed values carry the version of their key (the auth library's `$ba$<version>$` envelope here,
 * "v2:<version>:" in lib/sealed.ts); a version is derived from the secret itself, so it stays the
 * same across restarts and copies.
 */
import { createHash, createHmac } from 'node:crypto';
import { parseEnvelope, symmetricDecrypt, symmetricEncrypt } from 'better-auth/crypto';
import { eq } from 'drizzle-orm';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { twoFactor } from '../db/schema';

export interface KeyRing {
  /** Newest first: [current, ...previous]. */
  keys: { version: number; value: string }[];
}

/** What a re-encryption did to one kind of sealed value. */
export interface ResealCount {
  checked: number;
  /** Sealed again with the current key. */
  resealed: number;
  /** Opened by no key of the ring: left as they are. */
  unreadable: number;
}

export function keyVersion(secret: string): number {
  return Number.parseInt(createHash('sha256').update(secret).digest('hex').slice(0, 7), 16);
}

export function buildKeyRing(current: string, previous: readonly string[] = []): KeyRing {
  const seen = new Set<string>();
  const keys = [current, ...previous]
    .filter((s) => (seen.has(s) ? false : (seen.add(s), true)))
    .map((value) => ({ version: keyVersion(value), value }));
  return { keys };
}

/** The ring of a configuration: APP_SECRET, then APP_SECRET_PREVIOUS. */
export function keyRingOf(config: Pick<Config, 'appSecret' | 'appSecretPrevious'>): KeyRing {
  return buildKeyRing(config.appSecret, config.appSecretPrevious);
}

/** The auth library's secret configuration for the ring (its `secrets` option takes `keys`). */
function secretConfig(ring: KeyRing) {
  return {
    keys: new Map(ring.keys.map((k) => [k.version, k.value])),
    currentVersion: ring.keys[0]!.version,
  };
}

/** Seals with the current key. */
export function seal(ring: KeyRing, data: string): Promise<string> {
  return symmetricEncrypt({ key: secretConfig(ring), data });
}

/** Opens a value sealed by any key of the ring (versioned, or bare from before the ring). */
export async function unseal(ring: KeyRing, data: string): Promise<string> {
  if (parseEnvelope(data)) return symmetricDecrypt({ key: secretConfig(ring), data });
  let last: unknown;
  for (const k of ring.keys) {
    try {
      return await symmetricDecrypt({ key: k.value, data });
    } catch (error) {
      last = error;
    }
  }
  throw last instanceof Error ? last : new Error('no key of the ring opens this value');
}

/** Whether a sealed value is already sealed by the current key. */
export function sealedWithCurrent(ring: KeyRing, data: string): boolean {
  return parseEnvelope(data)?.version === ring.keys[0]!.version;
}

/** A backup code's keyed hash under every key of the ring, current first. */
export function backupCodeHashes(ring: KeyRing, code: string): string[] {
  return ring.keys.map((k) =>
    createHmac('sha256', k.value).update(`backup-code:${code.trim().toUpperCase()}`).digest('hex'),
  );
}

/**
 * Seals the TOTP secrets of two-factor sign-in again with the current key. Backup codes are
 * one-way hashes: they keep verifying under the key that made them while it stays in the ring,
 * and are replaced when the player generates new ones.
 */
export async function resealTwoFactorSecrets(db: Db, ring: KeyRing): Promise<ResealCount> {
  const rows = await db.select({ id: twoFactor.id, secret: twoFactor.secret }).from(twoFactor);
  const count: ResealCount = { checked: rows.length, resealed: 0, unreadable: 0 };
  for (const row of rows) {
    if (sealedWithCurrent(ring, row.secret)) continue;
    let plain: string;
    try {
      plain = await unseal(ring, row.secret);
    } catch {
      count.unreadable += 1;
      continue;
    }
    await db
      .update(twoFactor)
      .set({ secret: await seal(ring, plain) })
      .where(eq(twoFactor.id, row.id));
    count.resealed += 1;
  }
  return count;
}
