import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  paymentConfigSchema,
  pixChargeSchema,
  pixMessages,
  type PaymentConfig,
  type PixCharge,
} from '@sorteio/shared';
import { api, isApiError } from '@/lib/api-client';

/**
 * PIX calls shared by every screen that shows a charge (the payment page and the top-up on
 * /cashback), so they live here and not in one feature (features do not import each other).
 */
export const pixKeys = {
  all: ['pix'] as const,
  config: () => [...pixKeys.all, 'config'] as const,
  charge: (txid: string) => [...pixKeys.all, 'charge', txid] as const,
};

export { paymentConfigSchema, type PaymentConfig } from '@sorteio/shared';

export function getPaymentConfig(options: { signal?: AbortSignal } = {}): Promise<PaymentConfig> {
  return api('/api/payments/config', { schema: paymentConfigSchema, ...options });
}

export function paymentConfigQueryOptions() {
  return queryOptions({
    queryKey: pixKeys.config(),
    queryFn: ({ signal }) => getPaymentConfig({ signal }),
  });
}

export function usePaymentConfig() {
  return useQuery(paymentConfigQueryOptions());
}

/** GET /api/payments/pix/:txid: the spec's check_status; the server asks the provider. */
export function getPixCharge(
  txid: string,
  options: { signal?: AbortSignal } = {},
): Promise<PixCharge> {
  return api(`/api/payments/pix/${encodeURIComponent(txid)}`, {
    schema: pixChargeSchema,
    ...options,
  });
}

/**
 * POST /api/payments/pix/:txid/simulate: pays the charge through the simulator's webhook. The
 * server answers 404 unless the simulator is the configured provider (DESIGN.md section 6).
 */
export async function simulatePixPayment(txid: string): Promise<void> {
  await api(`/api/payments/pix/${encodeURIComponent(txid)}/simulate`, { method: 'POST' });
}

/** 'CONCLUIDA' (paid) and 'EXPIRADA' never change again: no reason to ask any more. */
export function isFinalChargeStatus(status: PixCharge['status']): boolean {
  return status === 'CONCLUIDA' || status === 'EXPIRADA';
}

/** A data URL as the server sends it; a bare base64 PNG is accepted too. */
export function qrImageSrc(qrCodeBase64: string): string {
  return qrCodeBase64.startsWith('data:') ? qrCodeBase64 : `data:image/png;base64,${qrCodeBase64}`;
}

/**
 * The message under 'Erro ao gerar PIX' (spec 000 section 8): the server's text for a refusal it
 * explains, 'Erro na integração com o provedor' for anything else.
 */
export function pixGenerationErrorMessage(error: unknown): string {
  if (isApiError(error)) {
    if (error.reason === 'PIX_NOT_CONFIGURED') return pixMessages.notConfigured;
    if (error.reason || (error.status >= 400 && error.status < 500)) {
      // The title already says 'Erro ao gerar PIX'.
      const prefix = `${pixMessages.generationFailed}: `;
      const text = error.message.startsWith(prefix)
        ? error.message.slice(prefix.length)
        : error.message;
      return text || pixMessages.providerFallback;
    }
  }
  return pixMessages.providerFallback;
}
