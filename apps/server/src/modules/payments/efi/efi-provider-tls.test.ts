/**
 * Contract tests of the EFI adapter (see efi-provider.test.ts): webhooks, mTLS, loadP12 and amounts.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { request as httpsRequest } from 'node:https';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatAmount, parseAmount } from '../pix-provider';
import { loadP12, p12ToPem } from './certificates';
import { createEfiProvider } from './efi-provider';
import {
  providers,
  useFakeEfi,
  pki,
  foreign,
  fake,
  efiConfig,
  provider,
  newTxid,
  requestsTo,
  rejection,
} from './efi-test-setup';

useFakeEfi();

describe('webhooks', () => {
  it('registerWebhook puts the URL on the account key, demanding mTLS', async () => {
    const url = 'https://sorteio.example.com/api/webhooks/pix/abc123?ignorar=';
    await provider().registerWebhook(url);
    const [put] = requestsTo('PUT', '/v2/webhook/');
    expect(put?.path).toBe(`/v2/webhook/${encodeURIComponent(fake.pixKey)}`);
    expect(put?.body).toEqual({ webhookUrl: url });
    expect(fake.webhooks.get(fake.pixKey)).toEqual({ webhookUrl: url, skipMtlsChecking: 'false' });
  });

  it('parseWebhook reads a realistic EFI notification', () => {
    // Shape from https://dev.efipay.com.br/docs/api-pix/webhooks (callback of received PIX).
    const body = {
      pix: [
        {
          endToEndId: 'E09089356202603011200API5a4b3c2d',
          txid: 'a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6',
          chave: 'pix@sorteio.example',
          valor: '12.34',
          horario: '2026-03-01T12:00:00.000Z',
          infoPagador: 'Entrada',
          gnExtras: {
            pagador: { nome: 'Gorbadoc Oldbuck', cpf: '***.456.789-**', codigoBanco: '09089356' },
          },
        },
        {
          endToEndId: 'E18236120202603011201s0123456789',
          chave: 'pix@sorteio.example',
          valor: '0.50',
          horario: '2026-03-01T12:01:00-03:00',
        },
      ],
    };
    expect(provider().parseWebhook(body)).toEqual([
      {
        endToEndId: 'E09089356202603011200API5a4b3c2d',
        txid: 'a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6',
        amountCentavos: 1234,
        paidAt: new Date('2026-03-01T12:00:00.000Z'),
      },
      {
        endToEndId: 'E18236120202603011201s0123456789',
        txid: null,
        amountCentavos: 50,
        paidAt: new Date('2026-03-01T15:01:00.000Z'),
      },
    ]);
    expect(() => provider().parseWebhook({ evento: 'teste' })).toThrow();
    expect(() =>
      provider().parseWebhook({
        pix: [{ endToEndId: 'E1', valor: '1,00', horario: '2026-03-01T12:00:00Z' }],
      }),
    ).toThrow();
  });
});

describe('mTLS', () => {
  it('a client certificate from another CA is refused before any request reaches the API', async () => {
    const efi = provider({
      certP12Path: foreign.clientP12Path,
      certPassword: foreign.clientP12Password,
    });
    const error = await rejection(efi.getCharge(newTxid()));
    // Under TLS 1.3 the refusal arrives either as a TLS alert (non-retryable) or, when the server
    // closes first, as a reset before any answer (retryable, since a network reset looks the
    // same); both name the certificate to check (efi-provider.ts, docs/efi.md).
    if (error.message.includes('TLS handshake refused')) {
      expect(error.options.retryable).toBe(false);
    } else {
      expect(error.message).toContain('connection reset before any answer');
      expect(error.message).toContain('EFI_CERT_P12');
      expect(error.options.retryable).toBe(true);
    }
    expect(error.options.status).toBeUndefined();
    expect(fake.requests).toHaveLength(0);
    expect(fake.counters.tlsClientErrors).toBeGreaterThan(0);
    expect(fake.counters.tokensIssued).toBe(0);
  });

  it('a plain https request without a client certificate gets a TLS error', async () => {
    const error = await new Promise<NodeJS.ErrnoException>((resolve, reject) => {
      const req = httpsRequest(
        `${fake.baseUrl}/oauth/token`,
        { method: 'POST', ca: pki.caCertPem },
        (res) => {
          reject(new Error(`unexpected answer ${res.statusCode}`));
        },
      );
      req.on('error', resolve);
      req.end(JSON.stringify({ grant_type: 'client_credentials' }));
    });
    expect(error.code).toMatch(/^ERR_SSL_.*ALERT/);
    expect(fake.requests).toHaveLength(0);
    expect(fake.counters.tlsClientErrors).toBeGreaterThan(0);
  });

  it('an untrusted server certificate is refused by the adapter (non-retryable)', async () => {
    const efi = createEfiProvider(efiConfig());
    providers.push(efi);
    const error = await rejection(efi.getCharge(newTxid()));
    expect(error.options.retryable).toBe(false);
    expect(error.message).toContain('TLS handshake refused');
  });
});

describe('loadP12', () => {
  it('reads a forge (AES-256) .p12 into a key and the chain, client certificate first', () => {
    const { key, cert } = loadP12(pki.clientP12Path, pki.clientP12Password);
    expect(key).toContain('PRIVATE KEY-----');
    expect(cert.indexOf(pki.clientCertPem.trim())).toBe(0);
    expect(cert).toContain(pki.caCertPem.trim());
  });

  it('names the file but never the password when the password is wrong', () => {
    expect(() => loadP12(pki.clientP12Path, 'senha-errada-xyz')).toThrow(/EFI_CERT_PASSWORD/);
    try {
      loadP12(pki.clientP12Path, 'senha-errada-xyz');
    } catch (error) {
      expect(String(error)).not.toContain('senha-errada-xyz');
    }
  });

  const hasOpenssl = (() => {
    try {
      execFileSync('openssl', ['version'], { stdio: 'ignore' });
      return true;
    } catch {
      return false;
    }
  })();

  // prettier-ignore
  it.skipIf(!hasOpenssl)( // skipped only without the openssl command that writes the legacy files
    'reads OpenSSL 3 default and legacy (RC2/3DES, SHA-1 MAC) .p12 files',
    () => {
      const dir = path.dirname(pki.clientP12Path);
      writeFileSync(path.join(dir, 'client.key'), pki.clientKeyPem);
      writeFileSync(path.join(dir, 'client.crt'), pki.clientCertPem);
      for (const [name, extra] of [
        ['default.p12', []],
        ['legacy.p12', ['-legacy']],
      ] as const) {
        const out = path.join(dir, name);
        execFileSync(
          'openssl',
          [
            'pkcs12',
            '-export',
            ...extra,
            '-inkey',
            'client.key',
            '-in',
            'client.crt',
            '-out',
            out,
            '-passout',
            'pass:abc123',
          ],
          {
            cwd: dir,
            stdio: 'ignore',
          },
        );
        const pem = p12ToPem(readFileSync(out), 'abc123');
        expect(pem.cert.trim()).toBe(pki.clientCertPem.trim());
      }
    },
  );
});

describe('amounts', () => {
  it('formatAmount and parseAmount round-trip every centavo amount EFI accepts', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999_999_999_999 }), (centavos) => {
        const text = formatAmount(centavos);
        expect(text).toMatch(/^\d{1,10}\.\d{2}$/);
        expect(parseAmount(text)).toBe(centavos);
      }),
    );
    fc.assert(
      fc.property(fc.stringMatching(/^(0|[1-9]\d{0,9})\.\d{2}$/), (text) => {
        expect(formatAmount(parseAmount(text))).toBe(text);
      }),
    );
  });
});
