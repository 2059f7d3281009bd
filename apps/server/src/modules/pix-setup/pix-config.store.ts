/**
 * The stored PIX provider configuration (one row, id 'efi'): how it is read and sealed, and the
 * sealed copy of it that payments run on (`active_config`). Shared by the runtime's parts
 * (pix-config.service.ts); nothing here talks to the provider.
 */
import { readFileSync } from 'node:fs';
import { rootCertificates } from 'node:tls';
import { type CertificateInfo, certificateStatusOf } from '@sorteio/shared';
import { eq } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { pixProviderConfig } from '../../db/schema';
import type { KeyRing } from '../../lib/key-ring';
import { createSealer, maskSecret } from '../../lib/sealed';

export const ROW_ID = 'efi';
export const UNREADABLE =
  'O arquivo não abre mais (senha, APP_SECRET alterado ou arquivo corrompido). Envie-o novamente.';

export type Row = typeof pixProviderConfig.$inferSelect;
/** A transaction handle of `db.transaction`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export function sealers(ring: KeyRing) {
  return {
    secret: createSealer(ring, 'efi-client-secret'),
    cert: createSealer(ring, 'efi-certificate'),
    password: createSealer(ring, 'efi-certificate-password'),
  };
}

export type Sealers = ReturnType<typeof sealers>;

export async function readRow(db: Db): Promise<Row | null> {
  const [row] = await db.select().from(pixProviderConfig).where(eq(pixProviderConfig.id, ROW_ID));
  return row ?? null;
}

/** The row locked for the rest of the transaction (null: nothing stored). */
export async function lockRow(tx: Tx): Promise<Row | null> {
  const [row] = await tx
    .select()
    .from(pixProviderConfig)
    .where(eq(pixProviderConfig.id, ROW_ID))
    .for('update');
  return row ?? null;
}

export function hostOf(config: Config, environment: string): string {
  return environment === 'production' ? config.efiHosts.production : config.efiHosts.sandbox;
}

export function trustedCa(config: Config): string[] | undefined {
  if (!config.efiHosts.extraCaPath) return undefined;
  return [...rootCertificates, readFileSync(config.efiHosts.extraCaPath, 'utf8')];
}

export function certificateInfo(row: Row | null): CertificateInfo | null {
  if (!row?.certSealed || !row.certValidTo || !row.certValidFrom) return null;
  return {
    filename: row.certFilename ?? '',
    subject: row.certSubject ?? '',
    issuer: row.certIssuer ?? '',
    serialNumber: row.certSerial ?? '',
    validFrom: row.certValidFrom.toISOString(),
    validTo: row.certValidTo.toISOString(),
    sizeBytes: row.certSizeBytes ?? 0,
    status: certificateStatusOf(row.certValidTo),
    uploadedAt: (row.certUploadedAt ?? row.updatedAt).toISOString(),
  };
}

export function isComplete(row: Row | null): row is Row & {
  clientId: string;
  clientSecretSealed: string;
  chavePix: string;
  certSealed: string;
  certPasswordSealed: string;
} {
  return Boolean(
    row?.clientId &&
    row.clientSecretSealed &&
    row.chavePix &&
    row.certSealed &&
    row.certPasswordSealed,
  );
}

/** The sealed copy of the configuration payments run on (column active_config). */
export interface LiveConfig {
  /** New on every activation: server copies rebuild their provider when it changes. */
  id: string;
  clientId: string;
  clientSecretSealed: string;
  chavePix: string;
  environment: string;
  certSealed: string;
  certPasswordSealed: string;
  certFilename: string | null;
  /** The row version it was copied from: the saved configuration is live while they match. */
  fromVersion: number;
  activatedAt: string | null;
  activatedBy: string | null;
  via: 'test' | 'override';
  reason: string | null;
}

export function liveFrom(
  row: Row & { clientId: string; chavePix: string },
  meta: Pick<LiveConfig, 'id' | 'activatedAt' | 'activatedBy' | 'via' | 'reason'>,
): LiveConfig {
  return {
    ...meta,
    clientId: row.clientId,
    clientSecretSealed: row.clientSecretSealed!,
    chavePix: row.chavePix,
    environment: row.environment,
    certSealed: row.certSealed!,
    certPasswordSealed: row.certPasswordSealed!,
    certFilename: row.certFilename,
    fromVersion: row.version,
  };
}

/** What is live: the stored copy, or (rows from before activation existed) the complete row. */
export function liveOf(row: Row | null): LiveConfig | null {
  if (!row) return null;
  if (row.activationTracked) return (row.activeConfig as LiveConfig | null) ?? null;
  if (!isComplete(row)) return null;
  return liveFrom(row, {
    id: `legacy-${row.version}`,
    activatedAt: null,
    activatedBy: row.updatedBy,
    via: 'test',
    reason: null,
  });
}

/** What an audit row says of a configuration (never a secret). */
export function liveSummary(c: {
  clientId: string | null;
  chavePix: string | null;
  environment: string;
  certFilename: string | null;
}) {
  return {
    clientId: c.clientId && maskSecret(c.clientId),
    chavePix: c.chavePix,
    environment: c.environment,
    certificate: c.certFilename,
  };
}
