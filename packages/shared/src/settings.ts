/**
 * Contracts of the Config. tab (spec 001 "Admin settings tab", section 9 defaults): the system
 * settings and their update. What every visitor may read is public-settings.ts.
 */
import { z } from 'zod';

/** Spec 001 section 9 "Settings defaults". Money in centavos, the fee in basis points. */
export const systemSettingsSchema = z.object({
  siteName: z.string().trim().min(1).max(80),
  siteDescription: z.string().trim().max(300),
  maintenanceMode: z.boolean(),
  platformFeeBp: z.number().int().min(0).max(5000),
  minWithdrawCentavos: z.number().int().min(1),
  maxWithdrawCentavos: z.number().int().min(1),
  emailNotifications: z.boolean(),
  smsNotifications: z.boolean(),
  whatsappNotifications: z.boolean(),
  twoFactorRequired: z.boolean(),
  passwordMinLength: z.number().int().min(6).max(128),
  sessionTimeoutHours: z
    .number()
    .int()
    .min(1)
    .max(24 * 30),
  pixEnabled: z.boolean(),
  cardEnabled: z.literal(false),
  boletoEnabled: z.literal(false),
  /** Outgoing requests (connection tests, webhooks) may reach private and loopback addresses. */
  allowPrivateAddresses: z.boolean(),
});
export type SystemSettings = z.infer<typeof systemSettingsSchema>;

export const updateSettingsInputSchema = systemSettingsSchema
  .partial()
  .refine(
    (s) =>
      s.minWithdrawCentavos === undefined ||
      s.maxWithdrawCentavos === undefined ||
      s.minWithdrawCentavos <= s.maxWithdrawCentavos,
    { error: 'O saque mínimo não pode ser maior que o máximo.', path: ['minWithdrawCentavos'] },
  );
export type UpdateSettingsInput = z.infer<typeof updateSettingsInputSchema>;
