/**
 * The PIX provider configuration stored from /gerencianet-config (spec 001 "PIX provider
 * configuration") and the runtime that serves the active provider to the rest of the server.
 * This is the module's entry; its parts live beside it:
 *
 * - pix-config.store.ts: the stored row, its sealing and the live copy. Credentials and the .p12
 *   certificate (and its password) are sealed with the key ring of APP_SECRET (lib/sealed.ts)
 *   and never leave the server: the screen gets masked values and the certificate's subject,
 *   issuer, serial and validity (pix-config.view.ts). pix-reseal.ts seals them again with the
 *   current key after a rotation (`npm run secrets:reencrypt`).
 * - pix-activation.ts: saving only saves; a saved configuration goes live when 'Testar Integração'
 *   passes on it (or on an audited override with a reason), and the one live before stays live
 *   until then, so a mistyped host or secret never stops payments (issue 36).
 * - pix-provider-cache.ts: the provider in use, re-read without a restart.
 * - pix-certificates.ts: the uploaded certificates and their inventory.
 */
import {
  type ActivatePixOverrideInput,
  type CertificateList,
  type CertificateRefreshResult,
  type EfiConfig,
  type EfiTestResult,
  type SaveEfiCredentialsInput,
  type UploadCertificateInput,
  integrationMessages,
} from '@sorteio/shared';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { pixProviderConfig } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { keyRingOf } from '../../lib/key-ring';
import { maskSecret } from '../../lib/sealed';
import type { AuditActor } from '../audit/audit.service';
import { writeAudit } from '../audit/audit.service';
import type { PixProvider } from '../payments';
import {
  activateOverride,
  deactivate,
  removeConfiguration,
  testConfiguration,
} from './pix-activation';
import {
  addToInventory,
  deleteCertificate,
  inspectCertificate,
  listCertificates,
  refreshCertificates,
} from './pix-certificates';
import { ROW_ID, type Tx, liveOf, lockRow, readRow, sealers } from './pix-config.store';
import { readConfigView } from './pix-config.view';
import { createProviderCache } from './pix-provider-cache';

export { CERTIFICATES_KEPT, inspectCertificate, readValidity } from './pix-certificates';
export { resealPixSecrets } from './pix-reseal';
export { CALL_RECORD_MS, PROVIDER_CHECK_MS } from './pix-provider-cache';

export interface PixRuntime {
  /** Always the same object: it delegates to the provider active at the time of each call. */
  provider: PixProvider;
  /** The provider active now (null: none configured). */
  current(): Promise<PixProvider | null>;
  /** Rebuilds the provider from the stored configuration (after a change on this copy). */
  reload(): Promise<void>;
  getConfig(): Promise<EfiConfig>;
  saveCredentials(input: SaveEfiCredentialsInput, actor: AuditActor): Promise<EfiConfig>;
  saveCertificate(input: UploadCertificateInput, actor: AuditActor): Promise<EfiConfig>;
  /** Tests the saved configuration for real; when it passes, that configuration goes live. */
  test(actor: AuditActor): Promise<EfiTestResult>;
  /** Puts the saved configuration live without a passing test (audited, with the reason). */
  activateOverride(input: ActivatePixOverrideInput, actor: AuditActor): Promise<EfiConfig>;
  /** Takes the stored configuration off live (kept saved): the environment's provider is used. */
  deactivate(actor: AuditActor): Promise<EfiConfig>;
  /** Removes the stored configuration: the environment's provider is used again. */
  remove(actor: AuditActor): Promise<EfiConfig>;
  /** The inventory of uploaded certificates with the counters by status. */
  listCertificates(): Promise<CertificateList>;
  /** Re-opens every stored certificate, re-reads its validity and stores the status found. */
  refreshCertificates(actor: AuditActor | null): Promise<CertificateRefreshResult>;
  /** Deletes a certificate that is not in use. */
  deleteCertificate(id: string, actor: AuditActor): Promise<CertificateList>;
  close(): void;
}

export async function createPixRuntime(options: {
  config: Config;
  db: Db;
  log: FastifyBaseLogger;
  /** A fixed provider (tests inject one); then the stored configuration is not used. */
  fixed?: PixProvider | null;
}): Promise<PixRuntime> {
  const { config, db, log } = options;
  const seal = sealers(keyRingOf(config));
  const cache = await createProviderCache({
    config,
    db,
    log,
    seal,
    ...(options.fixed === undefined ? {} : { fixed: options.fixed }),
  });

  const getConfig = () => readConfigView(db, config, cache);

  /** Saves part of the configuration (a new version; what is live stays live), audited. */
  async function upsert(
    actor: AuditActor,
    action: string,
    values: Partial<typeof pixProviderConfig.$inferInsert>,
    audit: { before: unknown; after: unknown },
    alsoInTransaction?: (tx: Tx) => Promise<void>,
  ) {
    await db.transaction(async (tx) => {
      const existing = await lockRow(tx);
      const next = { ...values, updatedBy: actor.id, updatedAt: new Date() };
      if (existing)
        await tx
          .update(pixProviderConfig)
          .set({
            ...next,
            version: existing.version + 1,
            lastTest: null,
            // Saving changes the saved configuration only: what is live stays live (a row from
            // before activation existed keeps its live values as the live copy).
            activeConfig: liveOf(existing),
            activationTracked: true,
          })
          .where(eq(pixProviderConfig.id, ROW_ID));
      else
        await tx.insert(pixProviderConfig).values({ id: ROW_ID, ...next, activationTracked: true });
      await alsoInTransaction?.(tx);
      await writeAudit(tx, actor, { action, targetType: 'pix_config', targetId: ROW_ID, ...audit });
    });
    await cache.refresh(true);
  }

  return {
    provider: cache.provider,
    current: () => cache.current(),
    reload: () => cache.refresh(true),
    getConfig,

    async saveCredentials(input, actor) {
      const row = await readRow(db);
      if (!input.clientSecret && !row?.clientSecretSealed)
        throw new AppError('VALIDATION_ERROR', {
          message: integrationMessages.credentialsRequired,
        });
      await upsert(
        actor,
        'pix.credentials',
        {
          clientId: input.clientId,
          chavePix: input.chavePix,
          environment: input.environment,
          ...(input.clientSecret
            ? { clientSecretSealed: seal.secret.seal(input.clientSecret) }
            : {}),
        },
        {
          before: row
            ? {
                clientId: row.clientId && maskSecret(row.clientId),
                chavePix: row.chavePix,
                environment: row.environment,
              }
            : null,
          after: {
            clientId: maskSecret(input.clientId),
            chavePix: input.chavePix,
            environment: input.environment,
            clientSecretChanged: Boolean(input.clientSecret),
          },
        },
      );
      return getConfig();
    },

    async saveCertificate(input, actor) {
      const der = Buffer.from(input.certificateBase64, 'base64');
      if (der.length === 0)
        throw new AppError('VALIDATION_ERROR', {
          message: integrationMessages.certificateIncomplete,
        });
      const info = inspectCertificate(der, input.password);
      const row = await readRow(db);
      const certSealed = seal.cert.seal(der);
      const passwordSealed = seal.password.seal(input.password);
      const uploadedAt = new Date();
      await upsert(
        actor,
        'pix.certificate',
        {
          certSealed,
          certPasswordSealed: passwordSealed,
          certFilename: input.filename,
          certSubject: info.subject,
          certIssuer: info.issuer,
          certSerial: info.serialNumber,
          certValidFrom: info.validFrom,
          certValidTo: info.validTo,
          certSizeBytes: der.length,
          certUploadedAt: uploadedAt,
        },
        {
          before: row?.certSerial
            ? { serialNumber: row.certSerial, subject: row.certSubject }
            : null,
          after: {
            filename: input.filename,
            subject: info.subject,
            serialNumber: info.serialNumber,
            validTo: info.validTo.toISOString(),
          },
        },
        (tx) =>
          addToInventory(tx, {
            filename: input.filename,
            sizeBytes: der.length,
            info,
            certSealed,
            passwordSealed,
            uploadedBy: actor.id,
            uploadedAt,
          }),
      );
      return getConfig();
    },

    test: (actor) => testConfiguration(db, config, cache, actor),

    async activateOverride(input, actor) {
      await activateOverride(db, cache, input, actor);
      return getConfig();
    },

    async deactivate(actor) {
      await deactivate(db, cache, actor);
      return getConfig();
    },

    async remove(actor) {
      await removeConfiguration(db, cache, actor);
      return getConfig();
    },

    listCertificates: () => listCertificates(db),
    refreshCertificates: (actor) => refreshCertificates(db, seal, actor),
    deleteCertificate: (id, actor) => deleteCertificate(db, id, actor),
    close: () => cache.close(),
  };
}
