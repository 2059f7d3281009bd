/**
 * What /gerencianet-config shows of the PIX provider configuration: masked credentials, the
 * certificate's details, the saved configuration's state against the live one, and the banner
 * (which provider is active, in which environment, and its last successful call). Never a secret.
 */
import type { EfiConfig, EfiTestResult } from '@sorteio/shared';
import { eq } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { pixProviderCalls } from '../../db/schema';
import { maskSecret } from '../../lib/sealed';
import { certificateInfo, hostOf, isComplete, liveOf, readRow } from './pix-config.store';
import type { ProviderCache } from './pix-provider-cache';

export async function readConfigView(
  db: Db,
  config: Config,
  cache: ProviderCache,
): Promise<EfiConfig> {
  const row = await readRow(db);
  const now = await cache.current();
  const credentials =
    row?.clientId && row.chavePix
      ? ({
          clientIdMasked: maskSecret(row.clientId),
          clientSecretMasked: row.clientSecretSealed ? '••••••••' : '',
          chavePix: row.chavePix,
          environment: row.environment === 'production' ? 'production' : 'sandbox',
          host: hostOf(config, row.environment),
        } as const)
      : null;
  const lastTest = (row?.lastTest as EfiTestResult | null) ?? null;
  const live = liveOf(row);
  // The banner: which real provider is active, in which environment, and its last good call.
  // The cache's provider is what this copy runs; `live` what the row says (the same after a
  // refresh).
  const storedActive = now?.kind === 'efi' && cache.hasStored() && live !== null;
  const activeHost =
    now?.kind !== 'efi'
      ? null
      : storedActive
        ? hostOf(config, live.environment)
        : (config.efi?.baseUrl.replace(/\/+$/, '') ?? null);
  const environment =
    now?.kind !== 'efi'
      ? null
      : storedActive
        ? live.environment === 'production'
          ? 'production'
          : 'sandbox'
        : config.efi?.sandbox === false
          ? 'production'
          : 'sandbox';
  await cache.settleCallWrites();
  const [call] = activeHost
    ? await db.select().from(pixProviderCalls).where(eq(pixProviderCalls.host, activeHost))
    : [];
  const savedState =
    !row?.clientId && !row?.certSealed
      ? 'none'
      : !isComplete(row)
        ? 'incomplete'
        : live?.fromVersion === row.version
          ? 'active'
          : 'pending';
  return {
    source: storedActive ? 'stored' : config.pixProvider === 'efi' ? 'environment' : 'simulator',
    active: live
      ? {
          clientIdMasked: maskSecret(live.clientId),
          chavePix: live.chavePix,
          environment: live.environment === 'production' ? 'production' : 'sandbox',
          host: hostOf(config, live.environment),
          certificateFilename: live.certFilename,
          activatedAt: live.activatedAt,
          via: live.via,
          reason: live.reason,
        }
      : null,
    savedState,
    environmentProvider: cache.envProvider ? cache.envProvider.kind : 'none',
    activeProvider: now ? now.kind : 'none',
    credentials,
    certificate: certificateInfo(row),
    lastTest,
    credentialsConfigured: Boolean(row?.clientId && row.clientSecretSealed && row.chavePix),
    certificateUploaded: Boolean(row?.certSealed),
    apiActive: storedActive,
    configured: now?.kind === 'efi',
    environment,
    lastSuccessfulCall: call
      ? { at: call.lastSuccessAt.toISOString(), route: call.lastSuccessRoute }
      : null,
  };
}
