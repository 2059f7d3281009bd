/**
 * Test support: a fake EFI Pix API on loopback that, like the real one, only talks to clients
 * presenting a certificate signed by its CA (mTLS), plus the certificates to run it.
 *
 * It implements the documented shapes (https://dev.efipay.com.br/docs/api-pix/) of the endpoints
 * the adapter uses: POST /oauth/token, PUT/GET /v2/cob/:txid, GET /v2/loc/:id/qrcode,
 * PUT /v3/gn/pix/:idEnvio, GET /v2/gn/pix/enviados/id-envio/:idEnvio and PUT /v2/webhook/:chave.
 * Not for production code.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { type IncomingMessage, type ServerResponse } from 'node:http';
import { type Server, createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import forge from 'node-forge';
import QRCode from 'qrcode';
import { formatAmount, parseAmount } from '../pix-provider';

// ---------------------------------------------------------------------------------------------
// Certificates

export interface TestPki {
  /** CA that signed the server and client certificates (clients trust it for the server). */
  caCertPem: string;
  serverKeyPem: string;
  serverCertPem: string;
  clientKeyPem: string;
  clientCertPem: string;
  /** The client certificate and key as a password-protected .p12, like EFI hands out. */
  clientP12Path: string;
  clientP12Password: string;
  /** Removes the temporary folder with the .p12. */
  cleanup(): void;
}

interface Issued {
  keys: forge.pki.rsa.KeyPair;
  cert: forge.pki.Certificate;
}

function issueCertificate(options: {
  commonName: string;
  bits: number;
  issuer?: Issued;
  isCa?: boolean;
  altNames?: { type: number; value?: string; ip?: string }[];
  clientAuth?: boolean;
  validity?: { notBefore: Date; notAfter: Date };
}): Issued {
  // forge delegates to node's native key generation when it can, so 2048-bit keys are fast.
  const keys = forge.pki.rsa.generateKeyPair({ bits: options.bits, e: 0x10001 });
  const cert = forge.pki.createCertificate();
  cert.publicKey = keys.publicKey;
  cert.serialNumber = `01${randomBytes(8).toString('hex')}`;
  cert.validity.notBefore = options.validity?.notBefore ?? new Date(Date.now() - 60_000);
  cert.validity.notAfter = options.validity?.notAfter ?? new Date(Date.now() + 24 * 3600_000);
  const subject = [
    { name: 'commonName', value: options.commonName },
    { name: 'organizationName', value: 'Fake EFI Test' },
  ];
  cert.setSubject(subject);
  cert.setIssuer(options.issuer ? options.issuer.cert.subject.attributes : subject);
  const extensions: object[] = [
    { name: 'basicConstraints', cA: options.isCa === true, critical: true },
  ];
  if (options.isCa) {
    extensions.push({ name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true });
  } else {
    extensions.push({
      name: 'keyUsage',
      digitalSignature: true,
      keyEncipherment: true,
      critical: true,
    });
    extensions.push({
      name: 'extKeyUsage',
      serverAuth: !options.clientAuth,
      clientAuth: options.clientAuth === true,
    });
  }
  if (options.altNames) extensions.push({ name: 'subjectAltName', altNames: options.altNames });
  cert.setExtensions(extensions);
  cert.sign((options.issuer ?? { keys }).keys.privateKey, forge.md.sha256.create());
  return { keys, cert };
}

/**
 * Creates a CA, a server certificate for localhost / 127.0.0.1 and a client certificate, both
 * signed by the CA, and writes the client one as a .p12 (AES-256, SHA-256 MAC) to a temp folder.
 */
export function generateTestPki(
  options: {
    bits?: number;
    p12Password?: string;
    /** Validity of the client certificate (default: from a minute ago to a day from now). */
    clientValidity?: { notBefore: Date; notAfter: Date };
    /** Issue the client certificate for servers instead (not a client certificate). */
    clientIsServer?: boolean;
  } = {},
): TestPki {
  const bits = options.bits ?? 2048;
  const ca = issueCertificate({ commonName: 'Fake EFI Test CA', bits, isCa: true });
  const server = issueCertificate({
    commonName: 'localhost',
    bits,
    issuer: ca,
    altNames: [
      { type: 2, value: 'localhost' },
      { type: 7, ip: '127.0.0.1' },
    ],
  });
  const client = issueCertificate({
    commonName: 'fake-efi-client',
    bits,
    issuer: ca,
    clientAuth: options.clientIsServer !== true,
    ...(options.clientValidity ? { validity: options.clientValidity } : {}),
  });

  const password = options.p12Password ?? 'senha-do-certificado';
  const p12 = forge.pkcs12.toPkcs12Asn1(client.keys.privateKey, [client.cert, ca.cert], password, {
    algorithm: 'aes256',
    friendlyName: 'fake-efi-client',
  });
  const dir = mkdtempSync(path.join(os.tmpdir(), 'fake-efi-'));
  const clientP12Path = path.join(dir, 'client.p12');
  writeFileSync(clientP12Path, Buffer.from(forge.asn1.toDer(p12).getBytes(), 'binary'), {
    mode: 0o600,
  });

  return {
    caCertPem: forge.pki.certificateToPem(ca.cert),
    serverKeyPem: forge.pki.privateKeyToPem(server.keys.privateKey),
    serverCertPem: forge.pki.certificateToPem(server.cert),
    clientKeyPem: forge.pki.privateKeyToPem(client.keys.privateKey),
    clientCertPem: forge.pki.certificateToPem(client.cert),
    clientP12Path,
    clientP12Password: password,
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}

// ---------------------------------------------------------------------------------------------
// BR Code (EMV QR) for the fake locations, https://www.bcb.gov.br/estabilidadefinanceira/pix
// (Manual de Padrões para Iniciação do Pix): ID + 2-digit length + value, CRC16-CCITT at the end.

function emv(id: string, value: string): string {
  return `${id}${String(value.length).padStart(2, '0')}${value}`;
}

function crc16(payload: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(payload, 'utf8')) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i++)
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

function dynamicBrCode(location: string): string {
  const body =
    emv('00', '01') +
    emv('01', '12') +
    emv('26', emv('00', 'BR.GOV.BCB.PIX') + emv('25', location)) +
    emv('52', '0000') +
    emv('53', '986') +
    emv('58', 'BR') +
    emv('59', 'FAKE EFI') +
    emv('60', 'SAO PAULO') +
    emv('62', emv('05', '***')) +
    '6304';
  return body + crc16(body);
}

// ---------------------------------------------------------------------------------------------
// Server

export interface FakeEfiOptions {
  clientId?: string;
  clientSecret?: string;
  /** The account's PIX key: charges must use it, transfers must come from it. */
  pixKey?: string;
  /** Lifetime of issued tokens in seconds (EFI: 3600). */
  tokenExpiresIn?: number;
  /** Port on 127.0.0.1 (default: any free one). */
  port?: number;
}

export interface FakeCharge {
  txid: string;
  locId: number;
  status: 'ATIVA' | 'CONCLUIDA' | 'REMOVIDA_PELO_USUARIO_RECEBEDOR' | 'REMOVIDA_PELO_PSP';
  body: {
    calendario: { expiracao: number };
    valor: { original: string };
    chave: string;
    solicitacaoPagador?: string;
  };
  criacao: string;
  pix: { endToEndId: string; txid: string; valor: string; horario: string; infoPagador?: string }[];
}

export interface FakeSentPix {
  idEnvio: string;
  e2eId: string;
  valor: string;
  chave: string;
  favorecido: { chave: string };
  infoPagador?: string;
  solicitacao: string;
  status: 'EM_PROCESSAMENTO' | 'REALIZADO' | 'NAO_REALIZADO';
}

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: unknown;
}

/** A scripted answer for the next matching requests (errors, slow answers). */
export interface FakeFailure {
  method?: string;
  /** Path prefix or pattern, e.g. '/v3/gn/pix/'. */
  path: string | RegExp;
  /** Status to answer with; without it the request is handled normally (after delayMs). */
  status?: number;
  body?: unknown;
  delayMs?: number;
  /** How many requests it applies to (default 1). */
  times?: number;
}

export interface FakeEfi {
  /** https://127.0.0.1:port */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  pixKey: string;
  /** Every request that passed the TLS handshake, in order. */
  requests: RecordedRequest[];
  charges: Map<string, FakeCharge>;
  sent: Map<string, FakeSentPix>;
  webhooks: Map<string, { webhookUrl: string; skipMtlsChecking: string | undefined }>;
  counters: {
    tokensIssued: number;
    /** Transfers actually made (a repeated idEnvio does not count). */
    transfersMade: number;
    /** TLS handshakes refused (no client certificate, unknown CA...). */
    tlsClientErrors: number;
  };
  tokenExpiresIn: number;
  /** Marks a charge paid (CONCLUIDA) and returns the `pix` item, as the webhook would carry it. */
  pay(
    txid: string,
    options?: { amountCentavos?: number; endToEndId?: string; paidAt?: Date },
  ): FakeCharge['pix'][number];
  /** Settles a transfer (EFI reports it through the webhook and GET). */
  settleSent(idEnvio: string, status: 'REALIZADO' | 'NAO_REALIZADO'): void;
  /** Invalidates every issued token (the next API call gets a 401). */
  revokeTokens(): void;
  fail(failure: FakeFailure): void;
  close(): Promise<void>;
}

const AMOUNT = /^\d{1,10}\.\d{2}$/;
const TXID = /^[a-zA-Z0-9]{26,35}$/;
const ID_ENVIO = /^[a-zA-Z0-9]{1,35}$/;

function randomE2eId(): string {
  // E + ISPB of EFI (09089356) + yyyyMMddHHmm + 11 alphanumerics = 32 characters.
  const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 12);
  return `E09089356${stamp}${randomBytes(8).toString('hex').slice(0, 11)}`;
}

export async function startFakeEfi(pki: TestPki, options: FakeEfiOptions = {}): Promise<FakeEfi> {
  const tokens = new Map<string, number>();
  const failures: (FakeFailure & { remaining: number })[] = [];
  const timers = new Set<NodeJS.Timeout>();
  let nextLocId = 1;

  const fake: Omit<FakeEfi, 'baseUrl' | 'close'> = {
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

  function send(res: ServerResponse, status: number, body?: unknown) {
    if (body === undefined) {
      res.writeHead(status).end();
      return;
    }
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    res
      .writeHead(status, {
        'content-type': typeof body === 'string' ? 'text/plain' : 'application/json',
      })
      .end(text);
  }

  function cobResponse(charge: FakeCharge) {
    const location = `qrcodespix.fake-efi.test/v2/${charge.txid.toLowerCase()}`;
    return {
      calendario: { criacao: charge.criacao, expiracao: charge.body.calendario.expiracao },
      txid: charge.txid,
      revisao: 0,
      loc: { id: charge.locId, location, tipoCob: 'cob', criacao: charge.criacao },
      location,
      status: charge.status,
      valor: charge.body.valor,
      chave: charge.body.chave,
      ...(charge.body.solicitacaoPagador === undefined
        ? {}
        : { solicitacaoPagador: charge.body.solicitacaoPagador }),
      pixCopiaECola: dynamicBrCode(location),
      ...(charge.pix.length > 0 ? { pix: charge.pix } : {}),
    };
  }

  function invalid(res: ServerResponse, mensagem: string) {
    send(res, 400, { nome: 'valor_invalido', mensagem });
  }

  async function route(
    req: IncomingMessage,
    res: ServerResponse,
    url: URL,
    body: unknown,
  ): Promise<void> {
    const method = req.method ?? 'GET';
    const p = url.pathname;

    if (method === 'POST' && p === '/oauth/token') {
      const expected = `Basic ${Buffer.from(`${fake.clientId}:${fake.clientSecret}`).toString('base64')}`;
      if (req.headers.authorization !== expected) {
        send(res, 401, {
          error: 'invalid_client',
          error_description: 'Invalid or inactive credentials',
        });
        return;
      }
      if ((body as { grant_type?: unknown } | null)?.grant_type !== 'client_credentials') {
        send(res, 400, {
          error: 'unsupported_grant_type',
          error_description: 'grant_type must be client_credentials',
        });
        return;
      }
      const accessToken = randomBytes(24).toString('base64url');
      tokens.set(accessToken, Date.now() + fake.tokenExpiresIn * 1000);
      fake.counters.tokensIssued++;
      send(res, 200, {
        access_token: accessToken,
        token_type: 'Bearer',
        expires_in: fake.tokenExpiresIn,
        scope:
          'cob.read cob.write pix.read pix.write pix.send gn.pix.send.read webhook.read webhook.write',
      });
      return;
    }

    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const expiresAt = bearer === undefined ? undefined : tokens.get(bearer);
    if (expiresAt === undefined || expiresAt <= Date.now()) {
      send(res, 401, { nome: 'nao_autorizado', mensagem: 'Token de acesso inválido ou expirado' });
      return;
    }

    let match: RegExpExecArray | null;
    if ((match = /^\/v2\/cob\/([^/]+)$/.exec(p))) {
      const txid = decodeURIComponent(match[1]!);
      if (method === 'PUT') {
        if (!TXID.test(txid))
          return invalid(res, 'Campo txid deve ter entre 26 e 35 caracteres alfanuméricos');
        const b = body as Partial<FakeCharge['body']> | null;
        const expiracao = b?.calendario?.expiracao;
        if (typeof expiracao !== 'number' || !Number.isInteger(expiracao) || expiracao <= 0) {
          return invalid(res, 'Campo calendario.expiracao deve ser maior que zero');
        }
        const original = b?.valor?.original;
        if (typeof original !== 'string' || !AMOUNT.test(original) || parseAmount(original) === 0) {
          return invalid(res, 'Campo valor.original deve ser maior que zero');
        }
        if (b?.chave !== fake.pixKey) {
          send(res, 400, {
            nome: 'chave_invalida',
            mensagem: 'A chave informada não faz referência à conta Efí autenticada',
          });
          return;
        }
        const solicitacao = b.solicitacaoPagador;
        if (
          solicitacao !== undefined &&
          (typeof solicitacao !== 'string' || solicitacao.length > 140)
        ) {
          return invalid(res, 'Campo solicitacaoPagador deve ter no máximo 140 caracteres');
        }
        if (fake.charges.has(txid)) {
          send(res, 409, {
            nome: 'txid_duplicado',
            mensagem: 'Campo txid informado já foi utilizado em outra cobrança',
          });
          return;
        }
        const charge: FakeCharge = {
          txid,
          locId: nextLocId++,
          status: 'ATIVA',
          body: {
            calendario: { expiracao },
            valor: { original },
            chave: b.chave,
            ...(solicitacao === undefined ? {} : { solicitacaoPagador: solicitacao }),
          },
          criacao: new Date().toISOString(),
          pix: [],
        };
        fake.charges.set(txid, charge);
        send(res, 201, cobResponse(charge));
        return;
      }
      if (method === 'GET') {
        const charge = fake.charges.get(txid);
        if (!charge) {
          send(res, 404, {
            nome: 'cobranca_nao_encontrada',
            mensagem: 'Nenhuma cobrança encontrada para o txid informado',
          });
          return;
        }
        send(res, 200, cobResponse(charge));
        return;
      }
    }

    if (method === 'GET' && (match = /^\/v2\/loc\/(\d+)\/qrcode$/.exec(p))) {
      const locId = Number(match[1]);
      const charge = [...fake.charges.values()].find((c) => c.locId === locId);
      if (!charge) {
        send(res, 404, {
          nome: 'location_nao_encontrada',
          mensagem: 'Nenhuma location encontrada para o identificador informado',
        });
        return;
      }
      const { pixCopiaECola } = cobResponse(charge);
      send(res, 200, {
        qrcode: pixCopiaECola,
        imagemQrcode: await QRCode.toDataURL(pixCopiaECola, {
          errorCorrectionLevel: 'M',
          margin: 1,
        }),
        linkVisualizacao: `https://pix.fake-efi.test/cob/pagar/${charge.txid}`,
      });
      return;
    }

    if (method === 'PUT' && (match = /^\/v3\/gn\/pix\/([^/]+)$/.exec(p))) {
      const idEnvio = decodeURIComponent(match[1]!);
      if (!ID_ENVIO.test(idEnvio))
        return invalid(res, 'Campo idEnvio deve ter entre 1 e 35 caracteres alfanuméricos');
      const b = body as {
        valor?: unknown;
        pagador?: { chave?: unknown; infoPagador?: unknown };
        favorecido?: { chave?: unknown };
      } | null;
      if (typeof b?.valor !== 'string' || !AMOUNT.test(b.valor) || parseAmount(b.valor) === 0) {
        return invalid(res, 'Campo valor deve ser maior que zero');
      }
      if (b.pagador?.chave !== fake.pixKey) {
        send(res, 400, {
          nome: 'chave_invalida',
          mensagem: 'A chave informada não faz referência à conta Efí autenticada',
        });
        return;
      }
      if (typeof b.favorecido?.chave !== 'string' || b.favorecido.chave.length === 0) {
        return invalid(res, 'Campo favorecido.chave é obrigatório');
      }
      const infoPagador = b.pagador.infoPagador;
      if (
        infoPagador !== undefined &&
        (typeof infoPagador !== 'string' || infoPagador.length > 140)
      ) {
        return invalid(res, 'Campo pagador.infoPagador deve ter no máximo 140 caracteres');
      }
      if (fake.sent.has(idEnvio)) {
        send(res, 409, {
          nome: 'id_envio_duplicado',
          mensagem: 'O id de envio informado já foi utilizado em outro pagamento',
        });
        return;
      }
      const sent: FakeSentPix = {
        idEnvio,
        e2eId: randomE2eId(),
        valor: b.valor,
        chave: fake.pixKey,
        favorecido: { chave: b.favorecido.chave },
        ...(infoPagador === undefined ? {} : { infoPagador }),
        solicitacao: new Date().toISOString(),
        status: 'EM_PROCESSAMENTO',
      };
      fake.sent.set(idEnvio, sent);
      fake.counters.transfersMade++;
      send(res, 201, {
        idEnvio,
        e2eId: sent.e2eId,
        valor: sent.valor,
        horario: { solicitacao: sent.solicitacao },
        status: sent.status,
      });
      return;
    }

    if (method === 'GET' && (match = /^\/v2\/gn\/pix\/enviados\/id-envio\/([^/]+)$/.exec(p))) {
      const sent = fake.sent.get(decodeURIComponent(match[1]!));
      if (!sent) {
        // This endpoint answers in the Banco Central problem format.
        send(res, 404, {
          type: 'https://pix.bcb.gov.br/api/v2/error/PixEnviadoNaoEncontrado',
          title: 'Não Encontrado',
          status: 404,
          detail: 'Pix enviado não encontrado para o idEnvio informado.',
        });
        return;
      }
      send(res, 200, {
        endToEndId: sent.e2eId,
        idEnvio: sent.idEnvio,
        valor: sent.valor,
        chave: sent.chave,
        status: sent.status,
        ...(sent.infoPagador === undefined ? {} : { infoPagador: sent.infoPagador }),
        horario: {
          solicitacao: sent.solicitacao,
          ...(sent.status === 'REALIZADO' ? { liquidacao: new Date().toISOString() } : {}),
        },
        favorecido: sent.favorecido,
      });
      return;
    }

    if (method === 'PUT' && (match = /^\/v2\/webhook\/([^/]+)$/.exec(p))) {
      const chave = decodeURIComponent(match[1]!);
      const webhookUrl = (body as { webhookUrl?: unknown } | null)?.webhookUrl;
      if (chave !== fake.pixKey) {
        send(res, 400, {
          nome: 'chave_invalida',
          mensagem: 'A chave informada não faz referência à conta Efí autenticada',
        });
        return;
      }
      if (typeof webhookUrl !== 'string' || !webhookUrl.startsWith('https://')) {
        send(res, 400, { nome: 'webhook_invalido', mensagem: 'A URL do webhook deve usar https' });
        return;
      }
      const skip = req.headers['x-skip-mtls-checking'];
      fake.webhooks.set(chave, {
        webhookUrl,
        skipMtlsChecking: Array.isArray(skip) ? skip[0] : skip,
      });
      send(res, 200, { webhookUrl, chave, criacao: new Date().toISOString() });
      return;
    }

    send(res, 404, { nome: 'recurso_nao_encontrado', mensagem: `Rota ${method} ${p} não existe` });
  }

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
