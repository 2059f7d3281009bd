import {
  drawListQuerySchema,
  drawListSchema,
  drawProofSchema,
  drawSummarySchema,
  formatBRL,
  plural,
  roomIdParamsSchema,
  roomNameLabel,
  roomTypeLabel,
  withdrawInputSchema,
  withdrawalSchema,
} from '@sorteio/shared';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import {
  participacoes,
  payouts,
  privateRooms,
  profiles,
  salas,
  sorteios,
  user,
} from '../../db/schema';
import { requireUser } from '../../lib/authz';
import { AppError } from '../../lib/errors';
import type { App } from '../../lib/fastify';
import { sendCached } from '../../lib/public-cache';
import type { Mailer } from '../mail/mail.service';
import { renderMail } from '../mail';
import { getSetting, withdrawLimits } from '../settings/settings.service';
import { lockAccounts, lockedBalance, moneyTransaction } from '../wallet';
import {
  type DrawOutcome,
  createPayout,
  drawRecipients,
  findRoomDraw,
  getProof,
  listDraws,
} from './draws.service';
import { type PayoutEvent, playerPayoutReason } from './payouts.service';
import { getPublicRoom } from '../rooms/rooms.service';

/** The room's name as players read it, the winning number and each participant's own numbers. */
async function drawRoomFacts(db: Db, outcome: Extract<DrawOutcome, { kind: 'drawn' }>) {
  const [row] = await db
    .select({
      tipoSala: salas.tipoSala,
      roomName: privateRooms.roomName,
      customName: privateRooms.customName,
      winningNumber: sorteios.numeroVencedor,
    })
    .from(sorteios)
    .innerJoin(salas, eq(salas.id, sorteios.salaId))
    .leftJoin(privateRooms, eq(privateRooms.salaId, salas.id))
    .where(eq(sorteios.id, outcome.sorteioId));
  const seats = await db
    .select({ userId: participacoes.userId, numero: participacoes.numeroSorte })
    .from(participacoes)
    .where(
      and(
        eq(participacoes.salaId, outcome.salaId),
        eq(participacoes.statusPagamento, 'confirmado'),
      ),
    );
  const numbersOf = new Map<string, string[]>();
  for (const s of seats) numbersOf.set(s.userId, [...(numbersOf.get(s.userId) ?? []), s.numero]);
  const privateName = row?.customName || row?.roomName;
  return {
    name: privateName
      ? `sala privada “${roomNameLabel(privateName)}”`
      : `Sala ${roomTypeLabel(row?.tipoSala ?? '')}`,
    winningNumber: row?.winningNumber ?? '',
    numbersOf,
  };
}

/**
 * The draw-result e-mail: the room by name, whether this person won, the prize and where it went,
 * their own number against the winning one, and the link to the public proof.
 */
export function drawResultMail(input: {
  to: string;
  winner: boolean;
  roomName: string;
  luckyNumbers: string[];
  winningNumber: string;
  net: number;
  sentByPix: boolean;
  proofUrl: string;
}) {
  const prize = formatBRL(input.net);
  const yours =
    input.luckyNumbers.length > 0
      ? `Seu ${plural(input.luckyNumbers.length, 'número', 'números')}: ${input.luckyNumbers.join(', ')}. Número sorteado: ${input.winningNumber}.`
      : `Número sorteado: ${input.winningNumber}.`;
  const proof =
    'Qualquer pessoa pode refazer as contas do sorteio na página de verificação, com os dados publicados.';
  return renderMail({
    to: input.to,
    subject: input.winner
      ? `Você ganhou na ${input.roomName}! — Sorteio Certo`
      : `Resultado da ${input.roomName}: você não ganhou desta vez — Sorteio Certo`,
    heading: input.winner
      ? `Parabéns, você ganhou na ${input.roomName}!`
      : `Você não ganhou na ${input.roomName} desta vez`,
    paragraphs: input.winner
      ? [
          yours,
          `Seu prêmio líquido é de ${prize}.`,
          input.sentByPix
            ? 'Ele está sendo enviado por PIX para a chave cadastrada no seu perfil.'
            : 'Como não há chave PIX no seu perfil, o prêmio foi creditado no seu Saldo, de onde pode ser sacado.',
          proof,
        ]
      : [
          `O sorteio da ${input.roomName} foi realizado e o seu número não foi o sorteado.`,
          yours,
          `O prêmio de ${prize} foi para o número ${input.winningNumber}.`,
          proof,
        ],
    action: { label: 'Ver a prova do sorteio', url: input.proofUrl },
  });
}

/** E-mails after a draw: the winner and every participant, with the verification link. */
export async function notifyDraw(db: Db, mailer: Mailer, config: Config, outcome: DrawOutcome) {
  // The setting "Notificações por e-mail" (Config. > Notificações).
  if (!(await getSetting(db, 'notifications.email'))) return;
  if (outcome.kind === 'cancelled') {
    for (const id of outcome.refundedUserIds) {
      const [u] = await db.select({ email: user.email }).from(user).where(eq(user.id, id));
      if (!u) continue;
      await mailer.send(
        renderMail({
          to: u.email,
          subject: 'Sala cancelada e entrada reembolsada — Sorteio Certo',
          heading: 'Sua entrada foi reembolsada',
          paragraphs: [
            'A sala fechou com menos de dois participantes confirmados e foi cancelada.',
            'O valor da sua entrada voltou para o seu Saldo.',
          ],
          action: { label: 'Ver meu saldo', url: `${config.baseUrl}/cashback` },
        }),
      );
    }
    return outcome.refundedUserIds.length;
  }
  if (outcome.kind !== 'drawn') return 0;
  const link = `${config.baseUrl}/sorteios/${outcome.sorteioId}`;
  const recipients = await drawRecipients(db, outcome);
  const room = await drawRoomFacts(db, outcome);
  for (const r of recipients) {
    await mailer.send(
      drawResultMail({
        to: r.email,
        winner: r.winner,
        roomName: room.name,
        luckyNumbers: room.numbersOf.get(r.id) ?? [],
        winningNumber: room.winningNumber,
        net: outcome.net,
        sentByPix: outcome.payoutId !== null,
        proofUrl: link,
      }),
    );
  }
  return recipients.length;
}

export async function notifyPayout(db: Db, mailer: Mailer, config: Config, event: PayoutEvent) {
  if (event.result === 'retry') return;
  if (!(await getSetting(db, 'notifications.email'))) return;
  const [u] = await db.select({ email: user.email }).from(user).where(eq(user.id, event.userId));
  if (!u) return;
  const ok = event.result === 'confirmado';
  const what = event.kind === 'prize' ? 'prêmio' : 'saque';
  await mailer.send(
    renderMail({
      to: u.email,
      subject: ok
        ? `Seu ${what} foi pago por PIX — Sorteio Certo`
        : `Seu ${what} voltou para o saldo — Sorteio Certo`,
      heading: ok
        ? `${event.kind === 'prize' ? 'Prêmio' : 'Saque'} enviado`
        : `Não foi possível enviar o ${what}`,
      paragraphs: ok
        ? [`Enviamos ${formatBRL(event.amount)} por PIX para a sua chave.`]
        : [
            `O PIX de ${formatBRL(event.amount)} não foi concluído. O valor foi creditado no seu Saldo.`,
            'Confira a chave PIX no seu perfil e tente sacar novamente.',
          ],
      action: { label: 'Ver meu extrato', url: `${config.baseUrl}/cashback` },
    }),
  );
}

const roomDrawSchema = z.object({ draw: drawSummarySchema.nullable() });

/** `read`: the public draws and proofs may lag a second (the read standby when there is one). */
export function registerDrawRoutes(app: App, { db, read }: { db: Db; read: Db }) {
  app.get(
    '/api/draws',
    {
      schema: {
        tags: ['draws'],
        summary: 'Sorteios realizados (público, mais recentes primeiro)',
        querystring: drawListQuerySchema,
        response: { 200: drawListSchema },
      },
    },
    async (request, reply) =>
      sendCached(
        request,
        reply,
        await app.publicCache.get(
          'draws',
          `draws:${JSON.stringify(request.query)}`,
          drawListSchema,
          () => listDraws(read, request.query),
        ),
      ),
  );

  app.get(
    '/api/draws/:id/proof',
    {
      schema: {
        tags: ['draws'],
        summary: 'Prova verificável de um sorteio (público)',
        params: z.object({ id: z.uuid({ error: 'Sorteio não encontrado.' }) }),
        response: { 200: drawProofSchema },
      },
    },
    async (request, reply) =>
      sendCached(
        request,
        reply,
        await app.publicCache.get('draws', `proof:${request.params.id}`, drawProofSchema, () =>
          getProof(read, request.params.id),
        ),
      ),
  );

  app.get(
    '/api/rooms/:id/draw',
    {
      schema: {
        tags: ['draws'],
        summary: 'O sorteio de uma sala, quando já realizado (público)',
        params: roomIdParamsSchema,
        response: { 200: roomDrawSchema },
      },
    },
    async (request, reply) =>
      sendCached(
        request,
        reply,
        await app.publicCache.get(
          'rooms',
          `room-draw:${request.params.id}`,
          roomDrawSchema,
          async () => {
            await getPublicRoom(read, request.params.id);
            return { draw: await findRoomDraw(read, request.params.id) };
          },
        ),
      ),
  );

  app.post(
    '/api/wallet/withdraw',
    {
      config: { rateLimit: { max: 10, timeWindow: '10 minutes' } },
      schema: {
        tags: ['wallet'],
        summary: 'Sacar saldo por PIX para a própria chave',
        body: withdrawInputSchema,
        response: {
          200: z.object({ id: z.string(), status: z.string(), valor: z.number().int() }),
        },
      },
    },
    async (request) => {
      const me = await requireUser(request);
      const { min, max } = await withdrawLimits(db);
      const valor = request.body.valor;
      if (valor < min)
        throw new AppError('VALIDATION_ERROR', {
          message: `O valor mínimo de saque é ${formatBRL(min)}.`,
        });
      if (valor > max)
        throw new AppError('VALIDATION_ERROR', {
          message: `O valor máximo de saque é ${formatBRL(max)}.`,
        });
      const [profile] = await db.select().from(profiles).where(eq(profiles.id, me.id));
      if (!profile?.isVerified)
        throw new AppError('FORBIDDEN', {
          message: 'Verifique sua identidade antes de sacar.',
          reason: 'NOT_VERIFIED',
        });
      if (!profile.chavePix)
        throw new AppError('VALIDATION_ERROR', {
          message: 'Cadastre sua chave PIX no perfil antes de sacar.',
        });
      const id = await moneyTransaction(db, async (tx) => {
        const saldoRef = { kind: 'user_saldo', userId: me.id } as const;
        const saldo = lockedBalance(await lockAccounts(tx, [saldoRef]), saldoRef);
        if (saldo < valor)
          throw new AppError('BAD_REQUEST', {
            message: 'Saldo insuficiente para este saque. O Cashback não pode ser sacado.',
            reason: 'INSUFFICIENT_BALANCE',
          });
        return createPayout(tx, {
          kind: 'withdrawal',
          userId: me.id,
          amount: valor,
          pixKey: profile.chavePix!,
        });
      });
      return { id, status: 'pendente', valor };
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
      const rows = await db
        .select()
        .from(payouts)
        .where(and(eq(payouts.userId, me.id), eq(payouts.kind, 'withdrawal')));
      return rows
        .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
        .map((r) => ({
          id: r.id,
          valor: r.amount,
          status: r.status,
          createdAt: r.createdAt.toISOString(),
          lastError: playerPayoutReason(r),
        }));
    },
  );
}

declare module 'fastify' {
  interface FastifyInstance {
    afterDraw(outcome: DrawOutcome): Promise<void>;
    drawIfDue(salaId: string): Promise<void>;
  }
}
