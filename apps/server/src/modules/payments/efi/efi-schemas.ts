/**
 * The shapes of the EFI Pix API's answers, read by the adapter (efi-provider.ts):
 * https://dev.efipay.com.br/docs/api-pix/cobrancas-imediatas, .../envio-pagamento-pix,
 * .../webhooks. Unknown fields are ignored: EFI adds fields over time.
 */
import { z } from 'zod';
import { parseAmount } from '../pix-provider';

export const amountSchema = z
  .string()
  .regex(/^\d{1,10}\.\d{2}$/)
  .transform((value) => parseAmount(value));
export const dateSchema = z
  .string()
  .refine((value) => !Number.isNaN(Date.parse(value)), { error: 'invalid date' })
  .transform((value) => new Date(value));

export const tokenSchema = z.object({
  access_token: z.string().min(1),
  token_type: z.string().regex(/^bearer$/i),
  expires_in: z.number().positive(),
  scope: z.string().optional(),
});

export const chargeStatusSchema = z.enum([
  'ATIVA',
  'CONCLUIDA',
  'REMOVIDA_PELO_USUARIO_RECEBEDOR',
  'REMOVIDA_PELO_PSP',
]);

export const receivedPixSchema = z.object({
  endToEndId: z.string().min(1),
  txid: z.string().optional(),
  valor: amountSchema,
  horario: dateSchema,
});

export const cobSchema = z.object({
  txid: z.string(),
  status: chargeStatusSchema,
  calendario: z.object({ criacao: dateSchema, expiracao: z.number().int().positive() }),
  loc: z.object({ id: z.number().int() }),
  valor: z.object({ original: amountSchema }),
  pixCopiaECola: z.string().optional(),
  pix: z.array(receivedPixSchema).optional(),
});

export const qrcodeSchema = z.object({
  qrcode: z.string().min(1),
  imagemQrcode: z.string().startsWith('data:image/png;base64,'),
  linkVisualizacao: z.string().optional(),
});

export const sentStatusSchema = z.enum(['EM_PROCESSAMENTO', 'REALIZADO', 'NAO_REALIZADO']);

export const sendPixSchema = z.object({
  idEnvio: z.string(),
  e2eId: z.string().min(1).optional(),
  valor: amountSchema,
  status: sentStatusSchema,
});

export const sentPixSchema = z.object({
  idEnvio: z.string(),
  endToEndId: z.string().min(1).optional(),
  valor: amountSchema,
  status: sentStatusSchema,
});

/** EFI's own errors are `{ nome, mensagem }`; the Banco Central endpoints answer RFC 7807
 *  problems `{ title, detail, violacoes }`; the token endpoint OAuth2 `{ error, error_description }`. */
export const errorBodySchema = z.object({
  nome: z.string().optional(),
  mensagem: z.string().optional(),
  title: z.string().optional(),
  detail: z.string().optional(),
  violacoes: z
    .array(z.object({ razao: z.string().optional(), propriedade: z.string().optional() }))
    .optional(),
  error: z.string().optional(),
  error_description: z.string().optional(),
});
