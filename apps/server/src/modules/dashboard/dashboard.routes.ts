/** The player's figures: dashboard, history and stats (dashboard.service.ts). */
import { dashboardSchema, historyQuerySchema, historySchema, statsSchema } from '@sorteio/shared';
import type { Db } from '../../db/client';
import { requireUser } from '../../lib/authz';
import type { App } from '../../lib/fastify';
import { dashboardPlatform, getDashboard, getHistory, getStats } from './dashboard.service';

export function registerDashboardRoutes(app: App, { db }: { db: Db }) {
  app.get(
    '/api/dashboard',
    { schema: { tags: ['player'], summary: 'Dashboard', response: { 200: dashboardSchema } } },
    async (request) =>
      getDashboard(db, (await requireUser(request)).id, () =>
        // Platform-wide: cleared by the same live events as the public figures and draws.
        app.publicCache.value('stats', 'dashboard-platform', () => dashboardPlatform(db)),
      ),
  );
  app.get(
    '/api/history',
    {
      schema: {
        tags: ['player'],
        summary: 'Histórico (uma página, da participação mais recente)',
        querystring: historyQuerySchema,
        response: { 200: historySchema },
      },
    },
    async (request) => getHistory(db, (await requireUser(request)).id, request.query),
  );
  app.get(
    '/api/stats',
    { schema: { tags: ['player'], summary: 'Estatísticas', response: { 200: statsSchema } } },
    async (request) => getStats(db, (await requireUser(request)).id),
  );
}
