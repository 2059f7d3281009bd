/**
 * The administrators' rooms (spec 001 "Admin rooms tab", sections 5 and 9): newest first, create
 * and edit with the spec's limits and the prize computed in centavos, open/close, delete while
 * nobody joined, draw now, cancel with refunds. Every change is audited in its transaction.
 */
import {
  adminRoomSchema,
  computePrize,
  roomFormSchema,
  roomIdParamsSchema,
  roomStatusInputSchema,
} from '@sorteio/shared';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { participacoes, privateRooms, salas, sorteios } from '../../db/schema';
import { requirePermission } from '../../lib/authz';
import { AppError } from '../../lib/errors';
import type { App } from '../../lib/fastify';
import { cancelRoom, drawRoom } from '../draws/draws.service';
import { createRoom, toRoom } from '../rooms/rooms.service';
import type { DbOrTx } from '../wallet/ledger.service';
import { actorOf, writeAudit } from './audit.service';

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

/** What the audit keeps of a room (no secret seed). */
const roomSnapshot = (room: typeof salas.$inferSelect) => {
  const { seed: _seed, ...rest } = room;
  return rest;
};

export function registerAdminRoomRoutes(app: App, { db, config }: { db: Db; config: Config }) {
  app.get(
    '/api/admin/rooms',
    {
      schema: {
        tags: ['admin'],
        summary: 'Todas as salas, mais novas primeiro',
        response: { 200: z.array(adminRoomSchema) },
      },
    },
    async (request) => {
      await requirePermission(request, 'rooms.read');
      const rows = await db
        .select({
          sala: salas,
          sorteioId: sorteios.id,
          privateRoomName: sql<
            string | null
          >`coalesce(${privateRooms.customName}, ${privateRooms.roomName})`,
          paidSeats: sql<number>`(select count(*) from ${participacoes} p where p.sala_id = ${salas.id} and p.status_pagamento = 'confirmado')::int`,
        })
        .from(salas)
        .leftJoin(sorteios, eq(sorteios.salaId, salas.id))
        .leftJoin(privateRooms, eq(privateRooms.salaId, salas.id))
        .orderBy(desc(salas.createdAt))
        .limit(500);
      return rows.map((r) => ({
        ...toRoom(r.sala),
        sorteioId: r.sorteioId,
        paidSeats: r.paidSeats,
        privateRoomName: r.privateRoomName,
      }));
    },
  );

  app.post(
    '/api/admin/rooms',
    {
      schema: {
        tags: ['admin'],
        summary: 'Criar sala',
        body: roomFormSchema,
        response: { 200: adminRoomSchema },
      },
    },
    async (request) => {
      const staff = await requirePermission(request, 'rooms.manage');
      const b = request.body;
      const row = await db.transaction(async (tx) => {
        const created = await createRoom({
          db: tx,
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
        await writeAudit(tx, actorOf(staff, request), {
          action: 'room.create',
          targetType: 'room',
          targetId: created.id,
          after: roomSnapshot(created),
        });
        return created;
      });
      app.events.emit('room', row.id);
      return { ...toRoom(row), sorteioId: null, paidSeats: 0, privateRoomName: null };
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
        response: { 200: adminRoomSchema },
      },
    },
    async (request) => {
      const staff = await requirePermission(request, 'rooms.manage');
      const b = request.body;
      const updated = await db.transaction(async (tx) => {
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
        if (room.tipoSala === 'privada')
          throw new AppError('CONFLICT', {
            message: 'Salas privadas são editadas por quem as criou.',
          });
        const prize = computePrize({
          entryCentavos: b.valorEntrada,
          maxParticipants: b.maxParticipantes,
          feeBasisPoints: b.taxaPersonalizadaBp,
        });
        const [after] = await tx
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
        await writeAudit(tx, actorOf(staff, request), {
          action: 'room.update',
          targetType: 'room',
          targetId: room.id,
          before: roomSnapshot(room),
          after: roomSnapshot(after!),
        });
        return { after: after!, joined };
      });
      app.events.emit('room', updated.after.id);
      return {
        ...toRoom(updated.after),
        sorteioId: null,
        paidSeats: updated.joined,
        privateRoomName: null,
      };
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
        response: { 200: adminRoomSchema },
      },
    },
    async (request) => {
      const staff = await requirePermission(request, 'rooms.manage');
      const updated = await db.transaction(async (tx) => {
        const { room } = await lockRoomForAdmin(tx, request.params.id);
        if (!['aberta', 'fechada'].includes(room.status)) {
          throw new AppError('CONFLICT', {
            message: 'Só é possível abrir ou fechar salas que ainda não foram sorteadas.',
          });
        }
        const [after] = await tx
          .update(salas)
          .set({ status: request.body.status, updatedAt: new Date() })
          .where(and(eq(salas.id, room.id), sql`${salas.status} in ('aberta', 'fechada')`))
          .returning();
        await writeAudit(tx, actorOf(staff, request), {
          action: 'room.status',
          targetType: 'room',
          targetId: room.id,
          before: { status: room.status },
          after: { status: request.body.status },
        });
        return after!;
      });
      app.events.emit('room', updated.id);
      return { ...toRoom(updated), sorteioId: null, paidSeats: 0, privateRoomName: null };
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
      const staff = await requirePermission(request, 'rooms.manage');
      return db.transaction(async (tx) => {
        const { room, joined } = await lockRoomForAdmin(tx, request.params.id);
        if (joined > 0)
          throw new AppError('CONFLICT', {
            message: 'A sala já tem participantes e não pode ser excluída.',
          });
        if (room.tipoSala === 'privada')
          throw new AppError('CONFLICT', { message: 'Salas privadas não são excluídas por aqui.' });
        await tx.delete(salas).where(eq(salas.id, room.id));
        await writeAudit(tx, actorOf(staff, request), {
          action: 'room.delete',
          targetType: 'room',
          targetId: room.id,
          before: roomSnapshot(room),
        });
        return { deleted: true };
      });
    },
  );

  app.post(
    '/api/admin/rooms/:id/draw',
    {
      schema: {
        tags: ['admin'],
        summary: 'Sortear agora (sala fechada ou completa)',
        params: roomIdParamsSchema,
        response: {
          200: z.object({
            result: z.enum(['drawn', 'cancelled']),
            sorteioId: z.string().nullable(),
          }),
        },
      },
    },
    async (request) => {
      const staff = await requirePermission(request, 'rooms.manage');
      const outcome = await drawRoom({
        db,
        config,
        salaId: request.params.id,
        allowClosed: true,
        audit: (tx, result) =>
          writeAudit(tx, actorOf(staff, request), {
            action: 'room.draw',
            targetType: 'room',
            targetId: request.params.id,
            after: result,
          }),
      });
      if (outcome.kind === 'skipped')
        throw new AppError('CONFLICT', {
          message: 'Esta sala não pode ser sorteada agora (feche a sala ou aguarde os pagamentos).',
        });
      await app.afterDraw(outcome);
      return {
        result: outcome.kind,
        sorteioId: outcome.kind === 'drawn' ? outcome.sorteioId : null,
      };
    },
  );

  app.post(
    '/api/admin/rooms/:id/cancel',
    {
      schema: {
        tags: ['admin'],
        summary: 'Cancelar sala e reembolsar as entradas',
        params: roomIdParamsSchema,
        response: { 200: z.object({ refunded: z.number().int() }) },
      },
    },
    async (request) => {
      const staff = await requirePermission(request, 'rooms.manage');
      const outcome = await cancelRoom({
        db,
        salaId: request.params.id,
        audit: (tx, before) =>
          writeAudit(tx, actorOf(staff, request), {
            action: 'room.cancel',
            targetType: 'room',
            targetId: before.id,
            before: roomSnapshot(before),
            after: { status: 'cancelada' },
          }),
      });
      await app.afterDraw(outcome);
      return { refunded: outcome.refundedUserIds.length };
    },
  );
}
