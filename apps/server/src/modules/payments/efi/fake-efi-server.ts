/**
 * Test support: a fake EFI Pix API on loopback that, like the real one, only talks to clients
 * presenting a certificate signed by its CA (mTLS), plus the certificates to run it
 * (fake-efi-pki.ts). Its endpoints are in fake-efi-routes.ts; here are the TLS server, the
 * recorded requests and the scripted failures. Not for production code.
 */
import { type IncomingMessage, type ServerResponse } from 'node:http';
import { type Server, createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { formatAmount } from '../pix-provider';
import type { TestPki } from './fake-efi-pki';
import { type FakeEfiState, fakeEfiRoutes } from './fake-efi-routes';
import {
  type FakeEfi,
  type FakeEfiOptions,
  type FakeFailure,
  randomE2eId,
  send,
} from './fake-efi-wire';

export { type TestPki, generateTestPki } from './fake-efi-pki';
export type {
  FakeCharge,
  FakeEfi,
  FakeEfiOptions,
  FakeFailure,
  FakeSentPix,
  RecordedRequest,
} from './fake-efi-wire';

export async function startFakeEfi(pki: TestPki, options: FakeEfiOptions = {}): Promise<FakeEfi> {
  const tokens = new Map<string, number>();
  const failures: (FakeFailure & { remaining: number })[] = [];
  const timers = new Set<NodeJS.Timeout>();

  const fake: FakeEfiState = {
    clientId: options.clientId ?? 'Client_Id_fake',
    clientSecret: options.clientSecret ?? 'Client_Secret_fake',
    pixKey: options.pixKey ?? 'pix@sorteio.example',
    requests: [],
    charges: new Map(),
    sent: new Map(),
    webhooks: new Map(),
    counters: { tokensIssued: 0, transfersMade: 0, tlsClientErrors: 0 },
    tokenExpiresIn: options.tokenExpiresIn ?? 3600,
    pay(txid, payOptions = {}) {
      const charge = fake.charges.get(txid);
      if (!charge) throw new Error(`fake EFI: no charge ${txid}`);
      const item = {
        endToEndId: payOptions.endToEndId ?? randomE2eId(),
        txid,
        valor:
          payOptions.amountCentavos === undefined
            ? charge.body.valor.original
            : formatAmount(payOptions.amountCentavos),
        horario: (payOptions.paidAt ?? new Date()).toISOString(),
        infoPagador: 'Pagamento da entrada',
      };
      charge.pix.push(item);
      charge.status = 'CONCLUIDA';
      return item;
    },
    settleSent(idEnvio, status) {
      const sent = fake.sent.get(idEnvio);
      if (!sent) throw new Error(`fake EFI: no transfer ${idEnvio}`);
      sent.status = status;
    },
    revokeTokens() {
      tokens.clear();
    },
    fail(failure) {
      failures.push({ ...failure, remaining: failure.times ?? 1 });
    },
  };
  const route = fakeEfiRoutes(fake, tokens);

  function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'https://127.0.0.1');
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown = null;
      if (text) {
        try {
          body = JSON.parse(text);
        } catch {
          send(res, 400, {
            nome: 'json_invalido',
            mensagem: 'Corpo da requisição não é um JSON válido',
          });
          return;
        }
      }
      const method = req.method ?? 'GET';
      fake.requests.push({ method, path: url.pathname, headers: req.headers, body });

      const failure = failures.find(
        (f) =>
          f.remaining > 0 &&
          (!f.method || f.method === method) &&
          (typeof f.path === 'string'
            ? url.pathname.startsWith(f.path)
            : f.path.test(url.pathname)),
      );
      if (failure) failure.remaining--;
      const answer = () => {
        if (failure?.status !== undefined) {
          send(
            res,
            failure.status,
            failure.body ?? { nome: 'erro_aplicacao', mensagem: 'Erro simulado' },
          );
          return;
        }
        route(req, res, url, body).catch((error: unknown) => {
          send(res, 500, { nome: 'erro_aplicacao', mensagem: String(error) });
        });
      };
      if (failure?.delayMs) {
        const timer = setTimeout(() => {
          timers.delete(timer);
          if (!res.destroyed) answer();
        }, failure.delayMs);
        timers.add(timer);
      } else {
        answer();
      }
    });
  }

  const server: Server = createServer(
    {
      key: pki.serverKeyPem,
      cert: pki.serverCertPem,
      ca: pki.caCertPem,
      // The real API refuses any client without a certificate issued by EFI.
      requestCert: true,
      rejectUnauthorized: true,
      minVersion: 'TLSv1.2',
    },
    handle,
  );
  server.on('tlsClientError', () => {
    fake.counters.tlsClientErrors++;
  });

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return Object.assign(fake, {
    baseUrl: `https://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        timers.clear();
        server.close(() => resolve());
        // Keep-alive connections of the clients would hold close() open.
        server.closeAllConnections();
      }),
  });
}
