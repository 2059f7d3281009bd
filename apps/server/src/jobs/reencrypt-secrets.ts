/**
 * `npm run secrets:reencrypt` (scripts/reencrypt-secrets.ts): after an APP_SECRET rotation, every
 * secret kept at rest sealed again with the current key of the ring, so the previous key can leave
 * APP_SECRET_PREVIOUS (docs/decisions/008-key-ring.md). Values already sealed with the current key
 * are left alone: running it twice changes nothing.
 */
import type { Config } from '../config';
import type { Db } from '../db/client';
import { type ResealCount, keyRingOf, resealTwoFactorSecrets } from '../lib/key-ring';
import type { FileStorage } from '../lib/storage';
import { resealConnectionConfigs } from '../modules/connections/connections.service';
import { resealPixSecrets } from '../modules/pix-setup/pix-setup.service';
import { resealDataExports } from '../modules/profile/data-export-storage';
import { resealVapidKey } from '../modules/push';

export type ReencryptReport = Record<
  'twoFactor' | 'pixConfig' | 'pixCertificates' | 'connections' | 'vapidKey' | 'dataExports',
  ResealCount
>;

/** What each kind is called in the command's report. */
export const REENCRYPT_KINDS: Record<keyof ReencryptReport, string> = {
  twoFactor: 'Two-factor secrets',
  pixConfig: 'PIX configuration (client secret, certificate, password; saved and live)',
  pixCertificates: 'PIX certificate inventory (certificate, password)',
  connections: 'Connection configs',
  vapidKey: 'Web push VAPID private key',
  dataExports: 'Prepared data-export files',
};

export async function reencryptSecrets(deps: {
  db: Db;
  storage: FileStorage;
  config: Pick<Config, 'appSecret' | 'appSecretPrevious'>;
}): Promise<ReencryptReport> {
  const { db, storage } = deps;
  const ring = keyRingOf(deps.config);
  const twoFactor = await resealTwoFactorSecrets(db, ring);
  const pix = await resealPixSecrets(db, ring);
  return {
    twoFactor,
    pixConfig: pix.config,
    pixCertificates: pix.certificates,
    connections: await resealConnectionConfigs(db, ring),
    vapidKey: await resealVapidKey(db, ring),
    dataExports: await resealDataExports(db, storage, ring),
  };
}
