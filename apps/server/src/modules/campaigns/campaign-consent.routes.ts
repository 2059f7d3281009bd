/**
 * The players' side of campaign mail: their marketing consent (LGPD) and the public tracking links
 * of campaign mail (open pixel, click redirect, unsubscribe).
 */
import { integrationMessages } from '@sorteio/shared';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { requireUser } from '../../lib/authz';
import type { App } from '../../lib/fastify';
import {
  getMarketingConsent,
  setMarketingConsent,
  trackClick,
  trackOpen,
  unsubscribe,
} from './campaigns.service';

const tokenParams = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{20,40}$/) });

/** 1x1 transparent GIF. */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

const page = (title: string, body: string) => `<!doctype html><html lang="pt-BR"><head>
<meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${title}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;max-width:480px;margin:48px auto;padding:0 16px;color:#1a2b23">
<h1 style="font-size:22px">${title}</h1>${body}</body></html>`;

export function registerCampaignConsentRoutes(app: App, deps: { db: Db; config: Config }) {
  const { db, config } = deps;

  app.get(
    '/api/profile/marketing-consent',
    {
      schema: {
        tags: ['profile'],
        summary: 'Aceite de e-mails de campanhas (LGPD)',
        response: { 200: z.object({ accepted: z.boolean() }) },
      },
    },
    async (request) => ({
      accepted: await getMarketingConsent(db, (await requireUser(request)).id),
    }),
  );

  app.put(
    '/api/profile/marketing-consent',
    {
      schema: {
        tags: ['profile'],
        summary: 'Aceitar ou recusar e-mails de campanhas',
        body: z.object({ accepted: z.boolean() }),
        response: { 200: z.object({ accepted: z.boolean() }) },
      },
    },
    async (request) => {
      const me = await requireUser(request);
      await setMarketingConsent(db, me.id, request.body.accepted);
      return { accepted: request.body.accepted };
    },
  );

  // Public tracking links (no sign-in): they only ever touch the row their random token names.
  app.get(
    '/api/r/o/:token.gif',
    { schema: { hide: true, params: tokenParams } },
    async (request, reply) => {
      await trackOpen(db, request.params.token);
      return reply
        .header('content-type', 'image/gif')
        .header('cache-control', 'no-store')
        .send(PIXEL);
    },
  );

  app.get(
    '/api/r/c/:token',
    { schema: { hide: true, params: tokenParams } },
    async (request, reply) => {
      await trackClick(db, request.params.token);
      // Always to the site itself: never an open redirect.
      return reply.redirect(`${config.baseUrl.replace(/\/+$/, '')}/dashboard`, 302);
    },
  );

  app.get(
    '/api/r/u/:token',
    { schema: { hide: true, params: tokenParams } },
    async (request, reply) => {
      const action = `/api/r/u/${request.params.token}`;
      return reply.header('content-type', 'text/html; charset=utf-8').send(
        page(
          'Cancelar inscrição',
          `<p>Deseja deixar de receber e-mails de campanhas?</p>
<form method="post" action="${action}"><button type="submit" style="background:#047857;color:#fff;border:0;padding:12px 20px;border-radius:8px;font-weight:bold">Cancelar inscrição</button></form>`,
        ),
      );
    },
  );

  app.post(
    '/api/r/u/:token',
    { schema: { hide: true, params: tokenParams } },
    async (request, reply) => {
      const ok = await unsubscribe(db, request.params.token);
      return reply
        .status(ok ? 200 : 404)
        .header('content-type', 'text/html; charset=utf-8')
        .send(
          ok
            ? page('Inscrição cancelada', `<p>${integrationMessages.unsubscribed}</p>`)
            : page('Link inválido', '<p>Este link de cancelamento não é válido.</p>'),
        );
    },
  );
}
