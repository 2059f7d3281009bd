/** /ganhadores: public reads, cached like the other public reads (docs/decisions/011). */
import { rankingsQuerySchema, rankingsSchema, winnersListSchema } from '@sorteio/shared';
import type { Db } from '../../db/client';
import type { App } from '../../lib/fastify';
import { sendCached } from '../../lib/public-cache';
import { monthlyRankings, recentWinners } from './winners.service';

export function registerWinnerRoutes(app: App, { db }: { db: Db }) {
  app.get(
    '/api/winners',
    {
      schema: {
        tags: ['winners'],
        summary: 'Ganhadores recentes (público; primeiro nome e inicial, ou Anônimo)',
        response: { 200: winnersListSchema },
      },
    },
    async (request, reply) =>
      sendCached(
        request,
        reply,
        await app.publicCache.get('draws', 'winners', winnersListSchema, () => recentWinners(db)),
      ),
  );

  app.get(
    '/api/winners/rankings',
    {
      schema: {
        tags: ['winners'],
        summary: 'Rankings do mês (horário de Brasília): maiores prêmios e mais participações',
        querystring: rankingsQuerySchema,
        response: { 200: rankingsSchema },
      },
    },
    async (request, reply) =>
      sendCached(
        request,
        reply,
        // Entries change with every room event and prizes with every draw: both clear 'stats'.
        await app.publicCache.get(
          'stats',
          `rankings:${request.query.mes ?? 'current'}`,
          rankingsSchema,
          () => monthlyRankings(db, request.query.mes),
        ),
      ),
  );
}
