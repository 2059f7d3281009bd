import { describe, expect, it } from 'vitest';
import { groupSecret, secretFromUri } from './totp';
import { shortUserAgent } from './user-agent';

describe('shortUserAgent', () => {
  it.each([
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
      'Chrome 120 · Windows',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1',
      'Safari 17 · iOS',
    ],
    [
      'Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0',
      'Firefox 121 · Linux',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.2210.91',
      'Edge 120 · Windows',
    ],
    ['curl/8.4.0', 'curl/8.4.0'],
  ])('%s -> %s', (ua, expected) => {
    expect(shortUserAgent(ua)).toBe(expected);
  });

  it('cuts a long unknown agent', () => {
    expect(shortUserAgent('x'.repeat(100))).toBe(`${'x'.repeat(48)}…`);
  });
});

describe('TOTP secret', () => {
  it('reads the secret from the otpauth URI and groups it', () => {
    const uri =
      'otpauth://totp/Sorteio%20Certo:maria%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Sorteio%20Certo';
    expect(secretFromUri(uri)).toBe('JBSWY3DPEHPK3PXP');
    expect(groupSecret('JBSWY3DPEHPK3PXP')).toBe('JBSW Y3DP EHPK 3PXP');
    expect(secretFromUri('otpauth://totp/x?issuer=y')).toBeNull();
  });
});
