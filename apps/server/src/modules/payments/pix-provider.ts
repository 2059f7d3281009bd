/**
 * The one interface every PIX provider implements (docs/decisions/004-pix-provider-interface.md):
 * the built-in simulator (default) and the EFI Pix API adapter. Amounts are integer centavos.
 */

export interface CreateChargeInput {
  /** 26..35 characters [a-zA-Z0-9] (Banco Central rule for cob txids). */
  txid: string;
  amountCentavos: number;
  expiresInSeconds: number;
  /** solicitacaoPagador: shown to the payer by their bank (max 140 characters). */
  description: string;
}

export interface CreatedCharge {
  txid: string;
  /** The BR Code "copia e cola" text (EMV, with CRC16). */
  brCode: string;
  /** PNG of the QR code as a data URL. */
  qrPngDataUrl: string;
  expiresAt: Date;
}

/** Status of a charge as the provider reports it (EFI: ATIVA, CONCLUIDA, REMOVIDA_PELO_...). */
export type ProviderChargeStatus =
  'ATIVA' | 'CONCLUIDA' | 'REMOVIDA_PELO_USUARIO_RECEBEDOR' | 'REMOVIDA_PELO_PSP';

/** One received PIX (EFI's `pix` array element). */
export interface ReceivedPix {
  endToEndId: string;
  txid: string | null;
  amountCentavos: number;
  paidAt: Date;
}

export interface ChargeState {
  txid: string;
  status: ProviderChargeStatus;
  amountCentavos: number;
  payments: ReceivedPix[];
}

export interface SendPixInput {
  /** Idempotency id of the transfer (EFI idEnvio: [a-zA-Z0-9]{1,35}). */
  idEnvio: string;
  amountCentavos: number;
  /** The receiver's PIX key, normalized (shared/validation.ts normalizePixKey). */
  pixKey: string;
  description?: string;
}

export type SentPixStatus = 'EM_PROCESSAMENTO' | 'REALIZADO' | 'NAO_REALIZADO';

export interface SentPix {
  idEnvio: string;
  endToEndId: string | null;
  status: SentPixStatus;
}

export interface PixProvider {
  readonly kind: 'simulator' | 'efi';
  createCharge(input: CreateChargeInput): Promise<CreatedCharge>;
  getCharge(txid: string): Promise<ChargeState>;
  /** Sends a PIX (prizes, withdrawals). Calling twice with the same idEnvio never pays twice. */
  sendPix(input: SendPixInput): Promise<SentPix>;
  getSentPix(idEnvio: string): Promise<SentPix>;
  /** Registers our webhook URL for the receiving key (EFI: PUT /v2/webhook/:chave). */
  registerWebhook(url: string): Promise<void>;
  /** Parses an incoming webhook body ({ pix: [...] }); throws on a malformed payload. */
  parseWebhook(body: unknown): ReceivedPix[];
  /** A real round trip to the provider (EFI: an OAuth token request over mTLS); what it answered. */
  checkConnection(): Promise<string>;
}

/**
 * Thrown by providers for a refused or failed call; `retryable` tells the jobs whether to retry.
 * `notSent`: the call's request never reached the provider (its address did not resolve, the
 * connection or the TLS handshake was refused, the OAuth token could not be obtained first), so
 * the provider cannot have acted on it. Left unset whenever that is not certain (a timeout or a
 * reset after the request was written).
 */
export class PixProviderError extends Error {
  constructor(
    message: string,
    readonly options: { status?: number; retryable: boolean; cause?: unknown; notSent?: boolean },
  ) {
    super(message, { cause: options.cause });
    this.name = 'PixProviderError';
  }
}

/** "10.00" (EFI amounts) -> 1000 centavos; throws on anything else. */
export function parseAmount(value: unknown): number {
  if (typeof value !== 'string' || !/^\d{1,10}\.\d{2}$/.test(value))
    throw new Error(`invalid PIX amount: ${String(value)}`);
  const [reais = '0', cents = '00'] = value.split('.');
  return Number(reais) * 100 + Number(cents);
}

/** 1000 centavos -> "10.00". */
export function formatAmount(centavos: number): string {
  if (!Number.isSafeInteger(centavos) || centavos < 0)
    throw new Error(`invalid amount: ${centavos}`);
  return `${Math.floor(centavos / 100)}.${String(centavos % 100).padStart(2, '0')}`;
}

/** Parses EFI's webhook payload `{ "pix": [ { endToEndId, txid, valor, horario, ... } ] }`. */
export function parseEfiWebhook(body: unknown): ReceivedPix[] {
  if (!body || typeof body !== 'object' || !Array.isArray((body as { pix?: unknown }).pix)) {
    throw new Error('webhook without a pix array');
  }
  return (body as { pix: unknown[] }).pix.map((item) => {
    if (!item || typeof item !== 'object') throw new Error('invalid pix item');
    const p = item as Record<string, unknown>;
    if (typeof p.endToEndId !== 'string' || !/^[a-zA-Z0-9]{1,35}$/.test(p.endToEndId))
      throw new Error('invalid endToEndId');
    const txid = typeof p.txid === 'string' && /^[a-zA-Z0-9]{1,35}$/.test(p.txid) ? p.txid : null;
    const paidAt = typeof p.horario === 'string' ? new Date(p.horario) : new Date(Number.NaN);
    if (Number.isNaN(paidAt.getTime())) throw new Error('invalid horario');
    return { endToEndId: p.endToEndId, txid, amountCentavos: parseAmount(p.valor), paidAt };
  });
}
