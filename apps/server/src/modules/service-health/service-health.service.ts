/**
 * The health of the six API services over time (spec 001 "API services screen", for real):
 *
 * - A periodic job checks every service (the same live checks as 'Testar') and stores one row per
 *   service with its status and latency; rows older than HISTORY_DAYS are pruned by the same job.
 * - Uptime is the share of stored checks that answered online over 24 h and 7 days. Checks taken
 *   while staff announced a maintenance window are left out (planned work is not downtime);
 *   checks that found a service switched off by a setting ('maintenance') are left out too.
 * - The average response is the mean latency of the stored checks of the last 24 h.
 * - Security is the share of configuration checks that pass (HTTPS, APP_SECRET strength, staff
 *   2FA, the SSRF guard, the PIX provider's TLS and certificate), each listed with its finding.
 * - Maintenance windows: staff put a service in maintenance with a reason and an end time; it is
 *   over by itself at that time (every read compares with now) or when staff end it earlier.
 */
import {
  MAINTENANCE_MAX_DAYS,
  type SecurityCheck,
  type ServiceId,
  type ServiceStatus,
  type StartMaintenanceInput,
  maintenanceMessages,
  serviceIds,
  countOf,
} from '@sorteio/shared';
import { and, gt, isNull, lt, lte, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { serviceChecks, serviceMaintenance } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { type AuditActor, writeAudit } from '../audit/audit.service';
import type { Mailer } from '../mail/mail.service';
import { getSetting } from '../settings/settings.service';
import type { PixRuntime } from '../pix-setup/pix-setup.service';

/** How long stored checks are kept (the 7-day uptime needs 7). */
export const HISTORY_DAYS = 8;
/** The interval of the periodic check (the job queue runs it in one server copy). */
export const HEALTH_CHECK_INTERVAL_SECONDS = 60;
/** A single service check that takes longer than this counts as offline. */
const CHECK_TIMEOUT_MS = 10_000;

type LiveStatus = { status: ServiceStatus['status']; detail: string };

export interface MaintenanceWindow {
  id: string;
  serviceId: ServiceId;
  reason: string;
  startsAt: Date;
  endsAt: Date;
}

function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as T[];
}

/** The live check of each service: online, maintenance (switched off by a setting) or offline. */
export function createServiceChecker(deps: { db: Db; mailer: Mailer; pix: PixRuntime }) {
  const { db, mailer, pix } = deps;
  async function probe(id: ServiceId): Promise<LiveStatus> {
    switch (id) {
      case 'auth':
        await db.execute(sql`select 1 from "session" limit 1`);
        return { status: 'online', detail: 'Sessões no banco respondendo.' };
      case 'payment-pix': {
        if (!(await getSetting(db, 'payments.pixEnabled')))
          return { status: 'maintenance', detail: 'PIX desativado nas configurações.' };
        const provider = await pix.current();
        if (!provider) return { status: 'offline', detail: 'Nenhum provedor PIX configurado.' };
        if (provider.kind === 'simulator')
          return { status: 'online', detail: 'Simulador PIX ativo.' };
        return { status: 'online', detail: await provider.checkConnection() };
      }
      case 'draws':
        await db.execute(sql`select count(*) from salas where status = 'aberta'`);
        return { status: 'online', detail: 'Salas e sorteios respondendo.' };
      case 'notifications': {
        if (!(await getSetting(db, 'notifications.email')))
          return { status: 'maintenance', detail: 'Notificações por e-mail desativadas.' };
        return {
          status: 'online',
          detail: mailer.check ? await mailer.check() : 'Fila de e-mail ativa.',
        };
      }
      case 'analytics':
        await db.execute(sql`select count(*) from participacoes`);
        return { status: 'online', detail: 'Consultas de métricas respondendo.' };
      case 'webhooks': {
        const result = await db.execute(
          sql`select count(*) filter (where status = 'failed' and created_at > now() - interval '1 hour')::int as failed
              from webhook_deliveries`,
        );
        const failed = Number(rowsOf<{ failed: number }>(result)[0]?.failed ?? 0);
        return failed > 0
          ? {
              status: 'maintenance',
              detail: `${countOf(failed, 'entrega falhou', 'entregas falharam')} na última hora.`,
            }
          : { status: 'online', detail: 'Entregas de webhook em dia.' };
      }
    }
  }

  /** Runs the check with a deadline and measures it; a staff maintenance window wins. */
  async function check(
    id: ServiceId,
    windows?: Map<ServiceId, MaintenanceWindow>,
  ): Promise<LiveStatus & { latencyMs: number }> {
    const started = performance.now();
    let timer: NodeJS.Timeout | undefined;
    let live: LiveStatus;
    try {
      live = await Promise.race([
        probe(id),
        new Promise<never>((_, reject) => {
          timer = setTimeout(
            () => reject(new Error(`sem resposta em ${CHECK_TIMEOUT_MS / 1000} s`)),
            CHECK_TIMEOUT_MS,
          );
        }),
      ]);
    } catch (error) {
      live = { status: 'offline', detail: error instanceof Error ? error.message : String(error) };
    } finally {
      clearTimeout(timer);
    }
    const latencyMs = Math.round((performance.now() - started) * 10) / 10;
    const window = (windows ?? (await activeMaintenance(db))).get(id);
    if (window)
      return { status: 'maintenance', detail: `Em manutenção: ${window.reason}`, latencyMs };
    return { ...live, latencyMs };
  }

  return { check };
}

export type ServiceChecker = ReturnType<typeof createServiceChecker>;

/** One round of the periodic job: check every service, store the results, prune old rows. */
export async function runHealthChecks(db: Db, checker: ServiceChecker, now = new Date()) {
  const windows = await activeMaintenance(db, now);
  const results = await Promise.all(
    serviceIds.map(async (id) => ({ id, ...(await checker.check(id, windows)) })),
  );
  await db.insert(serviceChecks).values(
    results.map((r) => ({
      serviceId: r.id,
      checkedAt: now,
      status: r.status,
      latencyMs: r.latencyMs,
      detail: r.detail.slice(0, 500),
    })),
  );
  await db
    .delete(serviceChecks)
    .where(lt(serviceChecks.checkedAt, new Date(now.getTime() - HISTORY_DAYS * 86_400_000)));
  return results;
}

export interface ServiceHealthStats {
  uptime24hPct: number | null;
  uptime7dPct: number | null;
  checkAvgMs: number | null;
  checks24h: number;
  lastCheckAt: string | null;
}

const pct = (ok: number, total: number) =>
  total === 0 ? null : Math.round((ok / total) * 1000) / 10;

/** Uptime and latency of each service from the stored checks. */
export async function healthStats(
  db: Db,
  now = new Date(),
): Promise<{ perService: Map<ServiceId, ServiceHealthStats>; avgResponseMs: number | null }> {
  const day = sql`${new Date(now.getTime() - 86_400_000).toISOString()}::timestamptz`;
  const week = new Date(now.getTime() - 7 * 86_400_000);
  const rows = await db
    .select({
      serviceId: serviceChecks.serviceId,
      counted24: sql<number>`count(*) filter (where ${serviceChecks.checkedAt} > ${day} and ${serviceChecks.status} <> 'maintenance')::int`,
      ok24: sql<number>`count(*) filter (where ${serviceChecks.checkedAt} > ${day} and ${serviceChecks.status} = 'online')::int`,
      counted7: sql<number>`count(*) filter (where ${serviceChecks.status} <> 'maintenance')::int`,
      ok7: sql<number>`count(*) filter (where ${serviceChecks.status} = 'online')::int`,
      checks24: sql<number>`count(*) filter (where ${serviceChecks.checkedAt} > ${day})::int`,
      sum24: sql<number>`coalesce(sum(${serviceChecks.latencyMs}) filter (where ${serviceChecks.checkedAt} > ${day}), 0)::float8`,
      last: sql<string | null>`max(${serviceChecks.checkedAt})`,
    })
    .from(serviceChecks)
    .where(and(gt(serviceChecks.checkedAt, week), lte(serviceChecks.checkedAt, now)))
    .groupBy(serviceChecks.serviceId);
  const perService = new Map<ServiceId, ServiceHealthStats>();
  let sum = 0;
  let n = 0;
  for (const r of rows) {
    if (!(serviceIds as readonly string[]).includes(r.serviceId)) continue;
    const checks24 = Number(r.checks24);
    sum += Number(r.sum24);
    n += checks24;
    perService.set(r.serviceId as ServiceId, {
      uptime24hPct: pct(Number(r.ok24), Number(r.counted24)),
      uptime7dPct: pct(Number(r.ok7), Number(r.counted7)),
      checkAvgMs: checks24 === 0 ? null : Math.round((Number(r.sum24) / checks24) * 10) / 10,
      checks24h: checks24,
      lastCheckAt: r.last ? new Date(r.last).toISOString() : null,
    });
  }
  return { perService, avgResponseMs: n === 0 ? null : Math.round((sum / n) * 10) / 10 };
}

/** The mean of the services' uptimes that have checks in the window. */
export function averageUptime(values: (number | null)[]): number | null {
  const known = values.filter((v): v is number => v !== null);
  if (known.length === 0) return null;
  return Math.round((known.reduce((a, b) => a + b, 0) / known.length) * 10) / 10;
}

/** Configuration checks behind the 'Segurança' tile; `null` ok means not applicable here. */
export async function securityChecks(deps: {
  config: Config;
  db: Db;
  pix: PixRuntime;
}): Promise<SecurityCheck[]> {
  const { config, db, pix } = deps;
  const [twoFactor, allowPrivate, pixConfig] = await Promise.all([
    getSetting(db, 'security.twoFactorRequired'),
    getSetting(db, 'integrations.allowPrivateAddresses'),
    pix.getConfig(),
  ]);
  const checks: SecurityCheck[] = [
    {
      id: 'https',
      label: 'HTTPS no endereço público',
      ok: config.baseUrl.startsWith('https://'),
      detail: config.baseUrl.startsWith('https://')
        ? 'Cookies de sessão só trafegam cifrados.'
        : `BASE_URL sem HTTPS (${config.baseUrl}).`,
    },
    {
      id: 'app-secret',
      label: 'Segredo da aplicação',
      ok: config.appSecret.length >= 32,
      detail:
        config.appSecret.length >= 32
          ? 'APP_SECRET com 32 caracteres ou mais.'
          : 'APP_SECRET curto: use 32 caracteres aleatórios ou mais.',
    },
    {
      id: 'staff-2fa',
      label: '2FA obrigatório para a equipe',
      // The configuration's floor (production) holds whatever the setting says.
      ok: config.staffTwoFactorRequired || twoFactor,
      detail: config.staffTwoFactorRequired
        ? 'Obrigatório para toda a equipe neste ambiente (STAFF_2FA_REQUIRED).'
        : twoFactor
          ? 'Ativado em Config. > Segurança.'
          : 'Desativado em Config. > Segurança.',
    },
    {
      id: 'ssrf-guard',
      label: 'Bloqueio de endereços locais',
      ok: !allowPrivate,
      detail: allowPrivate
        ? '"Permitir endereços locais" está ativado.'
        : 'Webhooks e testes não alcançam a rede interna.',
    },
  ];
  if (pixConfig.activeProvider === 'efi') {
    const host = pixConfig.credentials?.host ?? config.efi?.baseUrl ?? '';
    checks.push({
      id: 'pix-tls',
      label: 'Provedor PIX por TLS mútuo',
      ok: host.startsWith('https://'),
      detail: host.startsWith('https://') ? `mTLS com ${host}` : `Host sem HTTPS: ${host}`,
    });
  }
  if (pixConfig.certificate) {
    const status = pixConfig.certificate.status;
    checks.push({
      id: 'pix-certificate',
      label: 'Certificado PIX em uso válido',
      ok: status !== 'expired',
      detail:
        status === 'expired'
          ? 'O certificado em uso expirou.'
          : status === 'expiring'
            ? 'O certificado em uso expira em menos de 30 dias.'
            : 'O certificado em uso está válido.',
    });
  }
  return checks;
}

// ---------------------------------------------------------------- maintenance windows

/** The windows in force at `now`, by service (at most one each: a new one ends the previous). */
export async function activeMaintenance(
  db: Db,
  now = new Date(),
): Promise<Map<ServiceId, MaintenanceWindow>> {
  const rows = await db
    .select()
    .from(serviceMaintenance)
    .where(
      and(
        isNull(serviceMaintenance.endedAt),
        lte(serviceMaintenance.startsAt, now),
        gt(serviceMaintenance.endsAt, now),
      ),
    )
    .orderBy(serviceMaintenance.startsAt);
  const map = new Map<ServiceId, MaintenanceWindow>();
  for (const r of rows)
    if ((serviceIds as readonly string[]).includes(r.serviceId))
      map.set(r.serviceId as ServiceId, {
        id: r.id,
        serviceId: r.serviceId as ServiceId,
        reason: r.reason,
        startsAt: r.startsAt,
        endsAt: r.endsAt,
      });
  return map;
}

const activeOf = (serviceId: ServiceId, now: Date) =>
  and(
    sql`${serviceMaintenance.serviceId} = ${serviceId}`,
    isNull(serviceMaintenance.endedAt),
    gt(serviceMaintenance.endsAt, now),
  );

/** Puts a service in maintenance from now until `endsAt` (replacing a window in force). */
export async function startMaintenance(
  db: Db,
  serviceId: ServiceId,
  input: StartMaintenanceInput,
  actor: AuditActor,
  now = new Date(),
): Promise<MaintenanceWindow> {
  const endsAt = new Date(input.endsAt);
  if (Number.isNaN(endsAt.getTime()))
    throw new AppError('VALIDATION_ERROR', { message: maintenanceMessages.endInvalid });
  if (endsAt.getTime() <= now.getTime() + 60_000)
    throw new AppError('VALIDATION_ERROR', { message: maintenanceMessages.endInPast });
  if (endsAt.getTime() > now.getTime() + MAINTENANCE_MAX_DAYS * 86_400_000)
    throw new AppError('VALIDATION_ERROR', { message: maintenanceMessages.endTooFar });
  return db.transaction(async (tx) => {
    const previous = await tx
      .update(serviceMaintenance)
      .set({ endedAt: now, endedBy: actor.id })
      .where(activeOf(serviceId, now))
      .returning();
    const [row] = await tx
      .insert(serviceMaintenance)
      .values({ serviceId, reason: input.reason, startsAt: now, endsAt, createdBy: actor.id })
      .returning();
    await writeAudit(tx, actor, {
      action: 'service.maintenance.start',
      targetType: 'service',
      targetId: serviceId,
      before: previous[0]
        ? { reason: previous[0].reason, endsAt: previous[0].endsAt.toISOString() }
        : null,
      after: { reason: input.reason, startsAt: now.toISOString(), endsAt: endsAt.toISOString() },
    });
    return {
      id: row!.id,
      serviceId,
      reason: row!.reason,
      startsAt: row!.startsAt,
      endsAt: row!.endsAt,
    };
  });
}

/** Ends the window in force before its end time. */
export async function endMaintenance(
  db: Db,
  serviceId: ServiceId,
  actor: AuditActor,
  now = new Date(),
): Promise<void> {
  await db.transaction(async (tx) => {
    const ended = await tx
      .update(serviceMaintenance)
      .set({ endedAt: now, endedBy: actor.id })
      .where(and(activeOf(serviceId, now), lte(serviceMaintenance.startsAt, now)))
      .returning();
    if (ended.length === 0)
      throw new AppError('CONFLICT', { message: maintenanceMessages.notInMaintenance });
    await writeAudit(tx, actor, {
      action: 'service.maintenance.end',
      targetType: 'service',
      targetId: serviceId,
      before: { reason: ended[0]!.reason, endsAt: ended[0]!.endsAt.toISOString() },
      after: { endedAt: now.toISOString() },
    });
  });
}
