/**
 * Platform settings stored in the database and enforced on the server. Each setting has a typed
 * default; an administrator's change is a row in `settings`.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { settings } from '../../db/schema';

export const settingDefaults = {
  /** Approve identity verification at once when every automated check passes. */
  'verification.autoApprove': true,
  /** Spec 001 section 9: minimum and maximum withdrawal, R$ 10,00 and R$ 10.000,00 (centavos). */
  'withdraw.minCentavos': 1000,
  'withdraw.maxCentavos': 1_000_000,
  /** The platform fee of private rooms, in basis points (the original's 10 % label). */
  'privateRooms.feeBp': 1000,
  /** Spec 001 section 9 "2FA obrigatório" (off): staff without 2FA are sent to set it up. */
  'security.twoFactorRequired': false,
} as const;

export type SettingKey = keyof typeof settingDefaults;
export type SettingValue<K extends SettingKey> = (typeof settingDefaults)[K] extends boolean
  ? boolean
  : (typeof settingDefaults)[K] extends number
    ? number
    : (typeof settingDefaults)[K];

export async function getSetting<K extends SettingKey>(db: Db, key: K): Promise<SettingValue<K>> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, key));
  return (row ? row.value : settingDefaults[key]) as SettingValue<K>;
}

export async function setSetting<K extends SettingKey>(
  db: Db,
  key: K,
  value: SettingValue<K>,
  updatedBy: string | null,
): Promise<void> {
  await db
    .insert(settings)
    .values({ key, value, updatedBy })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedBy, updatedAt: new Date() } });
}
