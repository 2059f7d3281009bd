import {
  joinRoomInputSchema,
  joinRoomResultSchema,
  myParticipationSchema,
  roomFormSchema,
  roomIdParamsSchema,
  roomSchema,
  roomStatusInputSchema,
} from '@sorteio/shared';
import { and, count, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { participacoes, salas } from '../../db/schema';
import { requireRole, requireUser } from '../../lib/authz';
import { sessionKey } from '../../lib/session-key';
import { AppError } from '../../lib/errors';
import type { DbOrTx } from '../wallet/ledger.service';
import type { App } from '../../lib/fastify';
import { computePrize } from '@sorteio/shared';
import { clientInfo } from '../auth/auth.routes';
import { recordSecurityEvent } from '../security/security.service';
import {
  createRoom,
  findMyParticipation,
  getRoom,
  joinRoom,
  listOpenRooms,
  toRoom,
} from './rooms.service';

const roomAdmins = ['admin', 'manager'] as const;

/** Locks a room for an administrator's change and counts every participation it ever had. */
async function lockRoomForAdmin(tx: DbOrTx, id: string) {
  const [room] = await tx.select().from(salas).where(eq(salas.id, id)).for('update');
  if (!room) throw new AppError('NOT_FOUND', { message: 'Sala não encontrada' });
  const [joined] = await tx
    .select({ n: count() })
    .from(participacoes)
    .where(eq(participacoes.salaId, room.id));
  return { room, joined: joined?.n ?? 0 };
}

export function registerRoomRoutes(app: App, { db, config }: { db: Db; config: Config }) {
  app.get(
    '/api/rooms',
    {
      schema: {
        tags: ['rooms'],
        summary: 'Salas abertas com vagas',
        response: { 200: z.array(roomSchema) },
      },
    },
    async (request) => {
      await requireUser(request);
      return listOpenRooms(db);
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
    async (request) => {
      await requireUser(request);
      return getRoom(db, request.params.id);
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
          keyGenerator: sessionKey,
        },
      },
      schema: {
        tags: ['rooms'],
        summary: 'Participar de uma sala (PIX ou saldo)',
        params: roomIdParamsSchema,
        body: joinRoomInputSchema,
        response: { 200: joinRoomResultSchema },
      },
    },
    async (request) => {
      const me = await requireUser(request);
      const result = await joinRoom({
        db,
        config,
        userId: me.id,
        salaId: request.params.id,
        metodo: request.body.metodo,
      });
      await recordSecurityEvent(db, {
        userId: me.id,
        action: 'draw_participation',
        client: clientInfo(request),
      });
      app.events.emit('room', result.room.id);
      if (result.room.status === 'sorteando') await app.drawIfDue(result.room.id);
      return result;
    },
  );

  // Administrators (spec 001 section 5): create, edit, open/close and delete while nobody joined.
  app.get(
    '/api/admin/rooms',
    {
      schema: {
        tags: ['admin'],
        summary: 'Todas as salas',
        response: { 200: z.array(roomSchema) },
      },
    },
    async (request) => {
      await requireRole(request, roomAdmins);
      const rows = await db
        .select()
        .from(salas)
        .orderBy(sql`${salas.createdAt} desc`);
      return rows.map(toRoom);
    },
  );

  app.post(
    '/api/admin/rooms',
    {
      schema: {
        tags: ['admin'],
        summary: 'Criar sala',
        body: roomFormSchema,
        response: { 200: roomSchema },
      },
    },
    async (request) => {
      const staff = await requireRole(request, roomAdmins);
      const b = request.body;
      const row = await createRoom({
        db,
        input: {
          tipoSala: b.tipoSala,
          valorEntradaCentavos: b.valorEntrada,
          maxParticipantes: b.maxParticipantes,
          taxaBp: b.taxaPersonalizadaBp,
          sorteioAutomatico: b.sorteioAutomatico,
          temLimitePessoas: b.temLimitePessoas,
          dataSorteio: b.dataSorteio ? new Date(b.dataSorteio) : null,
          createdBy: staff.id,
        },
      });
      return toRoom(row);
    },
  );

  app.put(
    '/api/admin/rooms/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Editar sala',
        params: roomIdParamsSchema,
        body: roomFormSchema,
        response: { 200: roomSchema },
      },
    },
    async (request) => {
      await requireRole(request, roomAdmins);
      const b = request.body;
      return db.transaction(async (tx) => {
        const { room, joined } = await lockRoomForAdmin(tx, request.params.id);
        const changesMoney =
          b.valorEntrada !== room.valorEntrada ||
          b.maxParticipantes !== room.maxParticipantes ||
          b.taxaPersonalizadaBp !== room.taxaPersonalizadaBp ||
          b.tipoSala !== room.tipoSala;
        // The price and the prize are a promise to whoever joined: they change only while the room is empty.
        if (changesMoney && joined > 0) {
          throw new AppError('CONFLICT', {
            message: 'Tipo, valor, vagas e taxa só podem mudar enquanto ninguém entrou na sala.',
          });
        }
        const prize = computePrize({
          entryCentavos: b.valorEntrada,
          maxParticipants: b.maxParticipantes,
          feeBasisPoints: b.taxaPersonalizadaBp,
        });
        const [updated] = await tx
          .update(salas)
          .set({
            tipoSala: b.tipoSala,
            valorEntrada: b.valorEntrada,
            maxParticipantes: b.maxParticipantes,
            taxaPersonalizadaBp: b.taxaPersonalizadaBp,
            premioBruto: prize.grossCentavos,
            taxaPlataforma: prize.feeCentavos,
            premioLiquido: prize.netCentavos,
            sorteioAutomatico: b.sorteioAutomatico,
            temLimitePessoas: b.temLimitePessoas,
            dataSorteio: b.dataSorteio ? new Date(b.dataSorteio) : null,
            updatedAt: new Date(),
          })
          .where(eq(salas.id, room.id))
          .returning();
        return toRoom(updated!);
      });
    },
  );

  app.post(
    '/api/admin/rooms/:id/status',
    {
      schema: {
        tags: ['admin'],
        summary: 'Abrir ou fechar sala',
        params: roomIdParamsSchema,
        body: roomStatusInputSchema,
        response: { 200: roomSchema },
      },
    },
    async (request) => {
      await requireRole(request, roomAdmins);
      const [room] = await db.select().from(salas).where(eq(salas.id, request.params.id));
      if (!room) throw new AppError('NOT_FOUND', { message: 'Sala não encontrada' });
      if (!['aberta', 'fechada'].includes(room.status)) {
        throw new AppError('CONFLICT', {
          message: 'Só é possível abrir ou fechar salas que ainda não foram sorteadas.',
        });
      }
      const [updated] = await db
        .update(salas)
        .set({ status: request.body.status, updatedAt: new Date() })
        .where(and(eq(salas.id, room.id), sql`${salas.status} in ('aberta', 'fechada')`))
        .returning();
      if (!updated)
        throw new AppError('CONFLICT', {
          message: 'A sala mudou de estado. Atualize e tente novamente.',
        });
      return toRoom(updated);
    },
  );

  app.delete(
    '/api/admin/rooms/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Excluir sala (só enquanto ninguém entrou)',
        params: roomIdParamsSchema,
        response: { 200: z.object({ deleted: z.boolean() }) },
      },
    },
    async (request) => {
      await requireRole(request, roomAdmins);
      return db.transaction(async (tx) => {
        const { room, joined } = await lockRoomForAdmin(tx, request.params.id);
        if (joined > 0)
          throw new AppError('CONFLICT', {
            message: 'A sala já tem participantes e não pode ser excluída.',
          });
        await tx.delete(salas).where(eq(salas.id, room.id));
        return { deleted: true };
      });
    },
  );
}
