import { timingSafeEqual } from 'node:crypto';
import {
  createPixChargeInputSchema,
  paymentConfigSchema,
  participationChargeSchema,
  pixChargeSchema,
  txidParamsSchema,
} from '@sorteio/shared';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { requireUser } from '../../lib/authz';
import { addressKey } from '../../lib/client-key';
import { AppError } from '../../lib/errors';
import type { App } from '../../lib/fastify';
import type { Mailer } from '../mail/mail.service';
import type { PixProvider } from './pix-provider';
import {
  type ReceiveResult,
  createParticipationCharge,
  findParticipationCharge,
  getChargeOf,
  notifyReceipts,
  receivePix,
  refreshCharge,
  toPixCharge,
} from './payments.service';
import type { SimulatorProvider } from './simulator';

// buildApp imports the receipt notice from here; it lives in the service.

export function registerPaymentRoutes(
  app: App,
  {
    db,
    config,
    provider,
    mailer,
  }: { db: Db; config: Config; provider: PixProvider | null; mailer: Mailer },
) {
  const afterReceive = async (results: ReceiveResult[]) => {
    await notifyReceipts(db, mailer, config, results);
    app.events.emit('pix', results);
    for (const r of results) if (r.roomClosed && r.salaId) await app.drawIfDue(r.salaId);
  };

  app.get(
    '/api/payments/config',
    {
      schema: {
        tags: ['payments'],
        summary: 'check_config',
        response: {
          200: paymentConfigSchema,
        },
      },
    },
    async () => ({
      configured: provider !== null,
      provider: provider?.kind ?? config.pixProvider,
    }),
  );

  app.get(
    '/api/payments/pix',
    {
      schema: {
        tags: ['payments'],
        summary: 'Cobrança mais recente de uma participação',
        querystring: createPixChargeInputSchema,
        response: { 200: participationChargeSchema },
      },
    },
    async (request) => {
      const me = await requireUser(request);
      return findParticipationCharge({
        db,
        userId: me.id,
        participacaoId: request.query.participacaoId,
      });
    },
  );

  app.post(
    '/api/payments/pix',
    {
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags: ['payments'],
        summary: 'generate_payment',
        body: createPixChargeInputSchema,
        response: { 200: pixChargeSchema },
      },
    },
    async (request) => {
      const me = await requireUser(request);
      return createParticipationCharge({
        db,
        config,
        provider,
        userId: me.id,
        participacaoId: request.body.participacaoId,
      });
    },
  );

  app.get(
    '/api/payments/pix/:txid',
    {
      schema: {
        tags: ['payments'],
        summary: 'check_status',
        params: txidParamsSchema,
        response: { 200: pixChargeSchema },
      },
    },
    async (request) => {
      const me = await requireUser(request);
      const row = await getChargeOf(db, me.id, request.params.txid);
      if (row.status === 'ATIVA') {
        try {
          await afterReceive(await refreshCharge({ db, config, provider, txid: row.txid }));
        } catch (error) {
          request.log.warn({ err: error, txid: row.txid }, 'provider status query failed');
        }
      }
      return toPixCharge(await getChargeOf(db, me.id, request.params.txid));
    },
  );

  // "Simular pagamento": only with the simulator; pays through the same webhook route as a provider.
  if (provider?.kind === 'simulator') {
    const simulator = provider as SimulatorProvider;
    app.post(
      '/api/payments/pix/:txid/simulate',
      {
        schema: {
          tags: ['payments'],
          summary: 'Simular pagamento (somente no simulador)',
          params: txidParamsSchema,
          response: { 200: z.object({ ok: z.boolean() }) },
        },
      },
      async (request) => {
        const me = await requireUser(request);
        // A stored EFI configuration may have replaced the simulator since the start.
        if (provider.kind !== 'simulator') throw new AppError('NOT_FOUND');
        const row = await getChargeOf(db, me.id, request.params.txid);
        if (row.status !== 'ATIVA' || row.expiresAt.getTime() <= Date.now()) {
          throw new AppError('CONFLICT', {
            message: 'Esta cobrança não está mais aguardando pagamento.',
          });
        }
        const body = simulator.pay(row.txid);
        const res = await app.inject({
          method: 'POST',
          url: `/api/webhooks/pix/${config.pix.webhookSecret}/pix`,
          payload: body,
        });
        if (res.statusCode !== 200)
          throw new AppError('INTERNAL', {
            message: 'O simulador não conseguiu entregar o pagamento.',
          });
        return { ok: true };
      },
    );
  }

  // The provider's webhook (EFI appends /pix to the registered URL). The secret in the path
  // authenticates it; behind a TLS-terminating proxy the mTLS result can also be required.
  const webhookSecret = Buffer.from(config.pix.webhookSecret);
  const webhookHandler = async (request: {
    params: { secret: string };
    body: unknown;
    headers: Record<string, unknown>;
  }) => {
    const given = Buffer.from(request.params.secret);
    if (given.length !== webhookSecret.length || !timingSafeEqual(given, webhookSecret))
      throw new AppError('NOT_FOUND');
    if (config.pix.webhookMtlsHeader && request.headers[config.pix.webhookMtlsHeader] !== 'SUCCESS')
      throw new AppError('FORBIDDEN');
    if (!provider) throw new AppError('SERVICE_UNAVAILABLE', { message: 'PIX não configurado.' });
    let received;
    try {
      received = provider.parseWebhook(request.body);
    } catch {
      throw new AppError('BAD_REQUEST', { message: 'Notificação PIX inválida.' });
    }
    const results: ReceiveResult[] = [];
    for (const pix of received) results.push(await receivePix({ db, config, pix }));
    await afterReceive(results);
    return { received: results.length };
  };
  // The provider posts batches of received PIX: a larger body than the rest of the API.
  const webhookOptions = {
    bodyLimit: 1024 * 1024,
    config: { rateLimit: { max: 600, timeWindow: '1 minute', keyGenerator: addressKey } },
    schema: { hide: true, params: z.object({ secret: z.string().max(100) }) },
  };
  app.post('/api/webhooks/pix/:secret/pix', webhookOptions, webhookHandler);
  // EFI checks the URL itself when the webhook is registered.
  app.post('/api/webhooks/pix/:secret', webhookOptions, webhookHandler);
}
