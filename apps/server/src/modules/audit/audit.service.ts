/**
 * The staff audit log: every change a staff member makes writes one row, in the same database
 * transaction as the change, so a change without its row (or a row without its change) cannot
 * exist. Rows are append-only (a database trigger refuses UPDATE and DELETE).
 */
import type { AuditEntry, SessionUser } from '@sorteio/shared';
import { and, count, desc, eq, gte, ilike, lt, or, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db, DbOrTx } from '../../db/client';
import { staffAuditLog } from '../../db/schema';
import { brazilDayStartOf } from '../../lib/brazil-time';

export interface AuditActor {
  id: string;
  email: string;
  role: string;
  ip: string | null;
}

export function actorOf(staff: SessionUser, request: FastifyRequest): AuditActor {
  return { id: staff.id, email: staff.email, role: staff.role, ip: request.ip ?? null };
}

/** JSON-safe snapshot (Dates as ISO strings, Buffers and secrets left out by the caller). */
function snapshot(value: unknown): unknown {
  if (value === undefined) return null;
  return JSON.parse(
    JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? Number(v) : v)),
  );
}

export async function writeAudit(
  tx: DbOrTx,
  actor: AuditActor,
  entry: {
    action: string;
    targetType: string;
    targetId?: string | null;
    before?: unknown;
    after?: unknown;
  },
): Promise<void> {
  await tx.insert(staffAuditLog).values({
    actorId: actor.id,
    actorEmail: actor.email,
    actorRole: actor.role,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId ?? null,
    before: snapshot(entry.before),
    after: snapshot(entry.after),
    ip: actor.ip,
  });
}

export const AUDIT_PAGE_SIZE = 50;

export async function listAudit(
  db: Db,
  query: {
    actor?: string;
    action?: string;
    target?: string;
    from?: string;
    to?: string;
    page: number;
  },
): Promise<{ items: AuditEntry[]; total: number; page: number; pageSize: number }> {
  const conditions: (SQL | undefined)[] = [];
  if (query.actor)
    conditions.push(
      or(
        eq(staffAuditLog.actorId, query.actor),
        ilike(staffAuditLog.actorEmail, `%${escapeLike(query.actor)}%`),
      ),
    );
  if (query.action) conditions.push(ilike(staffAuditLog.action, `${escapeLike(query.action)}%`));
  if (query.target)
    conditions.push(
      or(eq(staffAuditLog.targetId, query.target), eq(staffAuditLog.targetType, query.target)),
    );
  if (query.from) conditions.push(gte(staffAuditLog.createdAt, brazilDayStartOf(query.from)));
  if (query.to) {
    const end = brazilDayStartOf(query.to);
    end.setUTCDate(end.getUTCDate() + 1);
    conditions.push(lt(staffAuditLog.createdAt, end));
  }
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(staffAuditLog)
      .where(where)
      .orderBy(desc(staffAuditLog.createdAt), desc(staffAuditLog.id))
      .limit(AUDIT_PAGE_SIZE)
      .offset((query.page - 1) * AUDIT_PAGE_SIZE),
    db.select({ n: count() }).from(staffAuditLog).where(where),
  ]);
  return {
    items: rows.map((r) => ({
      id: r.id,
      actorId: r.actorId,
      actorEmail: r.actorEmail,
      actorRole: r.actorRole,
      action: r.action,
      targetType: r.targetType,
      targetId: r.targetId,
      before: r.before ?? null,
      after: r.after ?? null,
      ip: r.ip,
      createdAt: r.createdAt.toISOString(),
    })),
    total: total?.n ?? 0,
    page: query.page,
    pageSize: AUDIT_PAGE_SIZE,
  };
}

/** A search term used inside LIKE: its own % and _ match themselves. */
export function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (c) => `\\${c}`);
}
