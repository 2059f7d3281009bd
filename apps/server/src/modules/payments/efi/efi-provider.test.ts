/**
 * Contract tests of the EFI adapter against a fake EFI Pix API on loopback that demands a client
 * certificate, as the real one does (https://dev.efipay.com.br/docs/api-pix/credenciais).
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { request as httpsRequest } from 'node:https';
import { createServer as createNetServer } from 'node:net';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Config } from '../../../config';
import { PixProviderError, formatAmount, parseAmount } from '../pix-provider';
import { loadP12, p12ToPem } from './certificates';
import { type EfiPixProvider, type EfiProviderOptions, createEfiProvider } from './efi-provider';
import { type FakeEfi, type TestPki, generateTestPki, startFakeEfi } from './fake-efi-server';

type EfiConfig = NonNullable<Config['efi']>;

let pki: TestPki;
/** A second, unrelated PKI: its client certificate is signed by a CA the fake does not know. */
let foreign: TestPki;
let fake: FakeEfi;
const providers: EfiPixProvider[] = [];

beforeAll(() => {
  pki = generateTestPki();
  foreign = generateTestPki({ p12Password: 'outra-senha' });
});
afterAll(() => {
  pki.cleanup();
  foreign.cleanup();
});
beforeEach(async () => {
  fake = await startFakeEfi(pki);
});
afterEach(async () => {
  vi.useRealTimers();
  for (const p of providers.splice(0)) p.close();
  await fake.close();
});

function efiConfig(overrides: Partial<EfiConfig> = {}): EfiConfig {
  return {
    clientId: fake.clientId,
    clientSecret: fake.clientSecret,
    pixKey: fake.pixKey,
    certP12Path: pki.clientP12Path,
    certPassword: pki.clientP12Password,
    sandbox: true,
    baseUrl: fake.baseUrl,
    ...overrides,
  };
}

function provider(
  overrides: Partial<EfiConfig> = {},
  options: EfiProviderOptions = {},
): EfiPixProvider {
  const p = createEfiProvider(efiConfig(overrides), { ca: Buffer.from(pki.caCertPem), ...options });
  providers.push(p);
  return p;
}

/** A txid following the Banco Central rule (26..35 alphanumerics). */
function newTxid(): string {
  return randomBytes(16).toString('hex');
}

function newIdEnvio(): string {
  return `saque${randomBytes(8).toString('hex')}`;
}

function requestsTo(method: string, prefix: string) {
  return fake.requests.filter((r) => r.method === method && r.path.startsWith(prefix));
}

async function rejection(promise: Promise<unknown>): Promise<PixProviderError> {
  const error = await promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PixProviderError);
  return error as PixProviderError;
}

const charge = (txid: string, amountCentavos = 1234) => ({
  txid,
  amountCentavos,
  expiresInSeconds: 900,
  description: 'Entrada na sala Sorteio de sexta',
});

describe('OAuth2 token', () => {
  it('is requested with Basic credentials and the client_credentials grant, then reused', async () => {
    const efi = provider();
    const txid = newTxid();
    await efi.createCharge(charge(txid));
    await efi.getCharge(txid);

    expect(fake.counters.tokensIssued).toBe(1);
    const [tokenRequest, ...apiRequests] = fake.requests;
    expect(tokenRequest).toMatchObject({
      method: 'POST',
      path: '/oauth/token',
      body: { grant_type: 'client_credentials' },
    });
    const basic = Buffer.from(`${fake.clientId}:${fake.clientSecret}`).toString('base64');
    expect(tokenRequest?.headers.authorization).toBe(`Basic ${basic}`);
    expect(apiRequests.map((r) => `${r.method} ${r.path}`)).toEqual([
      `PUT /v2/cob/${txid}`,
      'GET /v2/loc/1/qrcode',
      `GET /v2/cob/${txid}`,
    ]);
    for (const r of apiRequests) expect(r.headers.authorization).toMatch(/^Bearer \S+$/);
  });

  it('is shared by concurrent callers (one token request)', async () => {
    const txid = newTxid();
    await provider().createCharge(charge(txid));
    const efi = provider();
    const tokensBefore = fake.counters.tokensIssued;
    const states = await Promise.all(Array.from({ length: 5 }, () => efi.getCharge(txid)));
    expect(states.map((s) => s.status)).toEqual(['ATIVA', 'ATIVA', 'ATIVA', 'ATIVA', 'ATIVA']);
    expect(fake.counters.tokensIssued - tokensBefore).toBe(1);
  });

  it('is renewed 60 s before expires_in', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    const efi = provider();
    const txid = newTxid();
    await efi.createCharge(charge(txid));
    expect(fake.counters.tokensIssued).toBe(1);

    vi.setSystemTime(start + (3600 - 61) * 1000);
    await efi.getCharge(txid);
    expect(fake.counters.tokensIssued).toBe(1);

    vi.setSystemTime(start + (3600 - 59) * 1000);
    await efi.getCharge(txid);
    expect(fake.counters.tokensIssued).toBe(2);
  });

  it('is dropped on a 401 and the call retried once with a new token', async () => {
    const efi = provider();
    const txid = newTxid();
    await efi.createCharge(charge(txid));
    fake.revokeTokens();

    await expect(efi.getCharge(txid)).resolves.toMatchObject({ txid, status: 'ATIVA' });
    expect(fake.counters.tokensIssued).toBe(2);
    expect(requestsTo('GET', '/v2/cob/')).toHaveLength(2);
  });

  it('gives up after one retry when EFI keeps answering 401', async () => {
    const efi = provider();
    fake.fail({
      method: 'GET',
      path: '/v2/cob/',
      status: 401,
      body: { nome: 'nao_autorizado', mensagem: 'Acesso negado' },
      times: 5,
    });
    const error = await rejection(efi.getCharge(newTxid()));
    expect(error.options).toMatchObject({ status: 401, retryable: false });
    expect(requestsTo('GET', '/v2/cob/')).toHaveLength(2);
    expect(fake.counters.tokensIssued).toBe(2);
  });

  it('refused credentials give a non-retryable error without secrets', async () => {
    const efi = provider({ clientSecret: 'segredo-errado-123' });
    const error = await rejection(efi.getCharge(newTxid()));
    expect(error.options).toMatchObject({ status: 401, retryable: false });
    expect(error.message).toContain('invalid_client');
    expect(error.message).not.toContain('segredo-errado-123');
    expect(error.message).not.toContain(pki.clientP12Password);
  });
});

describe('charges', () => {
  it('createCharge sends the documented cob body and returns the BR Code and PNG', async () => {
    const efi = provider();
    const txid = newTxid();
    const created = await efi.createCharge(charge(txid, 1234));

    const [put] = requestsTo('PUT', '/v2/cob/');
    expect(put?.path).toBe(`/v2/cob/${txid}`);
    expect(put?.body).toEqual({
      calendario: { expiracao: 900 },
      valor: { original: '12.34' },
      chave: fake.pixKey,
      solicitacaoPagador: 'Entrada na sala Sorteio de sexta',
    });

    const stored = fake.charges.get(txid)!;
    expect(created.txid).toBe(txid);
    expect(created.brCode).toMatch(/^000201/);
    expect(created.brCode).toContain('BR.GOV.BCB.PIX');
    expect(created.qrPngDataUrl).toMatch(/^data:image\/png;base64,/);
    const png = Buffer.from(created.qrPngDataUrl.split(',')[1]!, 'base64');
    expect(png.subarray(0, 8)).toEqual(
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    );
    expect(created.expiresAt.getTime()).toBe(new Date(stored.criacao).getTime() + 900_000);
  });

  it('cuts solicitacaoPagador to 140 characters', async () => {
    const efi = provider();
    const txid = newTxid();
    await efi.createCharge({ ...charge(txid), description: 'x'.repeat(200) });
    expect(fake.charges.get(txid)?.body.solicitacaoPagador).toHaveLength(140);
  });

  it('creating the same charge again (a retry) answers the existing one', async () => {
    const efi = provider();
    const txid = newTxid();
    const first = await efi.createCharge(charge(txid));
    const again = await efi.createCharge(charge(txid));
    expect(again.brCode).toBe(first.brCode);
    expect(fake.charges.size).toBe(1);

    const error = await rejection(efi.createCharge(charge(txid, 999)));
    expect(error.options.retryable).toBe(false);
  });

  it('getCharge reports ATIVA, then CONCLUIDA with the received PIX in centavos', async () => {
    const efi = provider();
    const txid = newTxid();
    await efi.createCharge(charge(txid, 1234));
    await expect(efi.getCharge(txid)).resolves.toEqual({
      txid,
      status: 'ATIVA',
      amountCentavos: 1234,
      payments: [],
    });

    const paidAt = new Date('2026-03-01T12:00:00.000Z');
    const pix = fake.pay(txid, { paidAt });
    await expect(efi.getCharge(txid)).resolves.toEqual({
      txid,
      status: 'CONCLUIDA',
      amountCentavos: 1234,
      payments: [{ endToEndId: pix.endToEndId, txid, amountCentavos: 1234, paidAt }],
    });
  });

  it('an unknown txid is a non-retryable 404', async () => {
    const error = await rejection(provider().getCharge(newTxid()));
    expect(error.options).toMatchObject({ status: 404, retryable: false });
    expect(error.message).toContain('cobranca_nao_encontrada');
  });

  it('rejects an invalid txid or amount before calling EFI', async () => {
    const efi = provider();
    for (const call of [
      efi.getCharge('../v2/webhook'),
      efi.createCharge(charge(newTxid(), 12.5)),
    ]) {
      const error = await rejection(call);
      expect(error.options.retryable).toBe(false);
    }
    expect(fake.requests).toHaveLength(0);
  });
});

describe('sending PIX', () => {
  const transfer = (idEnvio: string, amountCentavos = 2500) => ({
    idEnvio,
    amountCentavos,
    pixKey: 'ganhador@example.com',
    description: 'Prêmio da sala 42',
  });

  it('sends the documented body; the same idEnvio twice pays once', async () => {
    const efi = provider();
    const idEnvio = newIdEnvio();
    const first = await efi.sendPix(transfer(idEnvio));
    const second = await efi.sendPix(transfer(idEnvio));

    expect(fake.counters.transfersMade).toBe(1);
    expect(first).toEqual({
      idEnvio,
      endToEndId: fake.sent.get(idEnvio)?.e2eId,
      status: 'EM_PROCESSAMENTO',
    });
    expect(second).toEqual(first);
    const puts = requestsTo('PUT', '/v3/gn/pix/');
    expect(puts).toHaveLength(2);
    expect(puts[0]?.path).toBe(`/v3/gn/pix/${idEnvio}`);
    expect(puts[0]?.body).toEqual({
      valor: '25.00',
      pagador: { chave: fake.pixKey, infoPagador: 'Prêmio da sala 42' },
      favorecido: { chave: 'ganhador@example.com' },
    });
    expect(requestsTo('GET', '/v2/gn/pix/enviados/id-envio/').map((r) => r.path)).toEqual([
      `/v2/gn/pix/enviados/id-envio/${idEnvio}`,
    ]);
  });

  it('a reused idEnvio with another amount is refused, not reported as sent', async () => {
    const efi = provider();
    const idEnvio = newIdEnvio();
    await efi.sendPix(transfer(idEnvio, 2500));
    const error = await rejection(efi.sendPix(transfer(idEnvio, 9900)));
    expect(error.options.retryable).toBe(false);
    expect(fake.counters.transfersMade).toBe(1);
  });

  it('getSentPix follows the transfer to REALIZADO; an unknown idEnvio is a 404', async () => {
    const efi = provider();
    const idEnvio = newIdEnvio();
    const sent = await efi.sendPix(transfer(idEnvio));
    await expect(efi.getSentPix(idEnvio)).resolves.toEqual(sent);
    fake.settleSent(idEnvio, 'REALIZADO');
    await expect(efi.getSentPix(idEnvio)).resolves.toEqual({ ...sent, status: 'REALIZADO' });

    const error = await rejection(efi.getSentPix(newIdEnvio()));
    expect(error.options).toMatchObject({ status: 404, retryable: false });
    expect(error.message).toContain('Pix enviado não encontrado');
  });
});

describe('errors', () => {
  it('a 500 is retryable and carries EFI nome/mensagem; retrying with the same idEnvio pays once', async () => {
    const efi = provider();
    fake.fail({
      method: 'PUT',
      path: '/v3/gn/pix/',
      status: 500,
      body: { nome: 'erro_aplicacao', mensagem: 'Ocorreu um erro ao validar a chave' },
      times: 2,
    });
    const idEnvio = newIdEnvio();
    const input = { idEnvio, amountCentavos: 100, pixKey: '+5511999998888' };
    for (let i = 0; i < 2; i++) {
      const error = await rejection(efi.sendPix(input));
      expect(error.options).toMatchObject({ status: 500, retryable: true });
      expect(error.message).toContain('erro_aplicacao: Ocorreu um erro ao validar a chave');
    }
    await expect(efi.sendPix(input)).resolves.toMatchObject({
      idEnvio,
      status: 'EM_PROCESSAMENTO',
    });
    expect(fake.counters.transfersMade).toBe(1);
  });

  it('a 400 is not retryable', async () => {
    const error = await rejection(provider().createCharge(charge(newTxid(), 0)));
    expect(error.options).toMatchObject({ status: 400, retryable: false });
    expect(error.message).toContain('valor_invalido: Campo valor.original deve ser maior que zero');
  });

  it('a 429 is retryable', async () => {
    fake.fail({
      path: '/v2/cob/',
      status: 429,
      body: { nome: 'limite_excedido', mensagem: 'Muitas requisições' },
    });
    const error = await rejection(provider().getCharge(newTxid()));
    expect(error.options).toMatchObject({ status: 429, retryable: true });
  });

  it('a slow answer times out as a retryable error', async () => {
    fake.fail({ path: '/v2/cob/', delayMs: 2_000 });
    const started = Date.now();
    const error = await rejection(provider({}, { fetchTimeoutMs: 200 }).getCharge(newTxid()));
    expect(error.options.retryable).toBe(true);
    expect(error.message).toContain('no answer within 200 ms');
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it('a refused connection is retryable', async () => {
    const closedPort = await new Promise<number>((resolve) => {
      const server = createNetServer().listen(0, '127.0.0.1', () => {
        const { port } = server.address() as { port: number };
        server.close(() => resolve(port));
      });
    });
    const error = await rejection(
      provider({ baseUrl: `https://127.0.0.1:${closedPort}` }).getCharge(newTxid()),
    );
    expect(error.options.retryable).toBe(true);
    expect(error.message).toContain('ECONNREFUSED');
  });

  it('says when a transfer request never left: unknown host, refused connection, no token', async () => {
    const transfer = { idEnvio: newIdEnvio(), amountCentavos: 1500, pixKey: 'a@b.com.br' };
    // ".invalid" never resolves (RFC 2606): the ENOTFOUND of a mistyped host.
    const unknownHost = await rejection(
      provider({ baseUrl: 'https://efi-nao-existe.invalid' }).sendPix(transfer),
    );
    expect(unknownHost.message).toMatch(/ENOTFOUND|EAI_AGAIN/);
    expect(unknownHost.options.notSent).toBe(true);
    const closedPort = await new Promise<number>((resolve) => {
      const server = createNetServer().listen(0, '127.0.0.1', () => {
        const { port } = server.address() as { port: number };
        server.close(() => resolve(port));
      });
    });
    const refused = await rejection(
      provider({ baseUrl: `https://127.0.0.1:${closedPort}` }).sendPix(transfer),
    );
    expect(refused.options.notSent).toBe(true);
    const noToken = await rejection(provider({ clientSecret: 'segredo-errado' }).sendPix(transfer));
    expect(noToken.options).toMatchObject({ status: 401, notSent: true });
    expect(requestsTo('PUT', '/v3/gn/pix/')).toHaveLength(0);

    // The PUT itself reached EFI: a 500 or a timeout may hide a transfer, so never "not sent".
    fake.fail({ path: '/v3/gn/pix/', status: 500, body: { nome: 'erro_interno' } });
    const serverError = await rejection(provider().sendPix(transfer));
    expect(serverError.options.notSent).toBeFalsy();
  });

  it('a malformed answer is a non-retryable PixProviderError', async () => {
    fake.fail({
      method: 'GET',
      path: '/v2/cob/',
      status: 200,
      body: { txid: 'x', status: 'PAGA' },
    });
    const error = await rejection(provider().getCharge(newTxid()));
    expect(error.options.retryable).toBe(false);
    expect(error.message).toContain('unexpected answer');
  });
});

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
