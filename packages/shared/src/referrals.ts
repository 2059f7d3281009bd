/** Contracts of the referral program: invite links, the player's card, the admin figures. */
import { z } from 'zod';

/**
 * A player's referral code: 8 characters without look-alikes (no 0/O, 1/I/L). Distinct from a
 * private room's invitation code (10-40 characters), which also rides in `invite_code`.
 */
export const REFERRAL_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const referralCodePattern = /^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{8}$/;
export const referralCodeSchema = z
  .string()
  .trim()
  .transform((code) => code.toUpperCase())
  .pipe(z.string().regex(referralCodePattern, { error: 'Código de convite inválido.' }));

export function isReferralCode(value: string | null | undefined): value is string {
  return typeof value === 'string' && referralCodePattern.test(value.trim().toUpperCase());
}

/** GET /api/referrals/me: the 'Convide amigos' card. */
export const myReferralsSchema = z.object({
  enabled: z.boolean(),
  code: z.string(),
  link: z.string(),
  /** The bonus an invited friend's first entry earns now, in centavos. */
  bonusCentavos: z.number().int(),
  /** Accounts created with the link. */
  joined: z.number().int(),
  /** Of them, whose first entry paid a bonus. */
  rewarded: z.number().int(),
  earnedCentavos: z.number().int(),
});
export type MyReferrals = z.infer<typeof myReferralsSchema>;

/** GET /api/admin/referrals: the program's figures and settings. */
export const referralAdminSchema = z.object({
  enabled: z.boolean(),
  bonusCentavos: z.number().int(),
  invited: z.number().int(),
  pending: z.number().int(),
  paid: z.number().int(),
  refused: z.number().int(),
  refusedByReason: z.object({
    same_cpf: z.number().int(),
    same_pix: z.number().int(),
    same_device: z.number().int(),
    disabled: z.number().int(),
  }),
  paidCentavos: z.number().int(),
  topInviters: z.array(
    z.object({
      userId: z.string(),
      email: z.string(),
      invited: z.number().int(),
      paid: z.number().int(),
      earnedCentavos: z.number().int(),
    }),
  ),
});
export type ReferralAdmin = z.infer<typeof referralAdminSchema>;

/** PUT /api/admin/referrals: turn the program on or off, change the bonus (R$ 0,01 to R$ 1.000,00). */
export const updateReferralSettingsInputSchema = z
  .strictObject({
    enabled: z.boolean().optional(),
    bonusCentavos: z
      .number({ error: 'Informe o bônus em centavos.' })
      .int({ error: 'Informe o bônus em centavos.' })
      .min(1, { error: 'O bônus mínimo é R$ 0,01.' })
      .max(100_000, { error: 'O bônus máximo é R$ 1.000,00.' })
      .optional(),
  })
  .refine((v) => v.enabled !== undefined || v.bonusCentavos !== undefined, {
    error: 'Nada para alterar.',
  });
export type UpdateReferralSettingsInput = z.infer<typeof updateReferralSettingsInputSchema>;
