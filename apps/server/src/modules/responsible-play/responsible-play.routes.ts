import {
  responsiblePlayMessages,
  responsiblePlaySchema,
  selfExcludeInputSchema,
  setPlayLimitInputSchema,
  setReminderInputSchema,
} from '@sorteio/shared';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { requireUser } from '../../lib/authz';
import type { App } from '../../lib/fastify';
import {
  getResponsiblePlay,
  selfExclude,
  setPlayLimit,
  setReminder,
} from './responsible-play.service';

const messageSchema = z.object({ message: z.string(), pending: z.boolean() });

export function registerResponsiblePlayRoutes(app: App, { db }: { db: Db }) {
  app.get(
    '/api/responsible-play',
    {
      schema: {
        tags: ['responsible-play'],
        summary: 'Meus limites, autoexclusão e números',
        response: { 200: responsiblePlaySchema },
      },
    },
    async (request) => getResponsiblePlay(db, (await requireUser(request)).id),
  );

  app.put(
    '/api/responsible-play/limits',
    {
      config: { rateLimit: { max: 30, timeWindow: '10 minutes' } },
      schema: {
        tags: ['responsible-play'],
        summary: 'Definir um limite de depósito ou de gastos',
        body: setPlayLimitInputSchema,
        response: { 200: messageSchema },
      },
    },
    async (request) => {
      const me = await requireUser(request);
      const { pending } = await setPlayLimit(db, me.id, request.body);
      return {
        pending,
        message: pending
          ? responsiblePlayMessages.limitRaised
          : responsiblePlayMessages.limitLowered,
      };
    },
  );

  app.post(
    '/api/responsible-play/self-exclusion',
    {
      config: { rateLimit: { max: 5, timeWindow: '10 minutes' } },
      schema: {
        tags: ['responsible-play'],
        summary: 'Autoexclusão (imediata, sem volta antes do prazo)',
        body: selfExcludeInputSchema,
        response: { 200: responsiblePlaySchema },
      },
    },
    async (request) => {
      const me = await requireUser(request);
      await selfExclude(db, me.id, request.body.period);
      return getResponsiblePlay(db, me.id);
    },
  );

  app.put(
    '/api/responsible-play/reminder',
    {
      schema: {
        tags: ['responsible-play'],
        summary: 'Lembrete de tempo no site',
        body: setReminderInputSchema,
        response: { 200: z.object({ reminderMinutes: z.number().int() }) },
      },
    },
    async (request) => {
      const me = await requireUser(request);
      await setReminder(db, me.id, request.body.minutes);
      return { reminderMinutes: request.body.minutes };
    },
  );
}
