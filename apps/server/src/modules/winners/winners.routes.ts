/** /ganhadores: public reads, cached like the other public reads (docs/decisions/011). */
import { rankingsQuerySchema, rankingsSchema, winnersListSchema } from '@sorteio/shared';
import type { Db } from '../../db/client';
import type { App } from '../../lib/fastify';
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
      app.publicCache.send(request, reply, {
        tag: 'draws',
        key: 'winners',
        schema: winnersListSchema,
        load: () => recentWinners(db),
      }),
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
      app.publicCache.send(request, reply, {
        // Entries change with every room event and prizes with every draw: both clear 'stats'.
        tag: 'stats',
        key: `rankings:${request.query.mes ?? 'current'}`,
        schema: rankingsSchema,
        load: () => monthlyRankings(db, request.query.mes),
      }),
  );
}
