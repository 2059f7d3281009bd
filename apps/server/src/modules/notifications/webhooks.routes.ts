/**
 * The SMS and WhatsApp providers' webhooks: Twilio status callbacks and incoming SMS; WhatsApp
 * Cloud handshake, statuses and incoming messages. Every POST is signature-checked against the raw
 * request.
 */
import { notificationMessages } from '@sorteio/shared';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../lib/errors';
import { hygieneMessages, jsonDepthExceeds } from '../../lib/input-hygiene';
import type { App } from '../../lib/fastify';
import { applyCampaignSmsStatus } from './campaign-sms';
import { applyReply, applyStatus } from './notifications.service';
import { mapTwilioStatus, verifyTwilioSignature } from './twilio';
import {
  mapWhatsAppStatus,
  readWhatsAppNotification,
  verifyWhatsAppSignature,
} from './whatsapp-cloud';

const badSignature = () =>
  new AppError('FORBIDDEN', { message: 'Assinatura inválida.', reason: 'BAD_SIGNATURE' });

const xmlEscape = (s: string) =>
  s.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c,
  );

const whatsappHandshakeQuery = z.object({
  'hub.mode': z.string().max(50).optional(),
  'hub.verify_token': z.string().max(500).optional(),
  'hub.challenge': z.string().max(200).optional(),
});

export function registerNotificationWebhooks(app: App, { db, config }: { db: Db; config: Config }) {
  // Provider webhooks: their own body parsers, so the signature is checked on what was sent.
  void app.register(async (hooks) => {
    const raw = new WeakMap<FastifyRequest, Buffer>();
    hooks.removeContentTypeParser('application/json');
    hooks.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer' },
      (request, body: Buffer, done) => {
        raw.set(request, body);
        const text = body.toString('utf8');
        // As the app's own parser: a deep structure exhausts the stack of whatever walks it.
        if (jsonDepthExceeds(text)) {
          done(
            new AppError('VALIDATION_ERROR', {
              message: hygieneMessages.depth,
              reason: 'TOO_DEEP',
            }),
            undefined,
          );
          return;
        }
        try {
          done(null, text.length ? (JSON.parse(text) as unknown) : {});
        } catch {
          done(new AppError('VALIDATION_ERROR', { message: 'JSON inválido.' }), undefined);
        }
      },
    );
    hooks.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body: string, done) => {
        done(null, Object.fromEntries(new URLSearchParams(body)));
      },
    );

    const twilio = config.notify.twilio;
    const twilioForm = (request: FastifyRequest) => {
      if (!twilio) throw notFound();
      const params = (request.body ?? {}) as Record<string, string>;
      if (typeof params !== 'object' || Array.isArray(params)) throw badSignature();
      // Twilio signs the URL it called: our public address and the path with its query.
      const url = `${config.baseUrl}${request.url}`;
      const header = request.headers['x-twilio-signature'];
      if (
        !verifyTwilioSignature(
          twilio.authToken,
          url,
          params,
          typeof header === 'string' ? header : undefined,
        )
      )
        throw badSignature();
      return params;
    };

    hooks.post(
      '/api/webhooks/twilio/status',
      { schema: { tags: ['webhooks'], summary: 'Twilio: status de entrega de SMS' } },
      async (request, reply) => {
        const params = twilioForm(request);
        const status = mapTwilioStatus(String(params.MessageStatus ?? ''));
        if (status && params.MessageSid) {
          const error = params.ErrorCode
            ? `Twilio ${params.ErrorCode}${params.ErrorMessage ? `: ${params.ErrorMessage}` : ''}`
            : null;
          // A transactional message, else a remarketing SMS (campaign_sms_messages).
          const at = new Date();
          if (!(await applyStatus(db, 'twilio', params.MessageSid, status, at, error)))
            await applyCampaignSmsStatus(db, params.MessageSid, status, at, error);
        }
        return reply.status(204).send();
      },
    );

    hooks.post(
      '/api/webhooks/twilio/inbound',
      {
        schema: { tags: ['webhooks'], summary: 'Twilio: SMS recebido (SAIR, PARAR, STOP, VOLTAR)' },
      },
      async (request, reply) => {
        const params = twilioForm(request);
        const done = await applyReply(
          db,
          'sms',
          String(params.From ?? ''),
          String(params.Body ?? ''),
        );
        const text =
          done === 'opt-out'
            ? notificationMessages.optedOutReply
            : done === 'opt-in'
              ? notificationMessages.optedInReply
              : null;
        return reply
          .type('text/xml; charset=utf-8')
          .send(
            `<?xml version="1.0" encoding="UTF-8"?><Response>${text ? `<Message>${xmlEscape(text)}</Message>` : ''}</Response>`,
          );
      },
    );

    const whatsapp = config.notify.whatsapp;
    hooks.get(
      '/api/webhooks/whatsapp',
      {
        schema: {
          tags: ['webhooks'],
          summary: 'WhatsApp Cloud: verificação do webhook',
          querystring: whatsappHandshakeQuery,
        },
      },
      async (request, reply) => {
        if (!whatsapp) throw notFound();
        const q = request.query as z.infer<typeof whatsappHandshakeQuery>;
        if (q['hub.mode'] !== 'subscribe' || q['hub.verify_token'] !== whatsapp.verifyToken)
          throw new AppError('FORBIDDEN', { message: 'Token de verificação inválido.' });
        return reply.type('text/plain; charset=utf-8').send(q['hub.challenge'] ?? '');
      },
    );

    hooks.post(
      '/api/webhooks/whatsapp',
      { schema: { tags: ['webhooks'], summary: 'WhatsApp Cloud: status e mensagens recebidas' } },
      async (request, reply) => {
        if (!whatsapp) throw notFound();
        const body = raw.get(request) ?? Buffer.alloc(0);
        const header = request.headers['x-hub-signature-256'];
        if (
          !verifyWhatsAppSignature(
            whatsapp.appSecret,
            body,
            typeof header === 'string' ? header : undefined,
          )
        )
          throw badSignature();
        const { statuses, messages } = readWhatsAppNotification(request.body);
        for (const s of statuses) {
          const status = mapWhatsAppStatus(s.status);
          if (!status) continue;
          const at =
            s.timestamp && /^\d+$/.test(s.timestamp)
              ? new Date(Number(s.timestamp) * 1000)
              : new Date();
          const error = s.errors?.[0]
            ? `WhatsApp ${s.errors[0].code ?? ''}: ${s.errors[0].title ?? s.errors[0].message ?? ''}`.trim()
            : null;
          await applyStatus(db, 'whatsapp-cloud', s.id, status, at, error);
        }
        for (const m of messages) {
          const text = m.text?.body ?? m.button?.text ?? m.button?.payload ?? '';
          await applyReply(db, 'whatsapp', m.from, text);
        }
        return reply.status(200).send({ ok: true });
      },
    );
  });
}
