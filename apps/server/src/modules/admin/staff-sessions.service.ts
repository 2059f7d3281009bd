/**
 * 'Sessões da equipe' (issue 35, "Staff accounts"): the live sessions of every staff account, and
 * ending one, audited in the same transaction. Sessions live in the auth library's table.
 */
import type { StaffSessionList } from '@sorteio/shared';
import { staffSessionMessages } from '@sorteio/shared';
import { and, desc, eq, gt, or, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { session, user } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { type AuditActor, writeAudit } from '../audit/audit.service';

/** A staff account: any role but a player's, and the owner address whatever its stored role. */
const isStaffAccount = (config: Config) =>
  or(sql`${user.role} <> 'user'`, sql`lower(${user.email}) = ${config.adminEmail}`);

/** A staff session and whose it is, as the list shows it and the audit row records it. */
const sessionFields = {
  id: session.id,
  userId: user.id,
  name: user.name,
  email: user.email,
  role: user.role,
  ipAddress: session.ipAddress,
  userAgent: session.userAgent,
  createdAt: session.createdAt,
};

/**
 * The staff account a live session belongs to (404 for any other session); the caller's own
 * current session is refused with the way to end it (Sair).
 */
export async function staffSessionOwner(
  db: Db,
  config: Config,
  sessionId: string,
  currentToken: string | null,
) {
  const [found] = await db
    .select({ userId: session.userId, token: session.token })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .where(and(eq(session.id, sessionId), isStaffAccount(config)));
  if (!found) throw new AppError('NOT_FOUND', { message: staffSessionMessages.notFound });
  if (currentToken !== null && found.token === currentToken)
    throw new AppError('CONFLICT', { message: staffSessionMessages.current, reason: 'CURRENT' });
  return found.userId;
}

/** Live staff sessions, most recently active first. `currentToken` marks the caller's own. */
export async function listStaffSessions({
  db,
  config,
  currentToken,
}: {
  db: Db;
  config: Config;
  currentToken: string | null;
}): Promise<StaffSessionList> {
  const now = new Date();
  const lastActive = sql<Date>`coalesce(${session.lastActiveAt}, ${session.createdAt})`;
  const idleSince = new Date(now.getTime() - config.staffIdleTimeoutMinutes * 60 * 1000);
  const rows = await db
    .select({
      ...sessionFields,
      lastActiveAt: lastActive,
      current: sql<boolean>`${session.token} = ${currentToken ?? ''}`,
    })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .where(
      and(
        isStaffAccount(config),
        gt(session.expiresAt, now),
        // Past the idle limit the session is already dead (removed at its next request).
        sql`${lastActive} > ${idleSince.toISOString()}`,
      ),
    )
    .orderBy(desc(lastActive))
    .limit(500);
  return {
    items: rows.map((r) => ({
      ...r,
      role: r.email.toLowerCase() === config.adminEmail ? 'admin' : r.role,
      createdAt: r.createdAt.toISOString(),
      lastActiveAt: new Date(r.lastActiveAt).toISOString(),
      current: Boolean(r.current),
    })),
    idleTimeoutMinutes: config.staffIdleTimeoutMinutes,
  };
}

/** Ends one staff session (not the caller's own), with its audit row in the same transaction. */
export async function endStaffSession({
  db,
  config,
  actor,
  sessionId,
  currentToken,
}: {
  db: Db;
  config: Config;
  actor: AuditActor;
  sessionId: string;
  currentToken: string | null;
}) {
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ ...sessionFields, token: session.token })
      .from(session)
      .innerJoin(user, eq(user.id, session.userId))
      .where(and(eq(session.id, sessionId), isStaffAccount(config)))
      .for('update', { of: session });
    if (!found) throw new AppError('NOT_FOUND', { message: staffSessionMessages.notFound });
    if (currentToken !== null && found.token === currentToken)
      throw new AppError('CONFLICT', { message: staffSessionMessages.current, reason: 'CURRENT' });
    await tx.delete(session).where(eq(session.id, sessionId));
    await writeAudit(tx, actor, {
      action: 'staff.session_end',
      targetType: 'user',
      targetId: found.userId,
      before: {
        sessionId: found.id,
        email: found.email,
        role: found.role,
        ipAddress: found.ipAddress,
        userAgent: found.userAgent,
        createdAt: found.createdAt.toISOString(),
      },
    });
    return { ended: 1, name: found.name };
  });
}
