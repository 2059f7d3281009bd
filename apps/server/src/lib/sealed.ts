/**
 * Secrets at rest (DESIGN.md section 7): EFI credentials, the .p12 certificate and its password,
 * secret values of connection configs, the data-export files. AES-256-GCM with a key derived by
 * HKDF from a secret of the key ring (lib/key-ring.ts, docs/decisions/008-key-ring.md), so every
 * server copy with the same APP_SECRET opens what another sealed, a rotation keeps what the
 * previous secrets sealed readable, and the database alone reveals nothing.
 *
 * Format: "v2:<key version>:" + base64url(iv(12) | tag(16) | ciphertext), sealed with the current
 * key. Values from before the ring ("v1:" + the same body, no key version) are opened by trying
 * each key of the ring, current first.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { KeyRing, ResealCount } from './key-ring';

function keyOf(appSecret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', appSecret, 'sorteio-certo', `sealed:${purpose}`, 32));
}

function openWith(key: Buffer, data: string): Buffer {
  const raw = Buffer.from(data, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]);
}

export interface Sealer {
  /** Seals with the current key of the ring. */
  seal(plain: string | Buffer): string;
  /** Opens a value sealed by any key of the ring (throws when none opens it). */
  open(sealed: string): Buffer;
  openText(sealed: string): string;
  /** Whether the value is already sealed with the current key. */
  sealedWithCurrent(sealed: string): boolean;
  /** The value sealed with the current key (the same string when it already is). */
  reseal(sealed: string): string;
}

/** `purpose` separates keys (a value sealed for one use cannot be opened as another). */
export function createSealer(ring: KeyRing, purpose: string): Sealer {
  const keys = ring.keys.map((k) => ({ version: k.version, key: keyOf(k.value, purpose) }));
  const current = keys[0]!;

  function open(sealed: string): Buffer {
    const parts = sealed.split(':');
    if (parts[0] === 'v2' && parts.length === 3 && parts[2]) {
      const version = Number(parts[1]);
      const found = keys.find((k) => k.version === version);
      if (!found) throw new Error('sealed value: its key is not in the key ring');
      return openWith(found.key, parts[2]);
    }
    if (parts[0] === 'v1' && parts.length === 2 && parts[1]) {
      let last: unknown;
      for (const k of keys) {
        try {
          return openWith(k.key, parts[1]);
        } catch (error) {
          last = error;
        }
      }
      throw last instanceof Error ? last : new Error('sealed value: no key of the ring opens it');
    }
    throw new Error('sealed value: unknown format');
  }

  function seal(plain: string | Buffer): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', current.key, iv);
    const body = Buffer.concat([
      cipher.update(typeof plain === 'string' ? Buffer.from(plain, 'utf8') : plain),
      cipher.final(),
    ]);
    const data = Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
    return `v2:${current.version}:${data}`;
  }

  const sealedWithCurrent = (sealed: string) => sealed.startsWith(`v2:${current.version}:`);

  return {
    seal,
    open,
    openText: (sealed) => open(sealed).toString('utf8'),
    sealedWithCurrent,
    reseal: (sealed) => (sealedWithCurrent(sealed) ? sealed : seal(open(sealed))),
  };
}

/**
 * Seals values again with the current key, counting them. A value no key of the ring opens is
 * kept as it is (and counted), so one lost value does not stop the others from moving.
 */
export function createResealer() {
  const count: ResealCount = { checked: 0, resealed: 0, unreadable: 0 };
  return {
    count,
    reseal(sealer: Sealer, value: string): string {
      count.checked += 1;
      if (sealer.sealedWithCurrent(value)) return value;
      try {
        const next = sealer.reseal(value);
        count.resealed += 1;
        return next;
      } catch {
        count.unreadable += 1;
        return value;
      }
    },
  };
}

/** "abcd1234wxyz" -> "abcd••••wxyz"; short values are fully masked. */
export function maskSecret(value: string): string {
  if (value.length <= 8) return '•'.repeat(Math.max(value.length, 4));
  return `${value.slice(0, 4)}${'•'.repeat(Math.min(value.length - 8, 12))}${value.slice(-4)}`;
}
