/**
 * Maintenance windows: staff put a service in maintenance with a reason and an end time; it is
 * over by itself at that time (every read compares with now) or when staff end it earlier.
 */
import {
  MAINTENANCE_MAX_DAYS,
  type ServiceId,
  type StartMaintenanceInput,
  maintenanceMessages,
  serviceIds,
} from '@sorteio/shared';
import { and, gt, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { serviceMaintenance } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { type AuditActor, writeAudit } from '../audit/audit.service';

export interface MaintenanceWindow {
  id: string;
  serviceId: ServiceId;
  reason: string;
  startsAt: Date;
  endsAt: Date;
}

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
