/**
 * Contract tests of the EFI adapter against a fake EFI Pix API on loopback that demands a client
 * certificate, as the real one does (https://dev.efipay.com.br/docs/api-pix/credenciais): the
 * OAuth2 token and charges.
 */
import { describe, expect, it, vi } from 'vitest';
import {
  useFakeEfi,
  pki,
  fake,
  provider,
  newTxid,
  requestsTo,
  rejection,
  charge,
} from './efi-test-setup';

useFakeEfi();

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
