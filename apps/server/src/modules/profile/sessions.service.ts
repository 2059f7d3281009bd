/** The account's signed-in sessions (the auth library's table): listing and ending them. */
import { type ActiveSession, sessionMessages } from '@sorteio/shared';
import { and, desc, eq, gt, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { session } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { lookupIp, normalizeIp } from '../../lib/geoip';
import { type ClientInfo, recordSecurityEvent } from '../security/security.service';

/** Live sessions, most recently used first, each with its device and its place by IP. */
export async function listActiveSessions({
  db,
  userId,
  currentSessionId,
}: {
  db: Db;
  userId: string;
  currentSessionId: string;
}): Promise<ActiveSession[]> {
  const rows = await db
    .select()
    .from(session)
    .where(and(eq(session.userId, userId), gt(session.expiresAt, new Date())))
    .orderBy(desc(session.updatedAt))
    .limit(50);
  return Promise.all(
    rows.map(async (s) => {
      const ip = s.ipAddress ? normalizeIp(s.ipAddress) : null;
      const geo = await lookupIp(ip);
      const place = [geo.city, geo.region, geo.country].filter(Boolean).join(', ') || null;
      return {
        id: s.id,
        userAgent: s.userAgent ?? null,
        ipAddress: ip,
        place,
        createdAt: s.createdAt.toISOString(),
        lastUsedAt: s.updatedAt.toISOString(),
        current: s.id === currentSessionId,
      };
    }),
  );
}

/** Ends one session of the user (never the one in use); 404 for one that is not theirs. */
export async function endSession({
  db,
  userId,
  sessionId,
  client,
}: {
  db: Db;
  userId: string;
  sessionId: string;
  client: ClientInfo;
}): Promise<number> {
  const ended = await db
    .delete(session)
    .where(and(eq(session.id, sessionId), eq(session.userId, userId)))
    .returning({ id: session.id });
  if (ended.length === 0) throw new AppError('NOT_FOUND', { message: sessionMessages.notFound });
  await recordSecurityEvent(db, { userId, action: 'session_revoked', client });
  return ended.length;
}

/** Ends every session of the user except `keep` ("end all others"), logged when any ended. */
export async function endOtherSessions(
  db: Db,
  userId: string,
  keep: string[],
  client: ClientInfo,
): Promise<number> {
  const rows = await db
    .delete(session)
    .where(and(eq(session.userId, userId), ...keep.map((id) => ne(session.id, id))))
    .returning({ id: session.id });
  if (rows.length > 0) await recordSecurityEvent(db, { userId, action: 'session_revoked', client });
  return rows.length;
}
