/**
 * Putting a saved PIX configuration live and taking it off (issue 36). Saving only saves: a
 * configuration goes live when 'Testar Integração' passes on it (a real OAuth2 token request over
 * mTLS against the configured EFI host) or on an audited override with a reason, and the one live
 * before stays live until then. 'Voltar ao provedor do ambiente' and removal return payments to
 * the environment's provider. Each change is audited in its transaction, then the provider cache
 * is refreshed at once.
 */
import { randomUUID } from 'node:crypto';
import type { ActivatePixOverrideInput, EfiTestResult } from '@sorteio/shared';
import { eq } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { pixCertificates, pixProviderConfig } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { AuditActor } from '../audit/audit.service';
import { writeAudit } from '../audit/audit.service';
import { EfiApiError, type EfiPixProvider, describePixFailure } from '../payments';
import {
  ROW_ID,
  UNREADABLE,
  hostOf,
  isComplete,
  liveFrom,
  liveOf,
  liveSummary,
  lockRow,
  readRow,
} from './pix-config.store';
import type { ProviderCache } from './pix-provider-cache';

/** Tests the saved configuration for real; when it passes, that configuration goes live. */
export async function testConfiguration(
  db: Db,
  config: Config,
  cache: ProviderCache,
  actor: AuditActor,
): Promise<EfiTestResult> {
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
      const locked = await lockRow(tx);
      const live = liveOf(locked);
      // Live only what was tested: a save during the test makes another configuration.
      const goLive =
        ok &&
        locked !== null &&
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
    if (result.activated) await cache.refresh(true);
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
    efi = cache.buildStored(row);
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
}

/** Puts the saved configuration live without a passing test (audited, with the reason). */
export async function activateOverride(
  db: Db,
  cache: ProviderCache,
  input: ActivatePixOverrideInput,
  actor: AuditActor,
): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockRow(tx);
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
      cache.buildStored(row).close();
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
  await cache.refresh(true);
}

/** Takes the stored configuration off live (kept saved): the environment's provider is used. */
export async function deactivate(db: Db, cache: ProviderCache, actor: AuditActor): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockRow(tx);
    const live = liveOf(row);
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
      after: { provider: cache.envProvider ? cache.envProvider.kind : 'none' },
    });
  });
  await cache.refresh(true);
}

/** Removes the stored configuration: the environment's provider is used again. */
export async function removeConfiguration(
  db: Db,
  cache: ProviderCache,
  actor: AuditActor,
): Promise<void> {
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
  await cache.refresh(true);
}
