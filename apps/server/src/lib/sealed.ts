/**
 * Secrets at rest (DESIGN.md section 7): EFI credentials, the .p12 certificate and its password,
 * secret values of connection configs. AES-256-GCM with a key derived from APP_SECRET by HKDF, so
 * every server copy with the same APP_SECRET opens what another sealed, and the database alone
 * reveals nothing. Format: "v1:" + base64url(iv(12) | tag(16) | ciphertext).
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';

function keyOf(appSecret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', appSecret, 'sorteio-certo', `sealed:${purpose}`, 32));
}

export interface Sealer {
  seal(plain: string | Buffer): string;
  open(sealed: string): Buffer;
  openText(sealed: string): string;
}

/** `purpose` separates keys (a value sealed for one use cannot be opened as another). */
export function createSealer(appSecret: string, purpose: string): Sealer {
  const key = keyOf(appSecret, purpose);
  function open(sealed: string): Buffer {
    const [version, data] = sealed.split(':');
    if (version !== VERSION || !data) throw new Error('sealed value: unknown format');
    const raw = Buffer.from(data, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]);
  }
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([
        cipher.update(typeof plain === 'string' ? Buffer.from(plain, 'utf8') : plain),
        cipher.final(),
      ]);
      return `${VERSION}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
    },
    open,
    openText: (sealed) => open(sealed).toString('utf8'),
  };
}

/** "abcd1234wxyz" -> "abcd••••wxyz"; short values are fully masked. */
export function maskSecret(value: string): string {
  if (value.length <= 8) return '•'.repeat(Math.max(value.length, 4));
  return `${value.slice(0, 4)}${'•'.repeat(Math.min(value.length - 8, 12))}${value.slice(-4)}`;
}
