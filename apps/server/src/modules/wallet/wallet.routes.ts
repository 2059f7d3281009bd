import {
  formatBRL,
  idempotencyHeadersSchema,
  pixChargeSchema,
  statementEntrySchema,
  topupInputSchema,
  walletSchema,
  withdrawInputSchema,
  withdrawalSchema,
} from '@sorteio/shared';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { requireUser } from '../../lib/authz';
import type { App } from '../../lib/fastify';
import { sendIdempotent } from '../../lib/idempotency';
import type { PixProvider } from '../payments';
import {
  createTopup,
  getWallet,
  listStatement,
  listWithdrawals,
  requestWithdrawal,
} from './wallet.service';

/** Saldo and Cashback, the statement, adding Saldo by PIX and withdrawing it. */
export function registerWalletRoutes(
  app: App,
  { db, config, provider }: { db: Db; config: Config; provider: PixProvider | null },
) {
  app.get(
    '/api/wallet',
    { schema: { tags: ['wallet'], summary: 'Saldo e Cashback', response: { 200: walletSchema } } },
    async (request) => {
      const me = await requireUser(request);
      return getWallet({ db, config, userId: me.id });
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
        headers: idempotencyHeadersSchema,
        body: topupInputSchema,
        response: { 200: pixChargeSchema },
      },
    },
    async (request, reply) => {
      const me = await requireUser(request);
      return sendIdempotent(
        reply,
        await createTopup({
          db,
          config,
          provider,
          userId: me.id,
          amount: request.body.valor,
          idempotencyKey: request.headers['idempotency-key'],
        }),
      );
    },
  );

  app.post(
    '/api/wallet/withdraw',
    {
      config: { rateLimit: { max: 10, timeWindow: '10 minutes' } },
      schema: {
        tags: ['wallet'],
        summary: 'Sacar saldo por PIX para a própria chave',
        headers: idempotencyHeadersSchema,
        body: withdrawInputSchema,
        response: {
          200: z.object({ id: z.string(), status: z.string(), valor: z.number().int() }),
        },
      },
    },
    async (request, reply) => {
      const me = await requireUser(request);
      return sendIdempotent(
        reply,
        await requestWithdrawal({
          db,
          userId: me.id,
          amount: request.body.valor,
          idempotencyKey: request.headers['idempotency-key'],
        }),
      );
    },
  );

  app.get(
    '/api/wallet/withdrawals',
    {
      schema: {
        tags: ['wallet'],
        summary: 'Meus saques',
        response: { 200: z.array(withdrawalSchema) },
      },
    },
    async (request) => {
      const me = await requireUser(request);
      return listWithdrawals({ db, userId: me.id });
    },
  );
}
