/** 'Sessões da equipe': administrators list live staff sessions and end one (audited). */
import {
  revokeSessionsResultSchema,
  sessionIdParamsSchema,
  staffSessionListSchema,
} from '@sorteio/shared';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { requireActOn, requirePermission } from '../../lib/authz';
import { permission } from '../../lib/route-permission';
import type { App } from '../../lib/fastify';
import { cookieSecret } from '../auth/auth';
import { verifiedSessionToken } from '../auth/session.service';
import { actorOf } from './audit.service';
import { endStaffSession, listStaffSessions, staffSessionOwner } from './staff-sessions.service';

export function registerStaffSessionRoutes(app: App, { db, config }: { db: Db; config: Config }) {
  const tokenOf = (request: FastifyRequest) =>
    verifiedSessionToken(request.headers.cookie, cookieSecret(config));

  app.get(
    '/api/admin/staff-sessions',
    {
      preValidation: permission('staff.manage'),
      schema: {
        tags: ['admin'],
        summary: 'Sessões ativas da equipe (somente administradores)',
        response: { 200: staffSessionListSchema },
      },
    },
    async (request) => {
      await requirePermission(request, 'staff.manage');
      return listStaffSessions({ db, config, currentToken: tokenOf(request) });
    },
  );

  app.post(
    '/api/admin/staff-sessions/:id/end',
    {
      preValidation: permission('staff.manage'),
      config: { rateLimit: { max: 60, timeWindow: '10 minutes' } },
      schema: {
        tags: ['admin'],
        summary: 'Encerrar uma sessão da equipe',
        params: sessionIdParamsSchema,
        response: { 200: revokeSessionsResultSchema },
      },
    },
    async (request) => {
      // Whose session it is decides, by the one rule of who may act on whom (lib/authz.ts).
      const owner = await staffSessionOwner(db, config, request.params.id, tokenOf(request));
      const { staff } = await requireActOn(request, owner, 'sessions');
      const { ended } = await endStaffSession({
        db,
        config,
        actor: actorOf(staff, request),
        sessionId: request.params.id,
        currentToken: tokenOf(request),
      });
      return { ended };
    },
  );
}
