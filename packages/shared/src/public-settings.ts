/**
 * The platform settings every visitor may read (GET /api/settings/public). Apart from the full
 * settings of settings.ts so the first pages do not build the integration screens' schemas
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
  /** Default fees of new public and private rooms (basis points): the Regulamento quotes them.
   * Optional so an older answer still parses; the server always sends them. */
  platformFeeBp: z.number().int().optional(),
  privateRoomFeeBp: z.number().int().optional(),
});
export type PublicSettings = z.infer<typeof publicSettingsSchema>;
