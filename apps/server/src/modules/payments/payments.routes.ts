import { timingSafeEqual } from 'node:crypto';
import {
  createPixChargeInputSchema,
  paymentConfigSchema,
  formatBRL,
  participationChargeSchema,
  pixChargeSchema,
  topupInputSchema,
  txidParamsSchema,
  walletSchema,
  statementEntrySchema,
} from '@sorteio/shared';
import { and, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { participacoes, pixCharges, privateRooms, salas, user } from '../../db/schema';
import { requireUser } from '../../lib/authz';
import { addressKey } from '../../lib/client-key';
import { AppError } from '../../lib/errors';
import type { App } from '../../lib/fastify';
import type { Mailer } from '../mail/mail.service';
import { renderMail } from '../mail';
import { withdrawLimits } from '../settings/settings.service';
import { listStatement } from '../wallet/wallet.service';
import { walletOf } from '../wallet';
import type { PixProvider } from './pix-provider';
import {
  type ReceiveResult,
  createParticipationCharge,
  createTopupCharge,
  getChargeOf,
  receivePix,
  refreshCharge,
  toPixCharge,
} from './payments.service';
import type { SimulatorProvider } from './simulator';

/** Tells the payer when a PIX could not pay what it was for and went to their Saldo. */
export async function notifyReceipts(
  db: Db,
  mailer: Mailer,
  config: Config,
  results: ReceiveResult[],
) {
  for (const r of results) {
    if (!r.userId || !['late_payment', 'amount_mismatch'].includes(r.outcome)) continue;
    const [u] = await db.select({ email: user.email }).from(user).where(eq(user.id, r.userId));
    if (!u) continue;
    await mailer.send(
      renderMail({
        to: u.email,
        subject: 'Seu PIX foi creditado no saldo — Sorteio Certo',
        heading: 'Recebemos seu PIX',
        paragraphs: [
          r.outcome === 'late_payment'
            ? 'O pagamento chegou depois que a reserva da vaga terminou (ou a participação já estava paga). Nenhum valor foi perdido: ele foi creditado no seu Saldo.'
            : 'O valor do PIX foi diferente do valor da cobrança. Nenhum valor foi perdido: ele foi creditado no seu Saldo.',
          'Você pode usar o Saldo para entrar em outra sala ou sacar por PIX.',
        ],
        action: { label: 'Ver meu saldo', url: `${config.baseUrl}/cashback` },
      }),
    );
  }
}

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
      const [seat] = await db
        .select({
          numeroSorte: participacoes.numeroSorte,
          tipoSala: salas.tipoSala,
          salaId: salas.id,
          privateRoomId: privateRooms.id,
        })
        .from(participacoes)
        .innerJoin(salas, eq(salas.id, participacoes.salaId))
        .leftJoin(privateRooms, eq(privateRooms.salaId, salas.id))
        .where(
          and(eq(participacoes.id, request.query.participacaoId), eq(participacoes.userId, me.id)),
        )
        .limit(1);
      const [row] = await db
        .select()
        .from(pixCharges)
        .where(
          and(
            eq(pixCharges.participacaoId, request.query.participacaoId),
            eq(pixCharges.userId, me.id),
          ),
        )
        .orderBy(desc(pixCharges.createdAt))
        .limit(1);
      return { charge: row ? toPixCharge(row) : null, seat: seat ?? null };
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

  // Wallet.
  app.get(
    '/api/wallet',
    { schema: { tags: ['wallet'], summary: 'Saldo e Cashback', response: { 200: walletSchema } } },
    async (request) => {
      const me = await requireUser(request);
      const [wallet, limits] = await Promise.all([walletOf(db, me.id), withdrawLimits(db)]);
      return {
        ...wallet,
        cashbackBp: config.cashbackBp,
        withdrawMinCentavos: limits.min,
        withdrawMaxCentavos: limits.max,
      };
    },
  );
  app.get(
    '/api/wallet/statement',
    {
      schema: {
        tags: ['wallet'],
        summary: 'Extrato',
        response: { 200: z.array(statementEntrySchema) },
      },
    },
    async (request) => listStatement(db, (await requireUser(request)).id),
  );
  app.post(
    '/api/wallet/topup',
    {
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags: ['wallet'],
        summary: `Adicionar saldo por PIX (a partir de ${formatBRL(100)})`,
        body: topupInputSchema,
        response: { 200: pixChargeSchema },
      },
    },
    async (request) => {
      const me = await requireUser(request);
      return createTopupCharge({ db, config, provider, userId: me.id, amount: request.body.valor });
    },
  );
}
