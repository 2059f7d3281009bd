/**
 * Platform settings stored in the database and enforced on the server. Each setting has a typed
 * default; an administrator's change is a row in `settings`. Reads go through a short cache so a
 * hot path (every request checks maintenance mode) costs no query. A change made on one server
 * copy is announced to every copy (NOTIFY on the live-update channel), which drops its cache at
 * once; SETTINGS_CACHE_MS bounds the staleness if that message is lost.
 */
import {
  DEFAULT_PRIVATE_ROOM_FEE_BP,
  DEFAULT_PUBLIC_ROOM_FEE_BP,
  type PublicSettings,
  type SystemSettings,
  type UpdateSettingsInput,
  defaultCampaignChannelSettings,
} from '@sorteio/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { assertOutsideTransaction } from '../../db/transaction-guard';
import { AppError } from '../../lib/errors';
import { settings } from '../../db/schema';
import { type AuditActor, writeAudit } from '../audit/audit.service';
import type { DbOrTx, Tx } from '../wallet';

export const settingDefaults = {
  /** Approve identity verification at once when every automated check passes. */
  'verification.autoApprove': true,
  /** Spec 001 section 9: minimum and maximum withdrawal, R$ 10,00 and R$ 10.000,00 (centavos). */
  'withdraw.minCentavos': 1000,
  'withdraw.maxCentavos': 1_000_000,
  /** The platform fee of private rooms, in basis points (the original's 10 % label). */
  'privateRooms.feeBp': DEFAULT_PRIVATE_ROOM_FEE_BP,
  /** Spec 001 section 9 "2FA obrigatório" (off): staff without 2FA are sent to set it up. */
  'security.twoFactorRequired': false,
  /** Spec 001 section 9 settings defaults (Config. tab). */
  'general.siteName': 'Sorteio Certo',
  'general.siteDescription':
    'Plataforma de sorteios pagos com PIX, verificáveis por qualquer pessoa.',
  'general.maintenanceMode': false,
  /** Default platform fee of new rooms (15 %), basis points. */
  'fees.platformFeeBp': DEFAULT_PUBLIC_ROOM_FEE_BP,
  'notifications.email': true,
  'notifications.sms': false,
  'notifications.whatsapp': true,
  'security.passwordMinLength': 8,
  'security.sessionTimeoutHours': 24,
  'payments.pixEnabled': true,
  /** Outgoing requests may reach private/loopback addresses (off: SSRF guard). */
  'integrations.allowPrivateAddresses': false,
  /** The referral program: on, and the inviter's bonus in Cashback (R$ 5,00). */
  'referrals.enabled': true,
  'referrals.bonusCentavos': 500,
  /** Remarketing 'Configurar': senders, quiet hours, weekly cap and unit costs per channel. */
  'campaigns.channelDefaults': defaultCampaignChannelSettings,
} as const;

export type SettingKey = keyof typeof settingDefaults;
export type SettingValue<K extends SettingKey> = (typeof settingDefaults)[K] extends boolean
  ? boolean
  : (typeof settingDefaults)[K] extends number
    ? number
    : (typeof settingDefaults)[K] extends string
      ? string
      : (typeof settingDefaults)[K];

/** How stale a cached setting may be on a server copy that did not make the change. */
export const SETTINGS_CACHE_MS = 2000;

const cache = new WeakMap<object, { at: number; values: Promise<Map<string, unknown>> }>();

function readAll(db: DbOrTx): Promise<Map<string, unknown>> {
  return db
    .select({ key: settings.key, value: settings.value })
    .from(settings)
    .then((rows) => new Map(rows.map((r) => [r.key, r.value])));
}

function loadAll(db: Db): Promise<Map<string, unknown>> {
  // A cached read would hide the mistake until the cache is cold: inside a transaction, the outer
  // handle is refused here too (src/db/transaction-guard.ts).
  assertOutsideTransaction(db);
  const hit = cache.get(db);
  if (hit && Date.now() - hit.at < SETTINGS_CACHE_MS) return hit.values;
  const values = readAll(db);
  cache.set(db, { at: Date.now(), values });
  values.catch(() => cache.delete(db));
  return values;
}

/** After a committed change: this copy's cache is dropped and every other copy is told to. */
export function invalidateSettings(db: Db): void {
  cache.delete(db);
  db.execute(sql`select pg_notify(${SETTINGS_CHANNEL}, ${SETTINGS_CHANGED})`).catch(
    () => undefined,
  );
}

/** The live-update channel (realtime/realtime.ts) and the message every copy reacts to. */
const SETTINGS_CHANNEL = 'sorteio_events';
const SETTINGS_CHANGED = JSON.stringify({ type: 'settings' });

/** Drops this copy's cached settings (another copy announced a change). */
export function forgetCachedSettings(db: Db): void {
  cache.delete(db);
}

export async function getSetting<K extends SettingKey>(db: Db, key: K): Promise<SettingValue<K>> {
  const values = await loadAll(db);
  return (values.has(key) ? values.get(key) : settingDefaults[key]) as SettingValue<K>;
}

/** The withdrawal limits of the settings: what `POST /api/wallet/withdraw` applies and shows. */
export async function withdrawLimits(db: Db): Promise<{ min: number; max: number }> {
  const [min, max] = await Promise.all([
    getSetting(db, 'withdraw.minCentavos'),
    getSetting(db, 'withdraw.maxCentavos'),
  ]);
  return { min, max };
}

export async function setSetting<K extends SettingKey>(
  db: DbOrTx,
  key: K,
  value: SettingValue<K>,
  updatedBy: string | null,
): Promise<void> {
  await db
    .insert(settings)
    .values({ key, value, updatedBy })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedBy, updatedAt: new Date() } });
  cache.delete(db);
}

/** The Config. tab's fields and the setting key each is stored under. */
const fieldKeys = {
  siteName: 'general.siteName',
  siteDescription: 'general.siteDescription',
  maintenanceMode: 'general.maintenanceMode',
  platformFeeBp: 'fees.platformFeeBp',
  minWithdrawCentavos: 'withdraw.minCentavos',
  maxWithdrawCentavos: 'withdraw.maxCentavos',
  emailNotifications: 'notifications.email',
  smsNotifications: 'notifications.sms',
  whatsappNotifications: 'notifications.whatsapp',
  twoFactorRequired: 'security.twoFactorRequired',
  passwordMinLength: 'security.passwordMinLength',
  sessionTimeoutHours: 'security.sessionTimeoutHours',
  pixEnabled: 'payments.pixEnabled',
  allowPrivateAddresses: 'integrations.allowPrivateAddresses',
} as const satisfies Partial<Record<keyof SystemSettings, SettingKey>>;

export async function getSystemSettings(db: Db): Promise<SystemSettings> {
  return systemSettingsOf(await loadAll(db));
}

function systemSettingsOf(values: Map<string, unknown>): SystemSettings {
  const read = (key: SettingKey) => (values.has(key) ? values.get(key) : settingDefaults[key]);
  const out: Record<string, unknown> = { cardEnabled: false, boletoEnabled: false };
  for (const [field, key] of Object.entries(fieldKeys)) out[field] = read(key);
  return out as SystemSettings;
}

export async function getPublicSettings(db: Db): Promise<PublicSettings> {
  const s = await getSystemSettings(db);
  return {
    siteName: s.siteName,
    siteDescription: s.siteDescription,
    maintenanceMode: s.maintenanceMode,
    pixEnabled: s.pixEnabled,
    cardEnabled: s.cardEnabled,
    boletoEnabled: s.boletoEnabled,
    passwordMinLength: s.passwordMinLength,
    platformFeeBp: s.platformFeeBp,
    privateRoomFeeBp: await getSetting(db, 'privateRooms.feeBp'),
  };
}

/**
 * Writes the changed fields; returns the before and after of what changed (for the audit row).
 * Everything goes through the caller's transaction: the outer handle would wait for it.
 * The caller invalidates the cache after the commit (`invalidateSettings`).
 */
export async function updateSystemSettings(
  tx: Tx,
  input: UpdateSettingsInput,
  updatedBy: string,
): Promise<{ before: Partial<SystemSettings>; after: Partial<SystemSettings> }> {
  // One change at a time: two saves checked against the same old values could together leave
  // the minimum withdrawal above the maximum.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('settings.update'))`);
  const current = systemSettingsOf(await readAll(tx));
  const merged = { ...current, ...input };
  if (merged.minWithdrawCentavos > merged.maxWithdrawCentavos)
    throw new AppError('VALIDATION_ERROR', {
      message: 'O saque mínimo não pode ser maior que o máximo.',
    });
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  for (const [field, key] of Object.entries(fieldKeys) as [keyof typeof fieldKeys, SettingKey][]) {
    const value = input[field];
    if (value === undefined || value === current[field]) continue;
    before[field] = current[field];
    after[field] = value;
    await setSetting(tx, key, value as never, updatedBy);
  }
  return { before, after };
}

/**
 * 'Salvar' of the Config. tab: the changes and their audit row in one transaction, then the cache
 * dropped (after the commit: a read in between would cache the old values again).
 */
export async function saveSystemSettings(
  db: Db,
  actor: AuditActor,
  input: UpdateSettingsInput,
): Promise<SystemSettings> {
  await db.transaction(async (tx) => {
    const change = await updateSystemSettings(tx, input, actor.id);
    if (Object.keys(change.after).length > 0)
      await writeAudit(tx, actor, { action: 'settings.update', targetType: 'settings', ...change });
  });
  invalidateSettings(db);
  return getSystemSettings(db);
}
