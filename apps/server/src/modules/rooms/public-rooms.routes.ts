/**
 * Public rooms for visitors: the open rooms and one room's page without signing in, the
 * room's link preview image, and the HTML head of /salas/:id with its Open Graph and Twitter card
 * tags for the crawlers of WhatsApp and the social networks (they do not run the app's script).
 * Only what every signed-in player already sees of a public room (roomSchema: no seed, no
 * participants); private rooms answer 404 here as on /api/rooms/:id.
 */
import { roomIdParamsSchema, roomSchema } from '@sorteio/shared';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { App } from '../../lib/fastify';
import { sendCached } from '../../lib/public-cache';
import type { SpaPages } from '../../plugins/static';
import { roomMetaTags, renderRoomPreview } from './room-preview';
import { getPublicRoom, listOpenRooms } from './rooms.service';

const roomListSchema = z.array(roomSchema);

/** Preview images kept in memory: one per room and seat count, the oldest dropped first. */
const PREVIEW_CACHE_SIZE = 200;

export function registerPublicRoomRoutes(app: App, { db }: { db: Db }) {
  app.get(
    '/api/public/rooms',
    {
      schema: {
        tags: ['rooms'],
        summary: 'Salas abertas com vagas (público, sem login)',
        response: { 200: roomListSchema },
      },
    },
    async (request, reply) => {
      const cached = await app.publicCache.get('rooms', 'rooms', roomListSchema, () =>
        listOpenRooms(db),
      );
      return sendCached(request, reply, cached, 'public');
    },
  );

  app.get(
    '/api/public/rooms/:id',
    {
      schema: {
        tags: ['rooms'],
        summary: 'Uma sala pública (sem login)',
        params: roomIdParamsSchema,
        response: { 200: roomSchema },
      },
    },
    async (request, reply) => {
      const cached = await app.publicCache.get(
        'rooms',
        `room:${request.params.id}`,
        roomSchema,
        () => getPublicRoom(db, request.params.id),
      );
      return sendCached(request, reply, cached, 'public');
    },
  );

  const previews = new Map<string, Buffer>();
  app.get(
    '/api/public/rooms/:id/preview.png',
    {
      schema: {
        tags: ['rooms'],
        summary: 'Imagem de prévia do link de uma sala pública (PNG 1200x630)',
        params: roomIdParamsSchema,
      },
    },
    async (request, reply) => {
      const room = await getPublicRoom(db, request.params.id);
      const key = `${room.id}:${room.participantesAtual}:${room.status}`;
      let png = previews.get(key);
      if (png) {
        previews.delete(key);
      } else {
        png = renderRoomPreview(room);
        if (previews.size >= PREVIEW_CACHE_SIZE) {
          const oldest = previews.keys().next().value;
          if (oldest !== undefined) previews.delete(oldest);
        }
      }
      previews.set(key, png);
      return reply
        .type('image/png')
        .header('cache-control', 'public, max-age=300')
        .header('etag', `"${key}"`)
        .send(png);
    },
  );
}

/**
 * /salas/:id as the app's shell with the room's tags in its head; an unknown id gets the plain
 * shell (the app shows 'Sala não encontrada'). Registered only when the web app is built.
 */
export function registerRoomPages(
  app: App,
  { db, config, pages }: { db: Db; config: Config; pages: SpaPages },
) {
  app.get(
    '/salas/:id',
    { schema: { hide: true, params: z.object({ id: z.string().max(100) }) } },
    async (request, reply) => {
      const parsed = roomIdParamsSchema.safeParse(request.params);
      if (!parsed.success) return pages.send(request, reply);
      try {
        const room = await getPublicRoom(db, parsed.data.id);
        return pages.sendWithHead(request, reply, roomMetaTags(room, config.baseUrl));
      } catch (error) {
        if (error instanceof AppError && error.code === 'NOT_FOUND')
          return pages.send(request, reply);
        throw error;
      }
    },
  );
}
