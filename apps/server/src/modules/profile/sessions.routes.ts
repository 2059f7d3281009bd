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
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { App } from '../../lib/fastify';
import type { Auth } from '../auth';
import { clientInfo, toHeaders } from '../../lib/request';
import { endOtherSessions, endSession, listActiveSessions } from './sessions.service';

async function currentSession(auth: Auth, request: FastifyRequest) {
  const result = await auth.api.getSession({ headers: toHeaders(request) });
  if (!result) throw new AppError('UNAUTHENTICATED');
  return { userId: result.user.id, sessionId: result.session.id };
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
      return listActiveSessions({ db, userId: me.userId, currentSessionId: me.sessionId });
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
      const ended = await endSession({
        db,
        userId: me.userId,
        sessionId: request.params.id,
        client: clientInfo(request),
      });
      return { ended };
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
      const ended = await endOtherSessions(db, me.userId, [me.sessionId], clientInfo(request));
      return { ended };
    },
  );
}
