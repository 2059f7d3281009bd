/** Contracts of PIX charges, the wallet (Saldo and Cashback) and its statement. Amounts in centavos. */
import { z } from 'zod';
import { roomTypeSchema } from './rooms';

export const chargeStatuses = ['ATIVA', 'CONCLUIDA', 'EXPIRADA'] as const;

/** A PIX charge as the payment page shows it (spec 000 section 3: txid, qr_code_base64, qr_code_text). */
export const pixChargeSchema = z.object({
  txid: z.string(),
  valor: z.number().int(),
  descricao: z.string(),
  status: z.enum(chargeStatuses),
  /** PNG data URL of the QR code. */
  qrCodeBase64: z.string(),
  /** The BR Code "copia e cola" text. */
  qrCodeText: z.string(),
  expiresAt: z.string(),
  paidAt: z.string().nullable(),
  purpose: z.enum(['participacao', 'topup']),
  participacaoId: z.uuid().nullable(),
});
export type PixCharge = z.infer<typeof pixChargeSchema>;

/** GET /api/payments/pix?participacaoId=: the newest charge and the seat it pays for. */
export const participationChargeSchema = z.object({
  charge: pixChargeSchema.nullable(),
  /** The caller's seat: its lucky number is theirs from the join, before the payment. */
  seat: z
    .object({
      numeroSorte: z.string(),
      tipoSala: roomTypeSchema,
      /** The room (and its private room, if any): 'Ver minha participação' opens it. */
      salaId: z.uuid().optional(),
      privateRoomId: z.uuid().nullable().optional(),
    })
    .nullable(),
});
export type ParticipationCharge = z.infer<typeof participationChargeSchema>;

/** POST /api/payments/pix  (generate_payment) */
export const createPixChargeInputSchema = z.object({
  participacaoId: z.uuid({ error: 'Participação inválida.' }),
});
/** GET /api/payments/pix/:txid  (check_status) */
export const txidParamsSchema = z.object({
  txid: z.string().regex(/^[a-zA-Z0-9]{1,35}$/, { error: 'Identificador de pagamento inválido.' }),
});

/** POST /api/wallet/topup: add Saldo by PIX, from R$ 1,00. */
export const MIN_TOPUP_CENTAVOS = 100;
export const MAX_TOPUP_CENTAVOS = 1_000_000;
export const topupInputSchema = z.object({
  valor: z
    .number({ error: 'Informe o valor.' })
    .int({ error: 'Valor inválido.' })
    .min(MIN_TOPUP_CENTAVOS, { error: 'O valor mínimo é R$ 1,00.' })
    .max(MAX_TOPUP_CENTAVOS, { error: 'O valor máximo por recarga é R$ 10.000,00.' }),
});

export const walletSchema = z.object({
  saldo: z.number().int(),
  cashback: z.number().int(),
  /** Percentage of each confirmed entry credited as cashback, in basis points. */
  cashbackBp: z.number().int(),
  /** The withdrawal limits the server applies now (Config. > Pagamentos), in centavos. */
  withdrawMinCentavos: z.number().int(),
  withdrawMaxCentavos: z.number().int(),
});
export type Wallet = z.infer<typeof walletSchema>;

export const statementKinds = [
  'entry_pix',
  'entry_balance',
  'topup',
  'cashback',
  /** The cashback a refunded entry had earned, taken back with the refund. */
  'cashback_reversal',
  'prize',
  'refund',
  'withdrawal',
  'withdrawal_return',
  /** A prize sent to the winner's PIX key on its own: not a withdrawal the player asked for. */
  'prize_payout',
  /** That PIX could not be made: the prize stays in the Saldo. */
  'prize_payout_return',
  'late_payment',
  /** A friend invited with the player's link made a first entry. */
  'referral_bonus',
] as const;
export type StatementKind = (typeof statementKinds)[number];

export const statementKindLabels: Record<StatementKind, string> = {
  entry_pix: 'Entrada paga por PIX',
  entry_balance: 'Entrada paga com saldo',
  topup: 'Saldo adicionado por PIX',
  cashback: 'Cashback recebido',
  cashback_reversal: 'Cashback estornado (sala cancelada)',
  prize: 'Prêmio',
  refund: 'Reembolso de sala cancelada',
  withdrawal: 'Saque por PIX',
  withdrawal_return: 'Saque devolvido',
  prize_payout: 'Prêmio pago por PIX',
  prize_payout_return: 'Prêmio creditado no saldo',
  late_payment: 'Pagamento recebido após a vaga expirar',
  referral_bonus: 'Bônus de indicação',
};

export const statementEntrySchema = z.object({
  id: z.string(),
  kind: z.enum(statementKinds),
  /** Which balance moved. */
  conta: z.enum(['saldo', 'cashback']),
  /** Signed: positive adds to the balance, negative takes from it. */
  valor: z.number().int(),
  descricao: z.string(),
  createdAt: z.string(),
});
export type StatementEntry = z.infer<typeof statementEntrySchema>;

export const pixMessages = {
  notConfigured: 'Sistema PIX não configurado. Entre em contato com o administrador.',
  generationFailed: 'Erro ao gerar PIX',
  providerFallback: 'Erro na integração com o provedor',
  /** A player never sees the provider's technical error: this, and it is logged. */
  providerUnavailable: 'O PIX está indisponível no momento. Tente novamente em alguns minutos.',
} as const;

/** GET /api/payments/config (spec check_config). */
export const paymentConfigSchema = z.object({
  configured: z.boolean(),
  provider: z.enum(['simulator', 'efi']),
});
export type PaymentConfig = z.infer<typeof paymentConfigSchema>;

/** POST /api/wallet/withdraw: Saldo to the own PIX key (limits are server settings). */
export const withdrawInputSchema = z.object({
  valor: z
    .number({ error: 'Informe o valor.' })
    .int({ error: 'Valor inválido.' })
    .positive({ error: 'Informe o valor.' }),
});

export const withdrawalStatuses = ['pendente', 'enviando', 'confirmado', 'devolvido'] as const;
export type WithdrawalStatus = (typeof withdrawalStatuses)[number];

/** GET /api/wallet/withdrawals item. */
export const withdrawalSchema = z.object({
  id: z.string(),
  valor: z.number().int(),
  status: z.enum(withdrawalStatuses),
  createdAt: z.string(),
  /** Why the last attempt to send the PIX failed; for a 'devolvido' one, why it came back. */
  lastError: z.string().nullable(),
});
export type Withdrawal = z.infer<typeof withdrawalSchema>;
