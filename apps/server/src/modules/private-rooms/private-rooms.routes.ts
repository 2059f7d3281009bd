import {
  can,
  chatMessageSchema,
  createPrivateRoomInputSchema,
  inviteCodeSchema,
  participationSchema,
  privateInviteSchema,
  privateRoomByCodeSchema,
  privateRoomDetailSchema,
  privateRoomMessages,
  privateRoomSchema,
  roomCodeSchema,
  sendChatInputSchema,
  updatePrivateRoomInputSchema,
} from '@sorteio/shared';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { getSessionUser, requireUser } from '../../lib/authz';
import { AppError } from '../../lib/errors';
import type { App } from '../../lib/fastify';
import { drawRoom } from '../draws/draws.service';
import { actorOf, writeAudit } from '../audit/audit.service';
import { addressKey, clientKey } from '../../lib/client-key';
import { payPendingWithBalance } from '../rooms/rooms.service';
import {
  closePrivateRoom,
  createPrivateRoom,
  findByCode,
  findByInvite,
  getDetail,
  getInvitePreview,
  getRow,
  getRowByCode,
  isMember,
  joinPrivate,
  listMessages,
  listMyRooms,
  memberIds,
  paidSeats,
  postMessage,
  updatePrivateRoom,
} from './private-rooms.service';

const idParams = z.object({ id: z.uuid({ error: 'Sala não encontrada.' }) });
const joinResult = z.object({ participation: participationSchema, room: privateRoomSchema });

export function registerPrivateRoomRoutes(app: App, { db, config }: { db: Db; config: Config }) {
  // Both join paths: per-session limit, one atomic join, a live seat-count update.
  const joinLimit = {
    rateLimit: { max: config.rateLimitJoinMax, timeWindow: '1 minute', keyGenerator: clientKey },
  };
  const join = async (
    row: Awaited<ReturnType<typeof getRow>>,
    userId: string,
    via: 'code' | 'invite',
  ) => {
    const result = await joinPrivate({ db, config, row, userId, via });
    app.events.emit('room', result.room.sala.id);
    return result;
  };

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
    '/api/private-rooms/by-code/:code',
    {
      schema: {
        tags: ['private-rooms'],
        summary: 'Sala privada pelo código (público)',
        params: z.object({ code: roomCodeSchema }),
        response: { 200: privateRoomByCodeSchema },
      },
    },
    async (request) =>
      findByCode(db, request.params.code, (await getSessionUser(request))?.id ?? null),
  );

  app.post(
    '/api/private-rooms/by-code/:code/join',
    {
      config: joinLimit,
      schema: {
        tags: ['private-rooms'],
        summary: 'Entrar pelo código',
        params: z.object({ code: roomCodeSchema }),
        response: { 200: joinResult },
      },
    },
    async (request) => {
      const me = await requireUser(request);
      return join(await getRowByCode(db, request.params.code), me.id, 'code');
    },
  );

  // Public: the invite code is the secret, so a visitor the link was sent to sees the room before
  // creating an account. Limited per address so codes cannot be tried in bulk.
  app.get(
    '/api/private-rooms/invite/:inviteCode',
    {
      config: {
        rateLimit: { max: 30, timeWindow: '1 minute', keyGenerator: addressKey },
      },
      schema: {
        tags: ['private-rooms'],
        summary: 'Convite de sala privada (público para quem tem o link)',
        params: z.object({ inviteCode: inviteCodeSchema }),
        response: { 200: privateInviteSchema },
      },
    },
    async (request) =>
      getInvitePreview(db, request.params.inviteCode, (await getSessionUser(request))?.id ?? null),
  );

  app.post(
    '/api/private-rooms/invite/:inviteCode/join',
    {
      config: joinLimit,
      schema: {
        tags: ['private-rooms'],
        summary: 'Entrar pelo convite',
        params: z.object({ inviteCode: inviteCodeSchema }),
        response: { 200: joinResult },
      },
    },
    async (request) => {
      const me = await requireUser(request);
      const { row } = await findByInvite(db, request.params.inviteCode);
      return join(row, me.id, 'invite');
    },
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
      if (row.room.creatorId !== me.id && !can(me.role, 'rooms.manage'))
        throw new AppError('FORBIDDEN', { message: privateRoomMessages.onlyCreator });
      if (row.sala.status !== 'fechada')
        throw new AppError('CONFLICT', {
          message: 'Feche a sala para novas entradas antes de sortear.',
        });
      if ((await paidSeats(db, row.sala.id)) < 2)
        throw new AppError('CONFLICT', {
          message: 'O sorteio precisa de pelo menos dois participantes com pagamento confirmado.',
        });
      const outcome = await drawRoom({
        db,
        config,
        salaId: row.sala.id,
        allowClosed: true,
        // Staff drawing a player's room: audited in the draw's own transaction.
        ...(row.room.creatorId !== me.id && {
          audit: (tx, result) =>
            writeAudit(tx, actorOf(me, request), {
              action: 'private_room.draw',
              targetType: 'private_room',
              targetId: row.room.id,
              before: { creatorId: row.room.creatorId, salaId: row.sala.id },
              after: result,
            }),
        }),
      });
      if (outcome.kind === 'skipped')
        throw new AppError('CONFLICT', { message: 'Esta sala já foi sorteada.' });
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
