/**
 * Contract tests of the EFI adapter (see efi-provider.test.ts): sending PIX and the errors.
 */
import { createServer as createNetServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import {
  useFakeEfi,
  fake,
  provider,
  newTxid,
  newIdEnvio,
  requestsTo,
  rejection,
  charge,
} from './efi-test-setup';

useFakeEfi();

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
