/**
 * The administrators' rooms (spec 001 "Admin rooms tab", sections 5 and 9): newest first, create
 * and edit with the spec's limits and the prize computed in centavos, open/close, delete while
 * nobody joined, draw now (closing an open room first), cancel with refunds after a preview of
 * what each player gets back. The rules live in admin-rooms.service.ts; every
 * change is audited in its transaction.
 */
import {
  adminRoomSchema,
  roomCancelPreviewSchema,
  roomEditMessages,
  roomFormDefaultsSchema,
  roomFormSchema,
  roomIdParamsSchema,
  roomStatusInputSchema,
} from '@sorteio/shared';
import { desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { participacoes, privateRooms, salas, sorteios } from '../../db/schema';
import { requirePermission } from '../../lib/authz';
import { permission } from '../../lib/route-permission';
import { AppError } from '../../lib/errors';
import type { App } from '../../lib/fastify';
import { cancelRoom, drawRoom, previewCancellation } from '../draws/draws.service';
import { toRoom } from '../rooms/rooms.service';
import {
  createAdminRoom,
  deleteAdminRoom,
  roomFormDefaults,
  roomSnapshot,
  setAdminRoomStatus,
  updateAdminRoom,
} from './admin-rooms.service';
import { actorOf, writeAudit } from '../audit/audit.service';

export function registerAdminRoomRoutes(app: App, { db, config }: { db: Db; config: Config }) {
  app.get(
    '/api/admin/rooms',
    {
      preValidation: permission('rooms.read'),
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
          entrantsEver: sql<number>`(select count(*) from ${participacoes} p where p.sala_id = ${salas.id})::int`,
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
        entrantsEver: r.entrantsEver,
        privateRoomName: r.privateRoomName,
      }));
    },
  );

  app.get(
    '/api/admin/rooms/defaults',
    {
      preValidation: permission('rooms.manage'),
      schema: {
        tags: ['admin'],
        summary: "Valores iniciais de 'Nova Sala' (a taxa vem das configurações)",
        response: { 200: roomFormDefaultsSchema },
      },
    },
    async (request) => {
      await requirePermission(request, 'rooms.manage');
      return roomFormDefaults(db);
    },
  );

  app.post(
    '/api/admin/rooms',
    {
      preValidation: permission('rooms.manage'),
      schema: {
        tags: ['admin'],
        summary: 'Criar sala (sem taxa: a taxa da plataforma das configurações)',
        body: roomFormSchema,
        response: { 200: adminRoomSchema },
      },
    },
    async (request) => {
      const staff = await requirePermission(request, 'rooms.manage');
      const room = await createAdminRoom({
        db,
        actor: actorOf(staff, request),
        form: request.body,
      });
      app.events.emit('room', room.id);
      return room;
    },
  );

  app.put(
    '/api/admin/rooms/:id',
    {
      preValidation: permission('rooms.manage'),
      schema: {
        tags: ['admin'],
        summary: 'Editar sala (valores e regras do sorteio só enquanto ninguém entrou)',
        params: roomIdParamsSchema,
        body: roomFormSchema,
        response: { 200: adminRoomSchema },
      },
    },
    async (request) => {
      const staff = await requirePermission(request, 'rooms.manage');
      const room = await updateAdminRoom({
        db,
        actor: actorOf(staff, request),
        id: request.params.id,
        form: request.body,
      });
      app.events.emit('room', room.id);
      return room;
    },
  );

  app.post(
    '/api/admin/rooms/:id/status',
    {
      preValidation: permission('rooms.manage'),
      schema: {
        tags: ['admin'],
        summary: 'Abrir ou fechar sala (nunca depois do sorteio ou do cancelamento)',
        params: roomIdParamsSchema,
        body: roomStatusInputSchema,
        response: { 200: adminRoomSchema },
      },
    },
    async (request) => {
      const staff = await requirePermission(request, 'rooms.manage');
      const room = await setAdminRoomStatus({
        db,
        actor: actorOf(staff, request),
        id: request.params.id,
        status: request.body.status,
      });
      app.events.emit('room', room.id);
      return room;
    },
  );

  app.delete(
    '/api/admin/rooms/:id',
    {
      preValidation: permission('rooms.manage'),
      schema: {
        tags: ['admin'],
        summary: 'Excluir sala (só enquanto ninguém entrou; depois, cancelar e reembolsar)',
        params: roomIdParamsSchema,
        response: { 200: z.object({ deleted: z.boolean() }) },
      },
    },
    async (request) => {
      const staff = await requirePermission(request, 'rooms.manage');
      return deleteAdminRoom({ db, actor: actorOf(staff, request), id: request.params.id });
    },
  );

  app.post(
    '/api/admin/rooms/:id/draw',
    {
      preValidation: permission('rooms.manage'),
      schema: {
        tags: ['admin'],
        summary:
          'Sortear agora: fecha a sala se estiver aberta e sorteia, na mesma transação (recusa com PIX em andamento ou menos de dois participantes confirmados)',
        params: roomIdParamsSchema,
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
      const staff = await requirePermission(request, 'rooms.manage');
      const outcome = await drawRoom({
        db,
        config,
        salaId: request.params.id,
        byStaff: true,
        audit: (tx, result, before) =>
          writeAudit(tx, actorOf(staff, request), {
            action: 'room.draw',
            targetType: 'room',
            targetId: request.params.id,
            before,
            after: { ...result, closedForDraw: before.status === 'aberta' },
          }),
      });
      if (outcome.kind === 'skipped')
        throw new AppError('CONFLICT', { message: roomEditMessages.drawSettled });
      await app.afterDraw(outcome);
      return {
        result: outcome.kind,
        sorteioId: outcome.kind === 'drawn' ? outcome.sorteioId : null,
        motivo: outcome.kind === 'pending' ? outcome.reason : null,
      };
    },
  );

  app.get(
    '/api/admin/rooms/:id/cancel-preview',
    {
      preValidation: permission('rooms.manage'),
      schema: {
        tags: ['admin'],
        summary: 'O que "Cancelar e reembolsar" fará: total e cada jogador afetado',
        params: roomIdParamsSchema,
        response: { 200: roomCancelPreviewSchema },
      },
    },
    async (request) => {
      await requirePermission(request, 'rooms.manage');
      return previewCancellation(db, request.params.id);
    },
  );

  app.post(
    '/api/admin/rooms/:id/cancel',
    {
      preValidation: permission('rooms.manage'),
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
        audit: (tx, before, refunds) =>
          writeAudit(tx, actorOf(staff, request), {
            action: 'room.cancel',
            targetType: 'room',
            targetId: before.id,
            before: roomSnapshot(before),
            // Each affected player's Saldo and Cashback before and after (issue 35: staff money
            // actions are audited with the balances they changed).
            after: {
              status: 'cancelada',
              total: refunds.reduce((acc, r) => acc + r.amount, 0),
              refunds,
            },
          }),
      });
      await app.afterDraw(outcome);
      return { refunded: outcome.refundedUserIds.length };
    },
  );
}
