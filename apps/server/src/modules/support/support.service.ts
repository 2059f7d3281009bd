/**
 * The support centre: the chat (LLM when configured, otherwise the offline engine, and the spec's
 * canned answers when both fail), its log for signed-in players, the tickets, and retention.
 */
import {
  type ChatHistoryItem,
  SUPPORT_RETENTION_DAYS,
  type SupportSource,
  type SupportStreamEvent,
  randomCannedAnswer,
} from '@sorteio/shared';
import { and, asc, eq, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { supportChatLog, supportTickets } from '../../db/schema';
import { getSetting } from '../settings/settings.service';
import { describeFacts, loadAccountFacts } from './account-facts';
import { buildKnowledgeBase } from './knowledge-base';
import { type LlmEngine, createLlmEngine } from './llm-engine';
import { type KnowledgeIndex, answerOffline, createKnowledgeIndex } from './offline-engine';

import { iso, listPlayerTickets } from './tickets';

export {
  MAX_OPEN_TICKETS,
  closeTicket,
  createTicket,
  getPlayerTicket,
  getStaffTicket,
  listPlayerTickets,
  listStaffTickets,
  replyAsPlayer,
  staffReply,
} from './tickets';

export interface SupportDeps {
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
}

export function createSupport({ db, config, log }: SupportDeps) {
  const llm: LlmEngine | null = config.ai
    ? createLlmEngine({
        baseUrl: config.ai.baseUrl,
        apiKey: config.ai.apiKey,
        model: config.ai.model,
        firstTokenTimeoutMs: config.ai.firstTokenTimeoutMs,
        totalTimeoutMs: config.ai.timeoutMs,
      })
    : null;

  // The index is rebuilt when a setting it quotes changes (cheap: a few dozen passages).
  let cached: { key: string; index: KnowledgeIndex } | null = null;
  async function knowledgeIndex(): Promise<KnowledgeIndex> {
    const [min, max, feeBp, publicFeeBp] = await Promise.all([
      getSetting(db, 'withdraw.minCentavos'),
      getSetting(db, 'withdraw.maxCentavos'),
      getSetting(db, 'privateRooms.feeBp'),
      getSetting(db, 'fees.platformFeeBp'),
    ]);
    const key = `${min}:${max}:${feeBp}:${publicFeeBp}`;
    if (cached?.key !== key) {
      cached = {
        key,
        index: createKnowledgeIndex(
          buildKnowledgeBase({
            withdrawMinCentavos: min,
            withdrawMaxCentavos: max,
            cashbackPercent: config.cashbackBp / 100,
            privateRoomFeePercent: feeBp / 100,
            publicRoomFeeBp: publicFeeBp,
            supportEmail: config.supportEmail,
            supportWhatsapp: config.supportWhatsapp,
            pixChargeMinutes: Math.round(config.pix.chargeExpirySeconds / 60),
            operator: config.operator,
          }),
        ),
      };
    }
    return cached.index;
  }

  /** The answer as a stream of events: pieces of text, then the whole answer with its sources. */
  async function* chat(options: {
    userId: string | null;
    message: string;
    history: ChatHistoryItem[];
  }): AsyncGenerator<SupportStreamEvent> {
    let done: Extract<SupportStreamEvent, { type: 'done' }>;
    try {
      const index = await knowledgeIndex();
      const facts = options.userId ? await loadAccountFacts(db, options.userId) : null;
      const offline = () =>
        answerOffline({ message: options.message, history: options.history, index, facts });
      let answer: { response: string; sources: SupportSource[]; engine: 'llm' | 'offline' } | null =
        null;
      if (llm) {
        const passages = index.search(options.message, 4);
        const described = facts ? describeFacts(facts) : null;
        let text = '';
        try {
          for await (const piece of llm.stream({
            message: options.message,
            history: options.history,
            grounding: {
              passages,
              accountFacts: described ? Object.values(described).join('\n') : null,
            },
          })) {
            text += piece;
            yield { type: 'delta', text: piece };
          }
          if (text.trim())
            answer = {
              response: text.trim(),
              sources: passages.map((p) => ({ title: p.title, href: p.href })),
              engine: 'llm',
            };
        } catch (error) {
          log.warn({ err: error }, 'support model failed; answering offline');
        }
      }
      if (!answer) {
        const o = offline();
        answer = { response: o.response, sources: o.sources, engine: 'offline' };
        yield { type: 'delta', text: o.response };
      }
      done = { type: 'done', ...answer };
    } catch (error) {
      log.error({ err: error }, 'support chat failed; canned answer');
      const response = randomCannedAnswer(config.supportWhatsapp);
      yield { type: 'delta', text: response };
      done = { type: 'done', response, sources: [], engine: 'canned' };
    }
    if (options.userId) {
      await db
        .insert(supportChatLog)
        .values({
          userId: options.userId,
          question: options.message,
          answer: done.response,
          engine: done.engine,
        })
        .catch((error: unknown) => log.warn({ err: error }, 'support chat not logged'));
    }
    yield done;
  }

  return { chat, knowledgeIndex, hasModel: llm !== null };
}

export type Support = ReturnType<typeof createSupport>;

// ---------------------------------------------------------------------------------------------
// Privacy: retention, export, deletion

/** Removes chat logs and closed tickets older than the retention period. */
export async function purgeExpiredSupportData(db: Db, now: Date = new Date()) {
  const limit = new Date(now.getTime() - SUPPORT_RETENTION_DAYS * 86_400_000);
  const chats = await db
    .delete(supportChatLog)
    .where(lt(supportChatLog.createdAt, limit))
    .returning({ id: supportChatLog.id });
  const tickets = await db
    .delete(supportTickets)
    .where(and(eq(supportTickets.status, 'fechado'), lt(supportTickets.closedAt, limit)))
    .returning({ id: supportTickets.id });
  return { chats: chats.length, tickets: tickets.length };
}

/** The person's support data for the LGPD export. */
export async function exportSupportData(db: Db, userId: string) {
  const chats = await db
    .select()
    .from(supportChatLog)
    .where(eq(supportChatLog.userId, userId))
    .orderBy(asc(supportChatLog.createdAt));
  const tickets = await listPlayerTickets(db, userId);
  return {
    conversasDoSuporte: chats.map((c) => ({
      pergunta: c.question,
      resposta: c.answer,
      data: iso(c.createdAt),
    })),
    atendimentos: tickets.map((t) => ({
      assunto: t.subject,
      situacao: t.status,
      criadoEm: t.createdAt,
      mensagens: t.messages.map((m) => ({ autor: m.author, texto: m.body, data: m.createdAt })),
    })),
  };
}

/** Account deletion removes every support record of the person (messages go with the ticket). */
export async function deleteSupportData(
  db: Parameters<Parameters<Db['transaction']>[0]>[0] | Db,
  userId: string,
) {
  await db.delete(supportChatLog).where(eq(supportChatLog.userId, userId));
  await db.delete(supportTickets).where(eq(supportTickets.userId, userId));
}
