/**
 * Which PIX provider serves payments, and its cache: the live stored configuration when there is
 * one, otherwise the environment's provider (PIX_PROVIDER / EFI_*). Every server copy re-reads the
 * stored row at most every PROVIDER_CHECK_MS, so a change made on another copy is picked up
 * without a restart; a new live provider registers the PIX webhook. Successful calls are recorded
 * per host for the banner of /gerencianet-config.
 */
import { pixMessages } from '@sorteio/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { pixProviderCalls } from '../../db/schema';
import { AppError } from '../../lib/errors';
import {
  type EfiPixProvider,
  type PixProvider,
  PixProviderError,
  createEfiProvider,
  createPixProvider,
  p12ToPem,
} from '../payments';
import { getSetting } from '../settings/settings.service';
import {
  type LiveConfig,
  type Sealers,
  hostOf,
  liveOf,
  readRow,
  trustedCa,
} from './pix-config.store';

/** How often a server copy checks whether another copy changed the stored configuration. */
export const PROVIDER_CHECK_MS = 2000;
/** A successful call is written at most this often per host (every payment makes calls). */
export const CALL_RECORD_MS = 30_000;

/** The fields of a configuration needed to build its provider. */
export type BuildableConfig = Pick<
  LiveConfig,
  | 'clientId'
  | 'clientSecretSealed'
  | 'chavePix'
  | 'environment'
  | 'certSealed'
  | 'certPasswordSealed'
>;

export interface ProviderCache {
  /** Always the same object: it delegates to the provider active at the time of each call. */
  provider: PixProvider;
  /** The environment's provider (null: none configured). */
  envProvider: PixProvider | null;
  /** Whether this copy runs on a provider built from the stored configuration. */
  hasStored(): boolean;
  /** The provider active now (null: none configured). */
  current(): Promise<PixProvider | null>;
  /** Re-reads the live configuration (at once when forced, else at most every PROVIDER_CHECK_MS). */
  refresh(force: boolean): Promise<void>;
  /** Builds an EFI provider from a stored configuration (throws when the certificate won't open). */
  buildStored(row: BuildableConfig): EfiPixProvider;
  /** Waits for the recording of successful calls still being written. */
  settleCallWrites(): Promise<void>;
  close(): void;
}

export async function createProviderCache(options: {
  config: Config;
  db: Db;
  log: FastifyBaseLogger;
  seal: Sealers;
  /** A fixed provider (tests inject one); then the stored configuration is not used. */
  fixed?: PixProvider | null;
}): Promise<ProviderCache> {
  const { config, db, log, seal } = options;

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

  function buildStored(row: BuildableConfig): EfiPixProvider {
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

  return {
    provider,
    envProvider,
    hasStored: () => stored !== null,
    current,
    refresh,
    buildStored,
    settleCallWrites: async () => {
      await Promise.allSettled([...pendingWrites]);
    },
    close() {
      stored?.provider.close();
      if (envProvider && 'close' in envProvider) (envProvider as { close(): void }).close();
    },
  };
}
