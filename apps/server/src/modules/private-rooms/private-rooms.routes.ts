/**
 * Private rooms: the creator's list, creating, the room's page, editing, paying with Saldo,
 * closing, drawing and the chat (joining by code or invite: private-room-join.routes.ts).
 */
import {
  chatMessageSchema,
  createPrivateRoomInputSchema,
  participationSchema,
  privateRoomDetailSchema,
  privateRoomMessages,
  privateRoomSchema,
  sendChatInputSchema,
  updatePrivateRoomInputSchema,
} from '@sorteio/shared';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { requireUser } from '../../lib/authz';
import { AppError } from '../../lib/errors';
import type { App } from '../../lib/fastify';
import { actorOf } from '../audit/audit.service';
import { clientKey } from '../../lib/client-key';
import { payPendingWithBalance } from '../rooms/rooms.service';
import {
  closePrivateRoom,
  createPrivateRoom,
  drawPrivateRoom,
  getDetail,
  getRow,
  isMember,
  listMessages,
  listMyRooms,
  memberIds,
  postMessage,
  updatePrivateRoom,
} from './private-rooms.service';

const idParams = z.object({ id: z.uuid({ error: 'Sala não encontrada.' }) });

export function registerPrivateRoomRoutes(app: App, { db, config }: { db: Db; config: Config }) {
  app.get(
    '/api/private-rooms',
    {
      schema: {
        tags: ['private-rooms'],
        summary: 'Minhas salas privadas',
        response: { 200: z.array(privateRoomSchema) },
      },
    },
    async (request) => listMyRooms(db, config, (await requireUser(request)).id),
  );

  app.post(
    '/api/private-rooms',
    {
      config: { rateLimit: { max: 20, timeWindow: '10 minutes', keyGenerator: clientKey } },
      schema: {
        tags: ['private-rooms'],
        summary: 'Criar sala privada',
        body: createPrivateRoomInputSchema,
        response: { 200: privateRoomSchema },
      },
    },
    async (request) =>
      createPrivateRoom({
        db,
        config,
        creatorId: (await requireUser(request)).id,
        input: request.body,
      }),
  );

  app.get(
    '/api/private-rooms/:id',
    {
      schema: {
        tags: ['private-rooms'],
        summary: 'Sala privada',
        params: idParams,
        response: { 200: privateRoomDetailSchema },
      },
    },
    async (request) => {
      const me = await requireUser(request);
      return getDetail({ db, config, id: request.params.id, userId: me.id, role: me.role });
    },
  );

  app.put(
    '/api/private-rooms/:id',
    {
      schema: {
        tags: ['private-rooms'],
        summary: 'Editar nome (criador ou equipe)',
        params: idParams,
        body: updatePrivateRoomInputSchema,
        response: { 200: privateRoomSchema },
      },
    },
    async (request) => {
      const me = await requireUser(request);
      return updatePrivateRoom({
        db,
        config,
        id: request.params.id,
        actor: { ...actorOf(me, request), role: me.role },
        input: request.body,
      });
    },
  );

  app.post(
    '/api/private-rooms/:id/pay-with-balance',
    {
      schema: {
        tags: ['private-rooms'],
        summary: 'Pagar a participação com saldo',
        params: idParams,
        response: { 200: z.object({ participation: participationSchema }) },
      },
    },
    async (request) => {
      const me = await requireUser(request);
      const detail = await getDetail({
        db,
        config,
        id: request.params.id,
        userId: me.id,
        role: me.role,
      });
      if (!detail.myParticipation)
        throw new AppError('FORBIDDEN', { message: privateRoomMessages.notMember });
      const result = await payPendingWithBalance({
        db,
        config,
        userId: me.id,
        participacaoId: detail.myParticipation.id,
      });
      app.events.emit('room', detail.room.sala.id);
      await app.drawIfDue(detail.room.sala.id);
      return result;
    },
  );

  app.post(
    '/api/private-rooms/:id/close',
    {
      schema: {
        tags: ['private-rooms'],
        summary: 'Fechar para novas entradas (criador)',
        params: idParams,
        response: { 200: z.object({ ok: z.boolean() }) },
      },
    },
    async (request) => {
      const me = await requireUser(request);
      const row = await getRow(db, request.params.id);
      await closePrivateRoom({ db, row, actor: { ...actorOf(me, request), role: me.role } });
      app.events.emit('room', row.sala.id);
      return { ok: true };
    },
  );

  app.post(
    '/api/private-rooms/:id/draw',
    {
      schema: {
        tags: ['private-rooms'],
        summary: 'Sortear (criador; sala fechada com 2+ pagos)',
        params: idParams,
        response: {
          200: z.object({
            result: z.enum(['drawn', 'cancelled', 'pending']),
            sorteioId: z.string().nullable(),
            /** Why a draw is still pending (waiting for its beacon round). */
            motivo: z.string().nullable(),
          }),
        },
      },
    },
    async (request) => {
      const me = await requireUser(request);
      const row = await getRow(db, request.params.id);
      const outcome = await drawPrivateRoom({
        db,
        config,
        row,
        actor: { ...actorOf(me, request), role: me.role },
      });
      await app.afterDraw(outcome);
      return {
        result: outcome.kind,
        sorteioId: outcome.kind === 'drawn' ? outcome.sorteioId : null,
        motivo: outcome.kind === 'pending' ? outcome.reason : null,
      };
    },
  );

  // Chat: the creator and the room's participants only.
  app.get(
    '/api/private-rooms/:id/messages',
    {
      schema: {
        tags: ['private-rooms'],
        summary: 'Mensagens do chat (mais antigas primeiro)',
        params: idParams,
        response: { 200: z.array(chatMessageSchema) },
      },
    },
    async (request) => {
      const me = await requireUser(request);
      const row = await getRow(db, request.params.id);
      if (!(await isMember(db, row, me.id)))
        throw new AppError('FORBIDDEN', { message: privateRoomMessages.notMember });
      return listMessages(db, row.room.id);
    },
  );

  app.post(
    '/api/private-rooms/:id/messages',
    {
      config: {
        rateLimit: {
          max: 10,
          timeWindow: '10 seconds',
          keyGenerator: clientKey,
          errorResponseBuilder: () => ({
            statusCode: 429,
            message: 'Você está enviando mensagens rápido demais. Aguarde alguns segundos.',
          }),
        },
      },
      schema: {
        tags: ['private-rooms'],
        summary: 'Enviar mensagem',
        params: idParams,
        body: sendChatInputSchema,
        response: { 200: chatMessageSchema },
      },
    },
    async (request) => {
      const me = await requireUser(request);
      const row = await getRow(db, request.params.id);
      if (!(await isMember(db, row, me.id)))
        throw new AppError('FORBIDDEN', { message: privateRoomMessages.notMember });
      const message = await postMessage(db, row.room.id, me.id, request.body.message);
      const members = await memberIds(db, row);
      app.realtime
        .publish({ type: 'chat', roomId: row.room.id, memberIds: members, messageId: message.id })
        .catch((error: unknown) => request.log.warn({ err: error }, 'chat push failed'));
      return message;
    },
  );
}
