/**
 * Test support: the wire of the fake EFI Pix API (fake-efi-server.ts): its options and recorded
 * state, the BR Code of its locations, and the shapes of its answers. Not for production code.
 */
import { randomBytes } from 'node:crypto';
import { type IncomingMessage, type ServerResponse } from 'node:http';

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

export function dynamicBrCode(location: string): string {
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

export const AMOUNT = /^\d{1,10}\.\d{2}$/;
export const TXID = /^[a-zA-Z0-9]{26,35}$/;
export const ID_ENVIO = /^[a-zA-Z0-9]{1,35}$/;

export function randomE2eId(): string {
  // E + ISPB of EFI (09089356) + yyyyMMddHHmm + 11 alphanumerics = 32 characters.
  const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 12);
  return `E09089356${stamp}${randomBytes(8).toString('hex').slice(0, 11)}`;
}

export function send(res: ServerResponse, status: number, body?: unknown) {
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

export function cobResponse(charge: FakeCharge) {
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

export function invalid(res: ServerResponse, mensagem: string) {
  send(res, 400, { nome: 'valor_invalido', mensagem });
}
