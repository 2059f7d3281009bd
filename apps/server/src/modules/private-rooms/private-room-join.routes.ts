/**
 * Joining a private room: the room by its code, the invite's public preview, and the two join
 * paths (per-session limit, one atomic join, a live seat-count update).
 */
import {
  inviteCodeSchema,
  participationSchema,
  privateInviteSchema,
  privateRoomByCodeSchema,
  privateRoomSchema,
  roomCodeSchema,
} from '@sorteio/shared';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { getSessionUser, requireUser } from '../../lib/authz';
import type { App } from '../../lib/fastify';
import { addressKey, clientKey } from '../../lib/client-key';
import {
  findByCode,
  findByInvite,
  getInvitePreview,
  getRowByCode,
  joinPrivate,
} from './private-rooms.service';
import type { Row } from './private-room-records';

const joinResult = z.object({ participation: participationSchema, room: privateRoomSchema });

export function registerPrivateRoomJoinRoutes(
  app: App,
  { db, config }: { db: Db; config: Config },
) {
  const joinLimit = {
    rateLimit: { max: config.rateLimitJoinMax, timeWindow: '1 minute', keyGenerator: clientKey },
  };
  const join = async (row: Row, userId: string, via: 'code' | 'invite') => {
    const result = await joinPrivate({ db, config, row, userId, via });
    app.events.emit('room', result.room.sala.id);
    return result;
  };

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
}
