import {
  idempotencyHeadersSchema,
  joinRoomInputSchema,
  joinRoomResultSchema,
  myParticipationSchema,
  roomIdParamsSchema,
  roomSchema,
} from '@sorteio/shared';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { requireUser } from '../../lib/authz';
import { clientKey } from '../../lib/client-key';
import type { App } from '../../lib/fastify';
import { sendIdempotent } from '../../lib/idempotency';
import { sendCached } from '../../lib/public-cache';
import { clientInfo } from '../../lib/request';
import { findMyParticipation, getPublicRoom, joinPublicRoom, listOpenRooms } from './rooms.service';

const roomListSchema = z.array(roomSchema);

export function registerRoomRoutes(app: App, { db, config }: { db: Db; config: Config }) {
  // Draws started after a join's answer: the server finishes them before it closes.
  const drawing = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled([...drawing]);
  });
  app.get(
    '/api/rooms',
    {
      schema: {
        tags: ['rooms'],
        summary: 'Salas abertas com vagas',
        response: { 200: roomListSchema },
      },
    },
    async (request, reply) => {
      await requireUser(request);
      // The same list for every account: cached, but only for the signed-in browser itself.
      const cached = await app.publicCache.get('rooms', 'rooms', roomListSchema, () =>
        listOpenRooms(db),
      );
      return sendCached(request, reply, cached, 'private');
    },
  );

  app.get(
    '/api/rooms/:id',
    {
      schema: {
        tags: ['rooms'],
        summary: 'Uma sala',
        params: roomIdParamsSchema,
        response: { 200: roomSchema },
      },
    },
    async (request, reply) => {
      await requireUser(request);
      const cached = await app.publicCache.get(
        'rooms',
        `room:${request.params.id}`,
        roomSchema,
        () => getPublicRoom(db, request.params.id),
      );
      return sendCached(request, reply, cached, 'private');
    },
  );

  app.get(
    '/api/rooms/:id/my-participation',
    {
      schema: {
        tags: ['rooms'],
        summary: 'Minha participação nesta sala',
        params: roomIdParamsSchema,
        response: { 200: myParticipationSchema },
      },
    },
    async (request) => {
      const me = await requireUser(request);
      return { participation: await findMyParticipation(db, me.id, request.params.id) };
    },
  );

  app.post(
    '/api/rooms/:id/join',
    {
      // Per session (each player's own bucket), not per IP: many players share carrier NAT addresses.
      config: {
        rateLimit: {
          max: config.rateLimitJoinMax,
          timeWindow: '1 minute',
          keyGenerator: clientKey,
        },
      },
      schema: {
        tags: ['rooms'],
        summary: 'Participar de uma sala (PIX ou saldo)',
        params: roomIdParamsSchema,
        headers: idempotencyHeadersSchema,
        body: joinRoomInputSchema,
        response: { 200: joinRoomResultSchema },
      },
    },
    async (request, reply) => {
      const me = await requireUser(request);
      const answer = await joinPublicRoom({
        db,
        config,
        userId: me.id,
        roomId: request.params.id,
        metodo: request.body.metodo,
        caller: me.standing && { role: me.role, ...me.standing },
        client: clientInfo(request),
        idempotencyKey: request.headers['idempotency-key'],
      });
      // A replayed answer: the first request sent the updates and started the draw.
      if (answer.replayed) return sendIdempotent(reply, answer);
      const result = answer.body;
      // The live update went out with the seat's commit (seatNotice); a room the join closed
      // is published again as it is now.
      if (result.room.status !== 'aberta') app.events.emit('room', result.room.id);
      // Outgoing webhooks (modules/connections/webhooks.ts): a seat paid from the Saldo is
      // confirmed at once; a PIX seat is confirmed later by the 'pix' event.
      if (result.participation.statusPagamento === 'confirmado')
        app.events.emit('participation', result.participation);
      if (result.room.status === 'sorteando') {
        app.events.emit('room-full', result.room.id);
        // The draw runs after the answer: the seat is taken and paid whatever the draw does (a
        // failed draw is retried by the scheduler's round), and the player who filled the room
        // learns it at once; everyone, this player too, sees the result on the live stream.
        const draw: Promise<void> = app
          .drawIfDue(result.room.id)
          .catch((error: unknown) =>
            request.log.error(
              { err: error, salaId: result.room.id },
              'draw after the last seat failed',
            ),
          )
          .finally(() => drawing.delete(draw));
        drawing.add(draw);
      }
      return result;
    },
  );
}
