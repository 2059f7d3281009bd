/**
 * The Config. tab's form: the fee in percent and the withdrawal limits in reais as typed, turned
 * into the settings update the server validates (basis points and centavos).
 */
import { z } from 'zod';
import { type UpdateSettingsInput, updateSettingsInputSchema } from '../settings';
import { parseBRL } from '../money';

const invalidValues = 'Valores inválidos.';

/** Reais as typed ('1.000,00') to centavos. */
const reaisText = z.string().transform((text, ctx) => {
  const centavos = parseBRL(text);
  if (centavos === null) {
    ctx.addIssue({ code: 'custom', message: invalidValues });
    return z.NEVER;
  }
  return centavos;
});

/** A percentage as typed ('15' or '2,5') to basis points. */
const percentText = z.string().transform((text, ctx) => {
  const bp = Math.round(Number(text.replace(',', '.')) * 100);
  if (!Number.isFinite(bp)) {
    ctx.addIssue({ code: 'custom', message: invalidValues });
    return z.NEVER;
  }
  return bp;
});

/** The server's own check of the update, taken as it stands (every field is given here). */
const settingsUpdate: z.ZodType<UpdateSettingsInput, UpdateSettingsInput> =
  updateSettingsInputSchema;

const wholeText = z.string().transform((text) => Number(text));

export const updateSettingsFormSchema = z
  .object({
    siteName: z.string(),
    siteDescription: z.string(),
    maintenanceMode: z.boolean(),
    allowPrivateAddresses: z.boolean(),
    platformFee: percentText,
    minWithdraw: reaisText,
    maxWithdraw: reaisText,
    emailNotifications: z.boolean(),
    smsNotifications: z.boolean(),
    whatsappNotifications: z.boolean(),
    twoFactorRequired: z.boolean(),
    passwordMinLength: wholeText,
    sessionTimeoutHours: wholeText,
    pixEnabled: z.boolean(),
  })
  .transform(({ platformFee, minWithdraw, maxWithdraw, ...rest }): UpdateSettingsInput => ({
    ...rest,
    platformFeeBp: platformFee,
    minWithdrawCentavos: minWithdraw,
    maxWithdrawCentavos: maxWithdraw,
  }))
  .pipe(settingsUpdate);
export type UpdateSettingsFormInput = z.input<typeof updateSettingsFormSchema>;
