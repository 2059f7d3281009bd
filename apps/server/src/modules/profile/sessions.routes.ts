/**
 * 'Sessões ativas' (profile): every signed-in session of the account with its device, place and
 * last use; the owner ends one or all the others. Sessions live in the auth library's table.
 */
import {
  activeSessionSchema,
  revokeSessionsResultSchema,
  sessionIdParamsSchema,
  sessionMessages,
} from '@sorteio/shared';
import { and, desc, eq, gt, ne } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { session } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { App } from '../../lib/fastify';
import { lookupIp, normalizeIp } from '../../lib/geoip';
import type { Auth } from '../auth';
import { clientInfo, toHeaders } from '../../lib/request';
import { recordSecurityEvent } from '../security/security.service';

async function currentSession(auth: Auth, request: FastifyRequest) {
  const result = await auth.api.getSession({ headers: toHeaders(request) });
  if (!result) throw new AppError('UNAUTHENTICATED');
  return { userId: result.user.id, sessionId: result.session.id };
}

/** Ends every session of the user except `keep` (password change, 2FA enabled, "end all others"). */
export async function endOtherSessions(db: Db, userId: string, keep: string[]): Promise<number> {
  const rows = await db
    .delete(session)
    .where(and(eq(session.userId, userId), ...keep.map((id) => ne(session.id, id))))
    .returning({ id: session.id });
  return rows.length;
}

export function registerSessionRoutes(app: App, { db, auth }: { db: Db; auth: Auth }) {
  app.get(
    '/api/profile/sessions',
    {
      schema: {
        tags: ['profile'],
        summary: 'Sessões ativas',
        response: { 200: z.array(activeSessionSchema) },
      },
    },
    async (request) => {
      const me = await currentSession(auth, request);
      const rows = await db
        .select()
        .from(session)
        .where(and(eq(session.userId, me.userId), gt(session.expiresAt, new Date())))
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
            current: s.id === me.sessionId,
          };
        }),
      );
    },
  );

  app.post(
    '/api/profile/sessions/:id/revoke',
    {
      config: { rateLimit: { max: 30, timeWindow: '10 minutes' } },
      schema: {
        tags: ['profile'],
        summary: 'Encerrar uma sessão',
        params: sessionIdParamsSchema,
        response: { 200: revokeSessionsResultSchema },
      },
    },
    async (request) => {
      const me = await currentSession(auth, request);
      if (request.params.id === me.sessionId)
        throw new AppError('CONFLICT', { message: sessionMessages.current, reason: 'CURRENT' });
      const ended = await db
        .delete(session)
        .where(and(eq(session.id, request.params.id), eq(session.userId, me.userId)))
        .returning({ id: session.id });
      if (ended.length === 0)
        throw new AppError('NOT_FOUND', { message: sessionMessages.notFound });
      await recordSecurityEvent(db, {
        userId: me.userId,
        action: 'session_revoked',
        client: clientInfo(request),
      });
      return { ended: ended.length };
    },
  );

  app.post(
    '/api/profile/sessions/revoke-others',
    {
      config: { rateLimit: { max: 30, timeWindow: '10 minutes' } },
      schema: {
        tags: ['profile'],
        summary: 'Encerrar todas as outras sessões',
        response: { 200: revokeSessionsResultSchema },
      },
    },
    async (request) => {
      const me = await currentSession(auth, request);
      const ended = await endOtherSessions(db, me.userId, [me.sessionId]);
      if (ended > 0)
        await recordSecurityEvent(db, {
          userId: me.userId,
          action: 'session_revoked',
          client: clientInfo(request),
        });
      return { ended };
    },
  );
}
