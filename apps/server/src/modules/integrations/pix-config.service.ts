/**
 * The PIX provider configuration stored from /gerencianet-config (spec 001 "PIX provider
 * configuration") and the runtime that serves the active provider to the rest of the server.
 *
 * - Credentials and the .p12 certificate (and its password) are sealed with a key from APP_SECRET
 *   (lib/sealed.ts) and never leave the server: the screen gets masked values and the
 *   certificate's subject, issuer, serial and validity.
 * - Saving only saves: a saved configuration goes live when 'Testar Integração' passes on it (or
 *   on an audited override with a reason), and the one live before stays live until then, so a
 *   mistyped host or secret never stops payments (issue 36). Live is a sealed copy in
 *   `active_config`; without one, the environment's provider (PIX_PROVIDER / EFI_*) is used, and
 *   'Voltar ao provedor do ambiente' returns to it. A change is picked up without a restart: every
 *   server copy re-reads the row at most every PROVIDER_CHECK_MS, and a new live provider
 *   registers the PIX webhook.
 * - 'Testar Integração' is a real OAuth2 token request over mTLS against the configured EFI host.
 */
import { X509Certificate, createPrivateKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { rootCertificates } from 'node:tls';
import {
  type ActivatePixOverrideInput,
  type CertificateInfo,
  type CertificateList,
  type CertificateRefreshResult,
  type EfiConfig,
  type StoredCertificate,
  type EfiTestResult,
  type SaveEfiCredentialsInput,
  type UploadCertificateInput,
  certificateStatusOf,
  integrationMessages,
  pixMessages,
} from '@sorteio/shared';
import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, not } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { pixCertificates, pixProviderCalls, pixProviderConfig } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { createSealer, maskSecret } from '../../lib/sealed';
import type { AuditActor } from '../admin/audit.service';
import { writeAudit } from '../admin/audit.service';
import { type PemKeyPair, p12ToPem } from '../payments/efi/certificates';
import { EfiApiError, type EfiPixProvider, createEfiProvider } from '../payments/efi/efi-provider';
import { type PixProvider, PixProviderError } from '../payments/pix-provider';
import { describePixFailure } from '../payments/pix-failure';
import { createPixProvider } from '../payments/provider';
import { getSetting } from '../settings/settings.service';

const ROW_ID = 'efi';
/** How often a server copy checks whether another copy changed the stored configuration. */
export const PROVIDER_CHECK_MS = 2000;
/** A successful call is written at most this often per host (every payment makes calls). */
export const CALL_RECORD_MS = 30_000;
/** Certificates kept in the inventory; the oldest not in use go first. */
export const CERTIFICATES_KEPT = 10;
const UNREADABLE =
  'O arquivo não abre mais (senha, APP_SECRET alterado ou arquivo corrompido). Envie-o novamente.';
/** OID of the TLS client authentication extended key usage (RFC 5280 section 4.2.1.12). */
const CLIENT_AUTH_OID = '1.3.6.1.5.5.7.3.2';

type Row = typeof pixProviderConfig.$inferSelect;

function sealers(appSecret: string) {
  return {
    secret: createSealer(appSecret, 'efi-client-secret'),
    cert: createSealer(appSecret, 'efi-certificate'),
    password: createSealer(appSecret, 'efi-certificate-password'),
  };
}

async function readRow(db: Db): Promise<Row | null> {
  const [row] = await db.select().from(pixProviderConfig).where(eq(pixProviderConfig.id, ROW_ID));
  return row ?? null;
}

function hostOf(config: Config, environment: string): string {
  return environment === 'production' ? config.efiHosts.production : config.efiHosts.sandbox;
}

function trustedCa(config: Config): string[] | undefined {
  if (!config.efiHosts.extraCaPath) return undefined;
  return [...rootCertificates, readFileSync(config.efiHosts.extraCaPath, 'utf8')];
}

/** Distinguished name as "CN=..., O=..." from node's multi-line form. */
function dn(text: string): string {
  return text.split('\n').filter(Boolean).join(', ');
}

/** Opens an uploaded .p12/.pfx with its password and checks it is a client certificate. */
export function inspectCertificate(der: Buffer, password: string) {
  let pem: PemKeyPair;
  try {
    pem = p12ToPem(der, password);
  } catch {
    throw new AppError('VALIDATION_ERROR', {
      message: integrationMessages.certificateWrongPassword,
      reason: 'CERTIFICATE_UNREADABLE',
    });
  }
  const leafPem = pem.cert.split(/(?=-----BEGIN CERTIFICATE-----)/)[0]!;
  const leaf = new X509Certificate(leafPem);
  if (!leaf.checkPrivateKey(createPrivateKey(pem.key)) || leaf.ca)
    throw new AppError('VALIDATION_ERROR', {
      message: integrationMessages.certificateNotClient,
      reason: 'CERTIFICATE_NOT_CLIENT',
    });
  // node lists the extended key usages; a certificate without the extension may serve any purpose.
  const usages = leaf.keyUsage as string[] | undefined;
  if (usages && usages.length > 0 && !usages.includes(CLIENT_AUTH_OID))
    throw new AppError('VALIDATION_ERROR', {
      message: integrationMessages.certificateNotClient,
      reason: 'CERTIFICATE_NOT_CLIENT',
    });
  return {
    pem,
    subject: dn(leaf.subject),
    issuer: dn(leaf.issuer),
    serialNumber: leaf.serialNumber.toLowerCase(),
    validFrom: new Date(leaf.validFrom),
    validTo: new Date(leaf.validTo),
  };
}

/** Re-opens a stored .p12 and reads its validity (the refresh of the Certificados tab). */
export function readValidity(der: Buffer, password: string): { validFrom: Date; validTo: Date } {
  const pem = p12ToPem(der, password);
  const leaf = new X509Certificate(pem.cert.split(/(?=-----BEGIN CERTIFICATE-----)/)[0]!);
  return { validFrom: new Date(leaf.validFrom), validTo: new Date(leaf.validTo) };
}

type CertRow = typeof pixCertificates.$inferSelect;

function storedCertificate(row: CertRow, now: Date): StoredCertificate {
  return {
    id: row.id,
    filename: row.filename,
    subject: row.subject,
    issuer: row.issuer,
    serialNumber: row.serialNumber,
    validFrom: row.validFrom.toISOString(),
    validTo: row.validTo.toISOString(),
    sizeBytes: row.sizeBytes,
    // From the certificate's own notAfter, so a certificate that expired overnight never shows
    // 'Ativo'; the stored status is what the last re-read of the file found.
    status: certificateStatusOf(row.validTo, now),
    uploadedAt: row.uploadedAt.toISOString(),
    inUse: row.inUse,
    checkedAt: row.statusCheckedAt.toISOString(),
    checkError: row.checkError,
  };
}

function listOf(rows: CertRow[], now = new Date()): CertificateList {
  const items = rows.map((r) => storedCertificate(r, now));
  const counts = { active: 0, expiring: 0, expired: 0 };
  for (const item of items) counts[item.status] += 1;
  return { items, counts };
}

function certificateInfo(row: Row | null): CertificateInfo | null {
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

function isComplete(row: Row | null): row is Row & {
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
interface LiveConfig {
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

function liveFrom(
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
function liveOf(row: Row | null): LiveConfig | null {
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
function liveSummary(c: {
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
  const seal = sealers(config.appSecret);

  // The last successful call per provider host (the banner of /gerencianet-config).
  const recorded = new Map<string, number>();
  const pendingWrites = new Set<Promise<void>>();
  function recordCalls(host: string) {
    return ({ method, route, status }: { method: string; route: string; status: number }) => {
      if (status < 200 || status >= 300) return;
      const now = Date.now();
      if (now - (recorded.get(host) ?? 0) < CALL_RECORD_MS) return;
      recorded.set(host, now);
      const values = {
        host,
        lastSuccessAt: new Date(now),
        lastSuccessRoute: `${method} ${route}`,
      };
      const write = db
        .insert(pixProviderCalls)
        .values(values)
        .onConflictDoUpdate({ target: pixProviderCalls.host, set: values })
        .then(
          () => undefined,
          (error: unknown) => {
            recorded.delete(host);
            log.warn({ err: error }, 'last successful PIX provider call not recorded');
          },
        )
        .finally(() => pendingWrites.delete(write));
      pendingWrites.add(write);
    };
  }

  const envProvider =
    options.fixed === undefined
      ? await createPixProvider(
          config,
          config.efi ? { onAnswer: recordCalls(config.efi.baseUrl.replace(/\/+$/, '')) } : {},
        )
      : options.fixed;
  let stored: { id: string; provider: EfiPixProvider } | null = null;
  let checkedAt = 0;
  let checking: Promise<void> | null = null;

  function buildStored(
    row: Pick<
      LiveConfig,
      | 'clientId'
      | 'clientSecretSealed'
      | 'chavePix'
      | 'environment'
      | 'certSealed'
      | 'certPasswordSealed'
    >,
  ): EfiPixProvider {
    const pem = p12ToPem(
      seal.cert.open(row.certSealed),
      seal.password.openText(row.certPasswordSealed),
    );
    const ca = trustedCa(config);
    return createEfiProvider(
      {
        clientId: row.clientId,
        clientSecret: seal.secret.openText(row.clientSecretSealed),
        pixKey: row.chavePix,
        certP12Path: '(armazenado)',
        certPassword: '',
        sandbox: row.environment !== 'production',
        baseUrl: hostOf(config, row.environment),
      },
      { pem, onAnswer: recordCalls(hostOf(config, row.environment)), ...(ca ? { ca } : {}) },
    );
  }

  async function refresh(force: boolean): Promise<void> {
    if (options.fixed !== undefined) return;
    if (!force && Date.now() - checkedAt < PROVIDER_CHECK_MS) return;
    checking ??= (async () => {
      try {
        const live = liveOf(await readRow(db));
        checkedAt = Date.now();
        if (!live) {
          stored?.provider.close();
          stored = null;
          return;
        }
        if (stored && stored.id === live.id) return;
        const previous = stored;
        try {
          stored = { id: live.id, provider: buildStored(live) };
        } catch (error) {
          log.error({ err: error }, 'stored PIX configuration unusable; keeping the previous one');
          return;
        }
        previous?.provider.close();
        const url = `${config.baseUrl}/api/webhooks/pix/${config.pix.webhookSecret}`;
        stored.provider.registerWebhook(url).catch((error: unknown) => {
          log.warn({ err: error }, 'PIX webhook registration failed');
        });
      } finally {
        checking = null;
      }
    })();
    await checking;
  }

  async function current(): Promise<PixProvider | null> {
    await refresh(false);
    return stored?.provider ?? envProvider;
  }

  /** For new charges: spec 001 "Pagamentos", PIX turned off follows the 'Sistema PIX não
   *  configurado...' path, as does no provider at all. */
  async function forCharge(): Promise<PixProvider> {
    const [provider, enabled] = await Promise.all([
      current(),
      getSetting(db, 'payments.pixEnabled'),
    ]);
    if (!provider || !enabled)
      throw new AppError('SERVICE_UNAVAILABLE', {
        message: pixMessages.notConfigured,
        reason: 'PIX_NOT_CONFIGURED',
      });
    return provider;
  }

  /** For work already under way (status queries, payouts): retried later when unconfigured. */
  async function active(): Promise<PixProvider> {
    const provider = await current();
    if (!provider)
      throw new PixProviderError(pixMessages.notConfigured, { retryable: true, notSent: true });
    return provider;
  }

  const provider: PixProvider = {
    get kind() {
      return stored ? 'efi' : (envProvider?.kind ?? 'simulator');
    },
    createCharge: async (input) => (await forCharge()).createCharge(input),
    getCharge: async (txid) => (await active()).getCharge(txid),
    sendPix: async (input) => (await active()).sendPix(input),
    getSentPix: async (id) => (await active()).getSentPix(id),
    registerWebhook: async (url) => (await active()).registerWebhook(url),
    parseWebhook: (body) => (stored?.provider ?? envProvider)!.parseWebhook(body),
    checkConnection: async () => (await active()).checkConnection(),
  };
  // "Simular pagamento" (payments.routes.ts) reaches the simulator through this object.
  if (envProvider?.kind === 'simulator')
    Object.assign(provider, {
      pay: (txid: string) => (envProvider as unknown as { pay(txid: string): unknown }).pay(txid),
    });

  async function getConfig(): Promise<EfiConfig> {
    const row = await readRow(db);
    const now = await current();
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
    // `stored` is what this copy runs; `live` what the row says (the same after a refresh).
    const storedActive = now?.kind === 'efi' && stored !== null && live !== null;
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
    await Promise.allSettled([...pendingWrites]);
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
      environmentProvider: envProvider ? envProvider.kind : 'none',
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

  async function upsert(
    actor: AuditActor,
    action: string,
    values: Partial<typeof pixProviderConfig.$inferInsert>,
    audit: { before: unknown; after: unknown },
    alsoInTransaction?: (tx: Parameters<Parameters<Db['transaction']>[0]>[0]) => Promise<void>,
  ) {
    await db.transaction(async (tx) => {
      const [existing] = await tx
        .select()
        .from(pixProviderConfig)
        .where(eq(pixProviderConfig.id, ROW_ID))
        .for('update');
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
    await refresh(true);
  }

  async function listCertificates(): Promise<CertificateList> {
    const rows = await db
      .select()
      .from(pixCertificates)
      .orderBy(desc(pixCertificates.inUse), desc(pixCertificates.uploadedAt));
    return listOf(rows);
  }

  return {
    provider,
    current,
    reload: () => refresh(true),
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
        async (tx) => {
          // The inventory: this one in use, the others kept (the oldest beyond the cap go).
          await tx.update(pixCertificates).set({ inUse: false });
          await tx.insert(pixCertificates).values({
            filename: input.filename,
            sizeBytes: der.length,
            subject: info.subject,
            issuer: info.issuer,
            serialNumber: info.serialNumber,
            validFrom: info.validFrom,
            validTo: info.validTo,
            status: certificateStatusOf(info.validTo, uploadedAt),
            statusCheckedAt: uploadedAt,
            certSealed,
            passwordSealed,
            inUse: true,
            uploadedBy: actor.id,
            uploadedAt,
          });
          const old = await tx
            .select({ id: pixCertificates.id })
            .from(pixCertificates)
            .orderBy(desc(pixCertificates.uploadedAt))
            .offset(CERTIFICATES_KEPT);
          if (old.length > 0)
            await tx.delete(pixCertificates).where(
              and(
                inArray(
                  pixCertificates.id,
                  old.map((o) => o.id),
                ),
                not(pixCertificates.inUse),
              ),
            );
        },
      );
      return getConfig();
    },

    async test(actor) {
      const row = await readRow(db);
      const started = Date.now();
      const finish = async (
        ok: boolean,
        httpStatus: number | null,
        message: string,
        detail: string | null = null,
      ) => {
        const result: EfiTestResult = {
          ok,
          at: new Date().toISOString(),
          durationMs: Date.now() - started,
          httpStatus,
          message,
          detail,
          activated: false,
        };
        await db.transaction(async (tx) => {
          const [locked] = await tx
            .select()
            .from(pixProviderConfig)
            .where(eq(pixProviderConfig.id, ROW_ID))
            .for('update');
          const live = liveOf(locked ?? null);
          // Live only what was tested: a save during the test makes another configuration.
          const goLive =
            ok &&
            locked !== undefined &&
            isComplete(locked) &&
            locked.version === row?.version &&
            live?.fromVersion !== locked.version;
          if (goLive) {
            result.activated = true;
            result.message = `${message}. Esta configuração está ativa: os pagamentos PIX passam a usá-la.`;
          }
          if (locked)
            await tx
              .update(pixProviderConfig)
              .set({
                lastTest: result,
                activationTracked: true,
                activeConfig: goLive
                  ? liveFrom(locked, {
                      id: randomUUID(),
                      activatedAt: result.at,
                      activatedBy: actor.id,
                      via: 'test',
                      reason: null,
                    })
                  : live,
              })
              .where(eq(pixProviderConfig.id, ROW_ID));
          await writeAudit(tx, actor, {
            action: 'pix.test',
            targetType: 'pix_config',
            targetId: ROW_ID,
            after: result,
          });
          if (goLive)
            await writeAudit(tx, actor, {
              action: 'pix.activate',
              targetType: 'pix_config',
              targetId: ROW_ID,
              before: live && liveSummary(live),
              after: { ...liveSummary(locked), via: 'test' },
            });
        });
        if (result.activated) await refresh(true);
        return result;
      };
      if (!isComplete(row))
        return finish(
          false,
          null,
          'Configuração incompleta: salve as credenciais e envie o certificado antes de testar.',
        );
      let efi: EfiPixProvider;
      try {
        efi = buildStored(row);
      } catch (error) {
        return finish(
          false,
          null,
          'O certificado salvo não abre (senha, APP_SECRET alterado ou arquivo corrompido). Envie-o novamente.',
          String(error),
        );
      }
      try {
        await efi.checkConnection();
        return finish(true, 200, `Token OAuth obtido de ${hostOf(config, row.environment)}`);
      } catch (error) {
        const status = error instanceof EfiApiError ? (error.options.status ?? null) : null;
        return finish(
          false,
          status,
          describePixFailure(error),
          error instanceof Error ? error.message : String(error),
        );
      } finally {
        efi.close();
      }
    },

    async activateOverride(input, actor) {
      await db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(pixProviderConfig)
          .where(eq(pixProviderConfig.id, ROW_ID))
          .for('update');
        if (!row || !isComplete(row))
          throw new AppError('VALIDATION_ERROR', {
            message:
              'Configuração incompleta: salve as credenciais e envie o certificado antes de ativar.',
          });
        const live = liveOf(row);
        if (live?.fromVersion === row.version)
          throw new AppError('CONFLICT', {
            message: 'Esta configuração já está ativa.',
            reason: 'PIX_ALREADY_ACTIVE',
          });
        // The certificate must at least open: a configuration that cannot build a provider
        // would leave payments on nothing.
        try {
          buildStored(row).close();
        } catch {
          throw new AppError('VALIDATION_ERROR', { message: UNREADABLE });
        }
        const activatedAt = new Date().toISOString();
        await tx
          .update(pixProviderConfig)
          .set({
            activationTracked: true,
            activeConfig: liveFrom(row, {
              id: randomUUID(),
              activatedAt,
              activatedBy: actor.id,
              via: 'override',
              reason: input.reason,
            }),
          })
          .where(eq(pixProviderConfig.id, ROW_ID));
        await writeAudit(tx, actor, {
          action: 'pix.activate',
          targetType: 'pix_config',
          targetId: ROW_ID,
          before: live && liveSummary(live),
          after: {
            ...liveSummary(row),
            via: 'override',
            reason: input.reason,
            lastTest: row.lastTest,
          },
        });
      });
      await refresh(true);
      return getConfig();
    },

    async deactivate(actor) {
      await db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(pixProviderConfig)
          .where(eq(pixProviderConfig.id, ROW_ID))
          .for('update');
        const live = liveOf(row ?? null);
        if (!row || !live)
          throw new AppError('CONFLICT', {
            message: 'Nenhuma configuração salva nesta tela está ativa.',
            reason: 'PIX_NOT_ACTIVE',
          });
        await tx
          .update(pixProviderConfig)
          .set({ activationTracked: true, activeConfig: null })
          .where(eq(pixProviderConfig.id, ROW_ID));
        await writeAudit(tx, actor, {
          action: 'pix.deactivate',
          targetType: 'pix_config',
          targetId: ROW_ID,
          before: liveSummary(live),
          after: { provider: envProvider ? envProvider.kind : 'none' },
        });
      });
      await refresh(true);
      return getConfig();
    },

    async remove(actor) {
      await db.transaction(async (tx) => {
        const [row] = await tx
          .delete(pixProviderConfig)
          .where(eq(pixProviderConfig.id, ROW_ID))
          .returning({
            serial: pixProviderConfig.certSerial,
            chavePix: pixProviderConfig.chavePix,
          });
        // The stored configuration goes with its certificates: no sealed key stays behind.
        await tx.delete(pixCertificates);
        await writeAudit(tx, actor, {
          action: 'pix.remove',
          targetType: 'pix_config',
          targetId: ROW_ID,
          before: row ?? null,
        });
      });
      await refresh(true);
      return getConfig();
    },

    listCertificates,

    async refreshCertificates(actor) {
      const now = new Date();
      const rows = await db.select().from(pixCertificates);
      let changed = 0;
      let unreadable = 0;
      const changes: { id: string; filename: string; from: string; to: string }[] = [];
      await db.transaction(async (tx) => {
        for (const row of rows) {
          let values: Partial<CertRow>;
          try {
            const validity = readValidity(
              seal.cert.open(row.certSealed),
              seal.password.openText(row.passwordSealed),
            );
            values = {
              ...validity,
              status: certificateStatusOf(validity.validTo, now),
              checkError: null,
            };
          } catch {
            unreadable += 1;
            values = { status: certificateStatusOf(row.validTo, now), checkError: UNREADABLE };
          }
          values.statusCheckedAt = now;
          if (values.status !== row.status || values.checkError !== row.checkError) {
            changed += 1;
            changes.push({
              id: row.id,
              filename: row.filename,
              from: row.checkError ? 'unreadable' : row.status,
              to: values.checkError ? 'unreadable' : values.status!,
            });
          }
          await tx.update(pixCertificates).set(values).where(eq(pixCertificates.id, row.id));
        }
        if (actor)
          await writeAudit(tx, actor, {
            action: 'pix.certificates.refresh',
            targetType: 'pix_certificate',
            targetId: null,
            after: { checked: rows.length, changed, unreadable, changes },
          });
      });
      return { ...(await listCertificates()), checked: rows.length, changed, unreadable };
    },

    async deleteCertificate(id, actor) {
      await db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(pixCertificates)
          .where(eq(pixCertificates.id, id))
          .for('update');
        if (!row) throw new AppError('NOT_FOUND', { message: 'Certificado não encontrado.' });
        if (row.inUse)
          throw new AppError('CONFLICT', {
            message:
              'Este certificado está em uso. Envie outro ou remova a configuração antes de excluí-lo.',
          });
        await tx.delete(pixCertificates).where(eq(pixCertificates.id, id));
        await writeAudit(tx, actor, {
          action: 'pix.certificate.delete',
          targetType: 'pix_certificate',
          targetId: id,
          before: { filename: row.filename, serialNumber: row.serialNumber, subject: row.subject },
          after: null,
        });
      });
      return listCertificates();
    },

    close() {
      stored?.provider.close();
      if (envProvider && 'close' in envProvider) (envProvider as { close(): void }).close();
    },
  };
}
