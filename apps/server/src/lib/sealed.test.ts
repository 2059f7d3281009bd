/**
 * The sealer follows the key ring: it seals with the current key and opens with any key of the
 * ring, including values from before key versions were written ("v1:").
 */
import { createCipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildKeyRing, keyVersion } from './key-ring';
import { createResealer, createSealer } from './sealed';

const OLD = 'segredo-antigo-segredo-antigo-segredo-0001';
const NEW = 'segredo-novo-segredo-novo-segredo-novo-0002';

/** A value in the format written before the ring: "v1:" + body, no key version. */
function sealV1(appSecret: string, purpose: string, plain: string): string {
  const key = Buffer.from(hkdfSync('sha256', appSecret, 'sorteio-certo', `sealed:${purpose}`, 32));
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `v1:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
}

describe('sealer', () => {
  it('seals with the current key and names its version', () => {
    const sealer = createSealer(buildKeyRing(NEW, [OLD]), 'efi-client-secret');
    const sealed = sealer.seal('client-secret-123');
    expect(sealed.startsWith(`v2:${keyVersion(NEW)}:`)).toBe(true);
    expect(sealed).not.toContain('client-secret-123');
    expect(sealer.openText(sealed)).toBe('client-secret-123');
    expect(sealer.sealedWithCurrent(sealed)).toBe(true);
    expect(sealer.reseal(sealed)).toBe(sealed);
    const bytes = randomBytes(300);
    expect(sealer.open(sealer.seal(bytes)).equals(bytes)).toBe(true);
  });

  it('opens after a rotation what the old secret sealed, and not once the old secret is gone', () => {
    const before = createSealer(buildKeyRing(OLD), 'efi-certificate');
    const sealed = before.seal('certificado');
    const rotated = createSealer(buildKeyRing(NEW, [OLD]), 'efi-certificate');
    expect(rotated.openText(sealed)).toBe('certificado');
    expect(rotated.sealedWithCurrent(sealed)).toBe(false);
    const again = rotated.reseal(sealed);
    expect(again.startsWith(`v2:${keyVersion(NEW)}:`)).toBe(true);

    const retired = createSealer(buildKeyRing(NEW), 'efi-certificate');
    expect(() => retired.open(sealed)).toThrow(/not in the key ring/);
    expect(retired.openText(again)).toBe('certificado');
  });

  it('opens v1 values with any key of the ring, current first', () => {
    const purpose = 'connection-config';
    const rotated = createSealer(buildKeyRing(NEW, [OLD]), purpose);
    expect(rotated.openText(sealV1(OLD, purpose, '{"token":"a"}'))).toBe('{"token":"a"}');
    expect(rotated.openText(sealV1(NEW, purpose, '{"token":"b"}'))).toBe('{"token":"b"}');
    const v1 = sealV1(OLD, purpose, 'x');
    expect(rotated.sealedWithCurrent(v1)).toBe(false);
    expect(rotated.openText(rotated.reseal(v1))).toBe('x');
    expect(() => createSealer(buildKeyRing(NEW), purpose).open(v1)).toThrow();
  });

  it('does not open a value sealed for another purpose', () => {
    const ring = buildKeyRing(NEW, [OLD]);
    const sealed = createSealer(ring, 'efi-client-secret').seal('segredo');
    expect(() => createSealer(ring, 'connection-config').open(sealed)).toThrow();
    const v1 = sealV1(OLD, 'efi-client-secret', 'segredo');
    expect(() => createSealer(ring, 'connection-config').open(v1)).toThrow();
  });

  it('refuses values of an unknown format or tampered with', () => {
    const sealer = createSealer(buildKeyRing(NEW), 'p');
    expect(() => sealer.open('segredo em claro')).toThrow(/unknown format/);
    const sealed = sealer.seal('abc');
    const tampered = `${sealed.slice(0, -2)}${sealed.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(() => sealer.open(tampered)).toThrow();
  });

  it('counts what a re-encryption moved and leaves what no key opens', () => {
    const purpose = 'p';
    const old = createSealer(buildKeyRing(OLD), purpose).seal('a');
    const current = createSealer(buildKeyRing(NEW), purpose).seal('b');
    const lost = createSealer(buildKeyRing('outro-segredo-outro-segredo-outro-0003'), purpose).seal(
      'c',
    );
    const sealer = createSealer(buildKeyRing(NEW, [OLD]), purpose);
    const resealer = createResealer();
    const moved = [old, current, lost].map((v) => resealer.reseal(sealer, v));
    expect(resealer.count).toEqual({ checked: 3, resealed: 1, unreadable: 1 });
    expect(sealer.sealedWithCurrent(moved[0]!)).toBe(true);
    expect(moved[1]).toBe(current);
    expect(moved[2]).toBe(lost);
  });
});
