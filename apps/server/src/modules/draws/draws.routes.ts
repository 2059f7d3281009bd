import {
  drawListQuerySchema,
  drawListSchema,
  drawProofSchema,
  drawSummarySchema,
  roomIdParamsSchema,
} from '@sorteio/shared';
import { z } from 'zod';
import type { Db } from '../../db/client';
import type { App } from '../../lib/fastify';
import { type DrawOutcome, findRoomDraw, getProof, listDraws } from './draws.service';
import { getPublicRoom } from '../rooms/rooms.service';

// buildApp imports the notices from here; they live in their service.

const roomDrawSchema = z.object({ draw: drawSummarySchema.nullable() });

/** `read`: the public draws and proofs may lag a second (the read standby when there is one). */
export function registerDrawRoutes(app: App, { read }: { read: Db }) {
  app.get(
    '/api/draws',
    {
      schema: {
        tags: ['draws'],
        summary: 'Sorteios realizados (público, mais recentes primeiro)',
        querystring: drawListQuerySchema,
        response: { 200: drawListSchema },
      },
    },
    async (request, reply) =>
      app.publicCache.send(request, reply, {
        tag: 'draws',
        key: `draws:${JSON.stringify(request.query)}`,
        schema: drawListSchema,
        load: () => listDraws(read, request.query),
      }),
  );

  app.get(
    '/api/draws/:id/proof',
    {
      schema: {
        tags: ['draws'],
        summary: 'Prova verificável de um sorteio (público)',
        params: z.object({ id: z.uuid({ error: 'Sorteio não encontrado.' }) }),
        response: { 200: drawProofSchema },
      },
    },
    async (request, reply) =>
      app.publicCache.send(request, reply, {
        tag: 'draws',
        key: `proof:${request.params.id}`,
        schema: drawProofSchema,
        load: () => getProof(read, request.params.id),
      }),
  );

  app.get(
    '/api/rooms/:id/draw',
    {
      schema: {
        tags: ['draws'],
        summary: 'O sorteio de uma sala, quando já realizado (público)',
        params: roomIdParamsSchema,
        response: { 200: roomDrawSchema },
      },
    },
    async (request, reply) =>
      app.publicCache.send(request, reply, {
        tag: 'rooms',
        key: `room-draw:${request.params.id}`,
        schema: roomDrawSchema,
        load: async () => {
          await getPublicRoom(read, request.params.id);
          return { draw: await findRoomDraw(read, request.params.id) };
        },
      }),
  );
}

declare module 'fastify' {
  interface FastifyInstance {
    afterDraw(outcome: DrawOutcome): Promise<void>;
    drawIfDue(salaId: string): Promise<void>;
  }
}
