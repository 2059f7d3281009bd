/** The staff audit log's list (audit.read): newest first, filtered by actor, target and period. */
import { auditListQuerySchema, auditListSchema } from '@sorteio/shared';
import type { Db } from '../../db/client';
import { requirePermission } from '../../lib/authz';
import type { App } from '../../lib/fastify';
import { permission } from '../../lib/route-permission';
import { listAudit } from './audit.service';

export function registerAuditRoutes(app: App, deps: { db: Db }) {
  app.get(
    '/api/admin/audit',
    {
      preValidation: permission('audit.read'),
      schema: {
        tags: ['admin'],
        summary: 'Registro de auditoria da equipe',
        querystring: auditListQuerySchema,
        response: { 200: auditListSchema },
      },
    },
    async (request) => {
      await requirePermission(request, 'audit.read');
      return listAudit(deps.db, request.query);
    },
  );
}
