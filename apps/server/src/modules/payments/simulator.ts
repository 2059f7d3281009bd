/**
 * The built-in PIX simulator (default provider). It issues real BR Codes (Banco Central EMV layout,
 * CRC16, the txid in field 62-05) and QR PNGs, and pays a charge only when asked through
 * "Simular pagamento", which delivers a webhook in the EFI format through the same route a real
 * provider calls. Its "bank" state lives in memory: a restart forgets unpaid simulated payments,
 * while what was already delivered is in the database.
 */
import { randomBytes } from 'node:crypto';
import type * as PixUtils from 'pix-utils';
import type QRCodeModule from 'qrcode';
import { lazyModule } from '../../lib/lazy-module';

const loadPixUtils = lazyModule<typeof PixUtils>('pix-utils');
const loadQRCode = lazyModule<typeof QRCodeModule>('qrcode');
import {
  type ChargeState,
  type CreateChargeInput,
  type CreatedCharge,
  type PixProvider,
  PixProviderError,
  type ReceivedPix,
  type SentPix,
  formatAmount,
  parseEfiWebhook,
} from './pix-provider';

/** The simulator's txids fit field 62-05 of a static BR Code (at most 25 characters). */
export const SIMULATOR_TXID_LENGTH = 25;

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export function randomAlphanumeric(length: number): string {
  const bytes = randomBytes(length * 2);
  let out = '';
  for (let i = 0; out.length < length; i += 1) {
    const b = bytes[i % bytes.length]!;
    // Rejection sampling keeps every character equally likely.
    if (b < 248) out += ALPHANUMERIC[b % 62];
    if (i > length * 8) out += ALPHANUMERIC[randomBytes(1)[0]! % 62];
  }
  return out;
}

/** Strips what the EMV fields do not accept (accents, symbols) and cuts to the field size. */
function emvText(text: string, max: number): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9 .\-/]/g, '')
    .slice(0, max)
    .trim();
}

export interface SimulatorProvider extends PixProvider {
  readonly kind: 'simulator';
  /** Records a payment of the whole amount and returns the webhook body to deliver. */
  pay(txid: string): {
    pix: { endToEndId: string; txid: string; valor: string; horario: string; chave: string }[];
  };
}

export function createSimulatorProvider(options: {
  pixKey: string;
  receiverName: string;
  receiverCity: string;
}): SimulatorProvider {
  const charges = new Map<
    string,
    { amountCentavos: number; expiresAt: Date; payments: ReceivedPix[] }
  >();
  const sent = new Map<string, SentPix>();
  return {
    kind: 'simulator',
    async createCharge(input: CreateChargeInput): Promise<CreatedCharge> {
      if (!/^[a-zA-Z0-9]{1,25}$/.test(input.txid))
        throw new PixProviderError('txid inválido para o simulador', { retryable: false });
      const { createStaticPix, hasError } = loadPixUtils();
      const pix = createStaticPix({
        merchantName: emvText(options.receiverName, 25),
        merchantCity: emvText(options.receiverCity, 15),
        pixKey: options.pixKey,
        infoAdicional: emvText(input.description, 40),
        transactionAmount: Number(formatAmount(input.amountCentavos)),
        txid: input.txid,
      });
      if (hasError(pix))
        throw new PixProviderError(`BR Code: ${pix.message}`, { retryable: false });
      const brCode = pix.toBRCode();
      const qrPngDataUrl = await loadQRCode().toDataURL(brCode, {
        errorCorrectionLevel: 'M',
        margin: 2,
        width: 320,
      });
      const expiresAt = new Date(Date.now() + input.expiresInSeconds * 1000);
      charges.set(input.txid, { amountCentavos: input.amountCentavos, expiresAt, payments: [] });
      return { txid: input.txid, brCode, qrPngDataUrl, expiresAt };
    },
    async getCharge(txid: string): Promise<ChargeState> {
      const charge = charges.get(txid);
      if (!charge)
        throw new PixProviderError('Cobrança não encontrada no simulador', {
          status: 404,
          retryable: false,
        });
      return {
        txid,
        status: charge.payments.length > 0 ? 'CONCLUIDA' : 'ATIVA',
        amountCentavos: charge.amountCentavos,
        payments: charge.payments,
      };
    },
    async sendPix(input): Promise<SentPix> {
      const existing = sent.get(input.idEnvio);
      if (existing) return existing;
      const result: SentPix = {
        idEnvio: input.idEnvio,
        endToEndId: `E${randomAlphanumeric(31)}`,
        status: 'REALIZADO',
      };
      sent.set(input.idEnvio, result);
      return result;
    },
    async getSentPix(idEnvio): Promise<SentPix> {
      const existing = sent.get(idEnvio);
      if (!existing)
        throw new PixProviderError('Envio não encontrado no simulador', {
          status: 404,
          retryable: false,
        });
      return existing;
    },
    async registerWebhook() {
      // Nothing to register: the simulator calls our webhook route in-process.
    },
    parseWebhook: parseEfiWebhook,
    async checkConnection() {
      return 'simulador PIX embutido (nenhum banco real)';
    },
    pay(txid: string) {
      const charge = charges.get(txid);
      const amount = charge?.amountCentavos;
      if (!charge || amount === undefined)
        throw new PixProviderError('Cobrança não encontrada no simulador', {
          status: 404,
          retryable: false,
        });
      const payment: ReceivedPix = {
        endToEndId: `E${randomAlphanumeric(31)}`,
        txid,
        amountCentavos: amount,
        paidAt: new Date(),
      };
      charge.payments.push(payment);
      return {
        pix: [
          {
            endToEndId: payment.endToEndId,
            txid,
            valor: formatAmount(amount),
            horario: payment.paidAt.toISOString(),
            chave: options.pixKey,
          },
        ],
      };
    },
  };
}
