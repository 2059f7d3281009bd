/**
 * The platform settings every visitor may read (GET /api/settings/public). Apart from the full
 * settings of integrations.ts so the first pages do not build the integration screens' schemas
 * (re-exported by the package's index under the same names).
 */
import { z } from 'zod';

/** What every visitor may know (page titles, the maintenance page, payment options). */
export const publicSettingsSchema = z.object({
  siteName: z.string(),
  siteDescription: z.string(),
  maintenanceMode: z.boolean(),
  pixEnabled: z.boolean(),
  cardEnabled: z.boolean(),
  boletoEnabled: z.boolean(),
  passwordMinLength: z.number().int(),
});
export type PublicSettings = z.infer<typeof publicSettingsSchema>;
