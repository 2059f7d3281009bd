/**
 * The support centre's routes: the chat (JSON and streamed), the player's tickets, and the staff
 * queue (permission 'support.tickets': admin, support and attendant).
 */
import { Readable } from 'node:stream';
import {
  type SupportStreamEvent,
  createTicketInputSchema,
  listStaffTicketsQuerySchema,
  staffTicketSchema,
  staffTicketSummarySchema,
  supportChatInputSchema,
  supportChatResponseSchema,
  supportMessages,
  ticketReplyInputSchema,
  ticketSchema,
  countOf,
} from '@sorteio/shared';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { profiles } from '../../db/schema';
import { getSessionUser, requirePermission, requireUser } from '../../lib/authz';
import { permission } from '../../lib/route-permission';
import { addressKey, clientKey } from '../../lib/client-key';
import { AppError } from '../../lib/errors';
import type { App } from '../../lib/fastify';
import { firstName } from '../../lib/names';
import { createWindowCounter } from '../../lib/window-counter';
import { actorOf, writeAudit } from '../audit/audit.service';
import type { Mailer } from '../mail/mail.service';
import {
  closeTicket,
  createSupport,
  createTicket,
  getStaffTicket,
  listPlayerTickets,
  listStaffTickets,
  replyAsPlayer,
  staffReply,
} from './support.service';

const ticketParams = z.object({ id: z.uuid({ error: supportMessages.ticketNotFound }) });

export function registerSupportRoutes(
  app: App,
  { db, config, mailer }: { db: Db; config: Config; mailer: Mailer },
) {
  const support = createSupport({ db, config, log: app.log });
  // Per session (the account when signed in, the address otherwise) through the route's limit,
  // and per address for everyone: several accounts behind one address share a wider bound.
  const chatLimit = {
    rateLimit: { max: config.rateLimitSupportMax, timeWindow: '1 minute', keyGenerator: clientKey },
  };
  const perAddress = createWindowCounter({ max: config.rateLimitSupportMax * 5, windowMs: 60_000 });
  const checkAddress = (request: FastifyRequest) => {
    const { allowed, retryAfterMs } = perAddress.hit(addressKey(request));
    if (!allowed)
      throw new AppError('RATE_LIMITED', {
        message: `Muitas mensagens deste endereço. Tente novamente em ${countOf(Math.ceil(retryAfterMs / 1000), 'segundo', 'segundos')}.`,
        retryAfterSeconds: Math.ceil(retryAfterMs / 1000),
      });
  };

  app.post(
    '/api/support/chat',
    {
      config: chatLimit,
      schema: {
        tags: ['support'],
        summary: 'Perguntar ao suporte (resposta inteira)',
        body: supportChatInputSchema,
        response: { 200: supportChatResponseSchema },
      },
    },
    async (request) => {
      checkAddress(request);
      const me = await getSessionUser(request);
      let done: Extract<SupportStreamEvent, { type: 'done' }> | null = null;
      for await (const event of support.chat({
        userId: me?.id ?? null,
        message: request.body.message,
        history: request.body.conversationHistory,
      }))
        if (event.type === 'done') done = event;
      return { response: done!.response, sources: done!.sources, engine: done!.engine };
    },
  );

  app.post(
    '/api/support/chat/stream',
    {
      config: chatLimit,
      schema: {
        tags: ['support'],
        summary: 'Perguntar ao suporte (resposta em partes, NDJSON)',
        body: supportChatInputSchema,
      },
    },
    async (request, reply) => {
      checkAddress(request);
      const me = await getSessionUser(request);
      const events = support.chat({
        userId: me?.id ?? null,
        message: request.body.message,
        history: request.body.conversationHistory,
      });
      const lines = async function* () {
        for await (const event of events) yield `${JSON.stringify(event)}\n`;
      };
      return reply
        .type('application/x-ndjson; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('x-accel-buffering', 'no')
        .send(Readable.from(lines()));
    },
  );

  app.get(
    '/api/support/tickets',
    {
      schema: {
        tags: ['support'],
        summary: 'Meus atendimentos',
        response: { 200: z.array(ticketSchema) },
      },
    },
    async (request) => listPlayerTickets(db, (await requireUser(request)).id),
  );

  app.post(
    '/api/support/tickets',
    {
      config: { rateLimit: { max: 5, timeWindow: '10 minutes', keyGenerator: clientKey } },
      schema: {
        tags: ['support'],
        summary: 'Falar com um atendente (abre um atendimento com a conversa)',
        body: createTicketInputSchema,
        response: { 200: ticketSchema },
      },
    },
    async (request) => createTicket(db, (await requireUser(request)).id, request.body),
  );

  app.post(
    '/api/support/tickets/:id/messages',
    {
      config: { rateLimit: { max: 20, timeWindow: '10 minutes', keyGenerator: clientKey } },
      schema: {
        tags: ['support'],
        summary: 'Responder num atendimento',
        params: ticketParams,
        body: ticketReplyInputSchema,
        response: { 200: ticketSchema },
      },
    },
    async (request) =>
      replyAsPlayer(db, (await requireUser(request)).id, request.params.id, request.body.message),
  );

  // The staff queue.
  app.get(
    '/api/admin/support/tickets',
    {
      preValidation: permission('support.tickets'),
      schema: {
        tags: ['admin'],
        summary: 'Fila de atendimentos',
        querystring: listStaffTicketsQuerySchema,
        response: { 200: z.array(staffTicketSummarySchema) },
      },
    },
    async (request) => {
      await requirePermission(request, 'support.tickets');
      return listStaffTickets(db, request.query.status);
    },
  );

  app.get(
    '/api/admin/support/tickets/:id',
    {
      preValidation: permission('support.tickets'),
      schema: {
        tags: ['admin'],
        summary: 'Um atendimento com a conversa',
        params: ticketParams,
        response: { 200: staffTicketSchema },
      },
    },
    async (request) => {
      await requirePermission(request, 'support.tickets');
      return getStaffTicket(db, request.params.id);
    },
  );

  app.post(
    '/api/admin/support/tickets/:id/reply',
    {
      preValidation: permission('support.tickets'),
      schema: {
        tags: ['admin'],
        summary: 'Responder ao jogador (também por e-mail)',
        params: ticketParams,
        body: ticketReplyInputSchema,
        response: { 200: staffTicketSchema },
      },
    },
    async (request) => {
      const staff = await requirePermission(request, 'support.tickets');
      const [profile] = await db
        .select({ nome: profiles.nomeCompleto })
        .from(profiles)
        .where(eq(profiles.id, staff.id));
      const name = firstName(profile?.nome ?? staff.name, 'Equipe');
      return staffReply({
        db,
        mailer,
        config,
        staff: { id: staff.id, name },
        ticketId: request.params.id,
        body: request.body.message,
        onChange: (tx) =>
          writeAudit(tx, actorOf(staff, request), {
            action: 'support.reply',
            targetType: 'support_ticket',
            targetId: request.params.id,
          }),
      });
    },
  );

  app.post(
    '/api/admin/support/tickets/:id/close',
    {
      preValidation: permission('support.tickets'),
      schema: {
        tags: ['admin'],
        summary: 'Encerrar atendimento',
        params: ticketParams,
        response: { 200: staffTicketSchema },
      },
    },
    async (request) => {
      const staff = await requirePermission(request, 'support.tickets');
      return closeTicket({
        db,
        staffId: staff.id,
        ticketId: request.params.id,
        onChange: (tx) =>
          writeAudit(tx, actorOf(staff, request), {
            action: 'support.close',
            targetType: 'support_ticket',
            targetId: request.params.id,
          }),
      });
    },
  );

  return support;
}
