/**
 * The EFI (Efí Bank, formerly Gerencianet) Pix API adapter (docs/decisions/004-pix-provider-interface.md).
 *
 * Every call goes over mutual TLS with the account's .p12 certificate and carries an OAuth2 token
 * obtained with the client credentials (efi-session.ts):
 * https://dev.efipay.com.br/docs/api-pix/credenciais
 *
 * Failures become `PixProviderError`s. `retryable` is true for network errors, timeouts, 429 and
 * 5xx (the call may succeed later and every call here is safe to repeat: charges are keyed by
 * txid, transfers by idEnvio), and false for 4xx, malformed answers and TLS alerts (a refused
 * client certificate, or a server certificate we do not trust: nothing changes until an operator
 * fixes the configuration, and no request reached EFI). Under TLS 1.3 the server judges our
 * certificate after our side of the handshake, so a refused certificate may instead arrive as a
 * connection reset before any answer: that one stays retryable (a network reset looks the same)
 * and its message names the certificate settings to check.
 */
import type { z } from 'zod';
import type { Config } from '../../../config';
import {
  type ChargeState,
  type CreateChargeInput,
  type CreatedCharge,
  type PixProvider,
  type ReceivedPix,
  type SendPixInput,
  type SentPix,
  formatAmount,
  parseEfiWebhook,
} from '../pix-provider';
import { cobSchema, qrcodeSchema, sendPixSchema, sentPixSchema } from './efi-schemas';
import { type EfiProviderOptions, createEfiSession } from './efi-session';
import { EfiApiError } from './efi-transport';

export { EfiApiError } from './efi-transport';

export interface EfiPixProvider extends PixProvider {
  readonly kind: 'efi';
  /** Closes the kept-alive connections (graceful shutdown, tests). */
  close(): void;
}

/** Banco Central rules for cob txids and EFI's for idEnvio. */
const TXID = /^[a-zA-Z0-9]{26,35}$/;
const ID_ENVIO = /^[a-zA-Z0-9]{1,35}$/;

export function createEfiProvider(
  efi: NonNullable<Config['efi']>,
  options: EfiProviderOptions = {},
): EfiPixProvider {
  const { call, callAndParse, renewToken, close } = createEfiSession(efi, options);

  function requireId(value: string, pattern: RegExp, what: string): string {
    if (!pattern.test(value))
      throw new EfiApiError(`invalid ${what}: ${value}`, undefined, { retryable: false });
    return encodeURIComponent(value);
  }

  /** formatAmount refuses negative and fractional centavos; zero is left for EFI to refuse. */
  function efiAmount(centavos: number): string {
    try {
      return formatAmount(centavos);
    } catch (error) {
      throw new EfiApiError(`invalid amount in centavos: ${centavos}`, undefined, {
        retryable: false,
        cause: error,
      });
    }
  }

  function toChargeState(cob: z.output<typeof cobSchema>): ChargeState {
    return {
      txid: cob.txid,
      status: cob.status,
      amountCentavos: cob.valor.original,
      payments: (cob.pix ?? []).map((p): ReceivedPix => ({
        endToEndId: p.endToEndId,
        txid: p.txid ?? null,
        amountCentavos: p.valor,
        paidAt: p.horario,
      })),
    };
  }

  async function getCob(txid: string) {
    return callAndParse(
      cobSchema,
      'GET',
      `/v2/cob/${requireId(txid, TXID, 'txid')}`,
      '/v2/cob/:txid',
    );
  }

  async function getSentPix(idEnvio: string): Promise<SentPix> {
    const sent = await callAndParse(
      sentPixSchema,
      'GET',
      `/v2/gn/pix/enviados/id-envio/${requireId(idEnvio, ID_ENVIO, 'idEnvio')}`,
      '/v2/gn/pix/enviados/id-envio/:idEnvio',
    );
    return { idEnvio: sent.idEnvio, endToEndId: sent.endToEndId ?? null, status: sent.status };
  }

  return {
    kind: 'efi',

    // PUT /v2/cob/:txid then GET /v2/loc/:id/qrcode
    // https://dev.efipay.com.br/docs/api-pix/cobrancas-imediatas, https://dev.efipay.com.br/docs/api-pix/payload-locations
    async createCharge(input: CreateChargeInput): Promise<CreatedCharge> {
      const path = `/v2/cob/${requireId(input.txid, TXID, 'txid')}`;
      const description = input.description.trim().slice(0, 140);
      let cob: z.output<typeof cobSchema>;
      try {
        cob = await callAndParse(cobSchema, 'PUT', path, '/v2/cob/:txid', {
          calendario: { expiracao: input.expiresInSeconds },
          valor: { original: efiAmount(input.amountCentavos) },
          chave: efi.pixKey,
          ...(description ? { solicitacaoPagador: description } : {}),
        });
      } catch (error) {
        // A retry after a lost answer finds the charge already created: read it back, so that
        // creating a charge is safe to repeat, but never hand out a different charge's code.
        if (!(error instanceof EfiApiError && error.code === 'txid_duplicado')) throw error;
        cob = await getCob(input.txid);
        if (cob.valor.original !== input.amountCentavos || cob.status !== 'ATIVA') {
          throw new EfiApiError(
            `EFI charge ${input.txid} already exists with another amount or status`,
            'txid_duplicado',
            {
              status: error.options.status,
              retryable: false,
            },
          );
        }
      }
      const qr = await callAndParse(
        qrcodeSchema,
        'GET',
        `/v2/loc/${cob.loc.id}/qrcode`,
        '/v2/loc/:id/qrcode',
      );
      return {
        txid: cob.txid,
        brCode: qr.qrcode,
        qrPngDataUrl: qr.imagemQrcode,
        expiresAt: new Date(cob.calendario.criacao.getTime() + cob.calendario.expiracao * 1000),
      };
    },

    // GET /v2/cob/:txid: status CONCLUIDA means paid, with the received PIX in `pix`.
    async getCharge(txid: string): Promise<ChargeState> {
      return toChargeState(await getCob(txid));
    },

    // PUT /v3/gn/pix/:idEnvio, https://dev.efipay.com.br/docs/api-pix/envio-pagamento-pix
    async sendPix(input: SendPixInput): Promise<SentPix> {
      const path = `/v3/gn/pix/${requireId(input.idEnvio, ID_ENVIO, 'idEnvio')}`;
      const infoPagador = input.description?.trim().slice(0, 140);
      try {
        const sent = await callAndParse(sendPixSchema, 'PUT', path, '/v3/gn/pix/:idEnvio', {
          valor: efiAmount(input.amountCentavos),
          pagador: { chave: efi.pixKey, ...(infoPagador ? { infoPagador } : {}) },
          favorecido: { chave: input.pixKey },
        });
        return { idEnvio: sent.idEnvio, endToEndId: sent.e2eId ?? null, status: sent.status };
      } catch (error) {
        // EFI refuses a reused idEnvio with 409 id_envio_duplicado and does not pay again: the
        // transfer already exists (a retry after a lost answer), so report that one.
        if (!(error instanceof EfiApiError && error.code === 'id_envio_duplicado')) throw error;
        const existing = await callAndParse(
          sentPixSchema,
          'GET',
          `/v2/gn/pix/enviados/id-envio/${encodeURIComponent(input.idEnvio)}`,
          '/v2/gn/pix/enviados/id-envio/:idEnvio',
        );
        if (existing.valor !== input.amountCentavos) {
          throw new EfiApiError(
            `EFI idEnvio ${input.idEnvio} was already used for another amount`,
            'id_envio_duplicado',
            {
              status: error.options.status,
              retryable: false,
            },
          );
        }
        return {
          idEnvio: existing.idEnvio,
          endToEndId: existing.endToEndId ?? null,
          status: existing.status,
        };
      }
    },

    // GET /v2/gn/pix/enviados/id-envio/:idEnvio
    getSentPix,

    // PUT /v2/webhook/:chave, https://dev.efipay.com.br/docs/api-pix/webhooks
    async registerWebhook(url: string): Promise<void> {
      // "false": EFI checks that our endpoint demands its client certificate (mTLS) before
      // accepting the URL; docs/efi.md explains the server side.
      await call('PUT', `/v2/webhook/${encodeURIComponent(efi.pixKey)}`, '/v2/webhook/:chave', {
        body: { webhookUrl: url },
        headers: { 'x-skip-mtls-checking': 'false' },
      });
    },

    parseWebhook(body: unknown): ReceivedPix[] {
      return parseEfiWebhook(body);
    },

    async checkConnection(): Promise<string> {
      // Always a fresh token request: a cached token proves nothing about the credentials now.
      await renewToken();
      return `token OAuth obtido de ${efi.baseUrl}`;
    },

    close,
  };
}
