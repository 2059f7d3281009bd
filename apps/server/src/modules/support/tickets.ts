/**
 * Support tickets: a player opens one (at most MAX_OPEN_TICKETS at once), both sides reply, staff
 * list, read and close them; every staff action is audited in its transaction.
 */
import {
  type CreateTicketInput,
  type StaffTicket,
  type StaffTicketSummary,
  type Ticket,
  type TicketStatus,
  createTicketInputSchema,
  supportMessages,
} from '@sorteio/shared';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { profiles, supportTicketMessages, supportTickets, user } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { Mailer } from '../mail/mail.service';
import { renderMail } from '../mail';

/** Open tickets a player may have at once (a queue flooded by one person serves nobody). */
export const MAX_OPEN_TICKETS = 5;

export const iso = (d: Date) => d.toISOString();

async function ticketMessages(db: Db, ticketIds: string[]) {
  if (ticketIds.length === 0) return new Map<string, Ticket['messages']>();
  const rows = await db
    .select()
    .from(supportTicketMessages)
    .where(inArray(supportTicketMessages.ticketId, ticketIds))
    .orderBy(asc(supportTicketMessages.createdAt), asc(supportTicketMessages.id));
  const map = new Map<string, Ticket['messages']>();
  for (const r of rows) {
    const list = map.get(r.ticketId) ?? [];
    list.push({
      id: r.id,
      author: r.author,
      authorName: r.author === 'staff' ? r.staffName : null,
      body: r.body,
      createdAt: iso(r.createdAt),
    });
    map.set(r.ticketId, list);
  }
  return map;
}

export async function createTicket(
  db: Db,
  userId: string,
  raw: CreateTicketInput,
): Promise<Ticket> {
  const input = createTicketInputSchema.parse(raw);
  const [open] = await db
    .select({ n: count() })
    .from(supportTickets)
    .where(
      and(
        eq(supportTickets.userId, userId),
        inArray(supportTickets.status, ['aberto', 'respondido']),
      ),
    );
  if ((open?.n ?? 0) >= MAX_OPEN_TICKETS)
    throw new AppError('CONFLICT', {
      message: `Você já tem ${MAX_OPEN_TICKETS} atendimentos em aberto. Aguarde a resposta da equipe ou encerre um deles.`,
    });
  const subject = input.subject || input.message.replace(/\s+/g, ' ').slice(0, 80);
  const id = await db.transaction(async (tx) => {
    const [ticket] = await tx
      .insert(supportTickets)
      .values({ userId, subject })
      .returning({ id: supportTickets.id });
    const now = Date.now();
    // The chat transcript first (its order kept by staggered times), then the request itself.
    const transcript = input.conversation.map((m, i) => ({
      ticketId: ticket!.id,
      author: m.isUser ? ('chat_user' as const) : ('chat_bot' as const),
      body: m.text.slice(0, 4000),
      createdAt: new Date(now - (input.conversation.length - i) * 10),
    }));
    if (transcript.length > 0) await tx.insert(supportTicketMessages).values(transcript);
    await tx.insert(supportTicketMessages).values({
      ticketId: ticket!.id,
      author: 'player',
      body: input.message,
      createdAt: new Date(now),
    });
    return ticket!.id;
  });
  return getPlayerTicket(db, userId, id);
}

/** A ticket as its player sees it, with its messages (`ticketMessages`); staff see more. */
const playerTicket = (
  t: typeof supportTickets.$inferSelect,
  messages: Map<string, Ticket['messages']>,
): Ticket => ({
  id: t.id,
  subject: t.subject,
  status: t.status,
  createdAt: iso(t.createdAt),
  updatedAt: iso(t.updatedAt),
  messages: messages.get(t.id) ?? [],
});

export async function getPlayerTicket(db: Db, userId: string, ticketId: string): Promise<Ticket> {
  const [t] = await db
    .select()
    .from(supportTickets)
    .where(and(eq(supportTickets.id, ticketId), eq(supportTickets.userId, userId)));
  if (!t) throw new AppError('NOT_FOUND', { message: supportMessages.ticketNotFound });
  const messages = await ticketMessages(db, [t.id]);
  return playerTicket(t, messages);
}

export async function listPlayerTickets(db: Db, userId: string): Promise<Ticket[]> {
  const rows = await db
    .select()
    .from(supportTickets)
    .where(eq(supportTickets.userId, userId))
    .orderBy(desc(supportTickets.updatedAt))
    .limit(20);
  const messages = await ticketMessages(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((t) => playerTicket(t, messages));
}

export async function replyAsPlayer(
  db: Db,
  userId: string,
  ticketId: string,
  body: string,
): Promise<Ticket> {
  const ticket = await getPlayerTicket(db, userId, ticketId);
  if (ticket.status === 'fechado')
    throw new AppError('CONFLICT', { message: supportMessages.ticketClosed });
  await db.transaction(async (tx) => {
    await tx.insert(supportTicketMessages).values({ ticketId, author: 'player', body });
    await tx
      .update(supportTickets)
      .set({ status: 'aberto', updatedAt: new Date() })
      .where(eq(supportTickets.id, ticketId));
  });
  return getPlayerTicket(db, userId, ticketId);
}

export async function listStaffTickets(
  db: Db,
  status: TicketStatus | 'todos',
): Promise<StaffTicketSummary[]> {
  const last = sql<string>`(select m.body from ${supportTicketMessages} m where m.ticket_id = ${supportTickets.id} order by m.created_at desc, m.id desc limit 1)`;
  const n = sql<number>`(select count(*)::int from ${supportTicketMessages} m where m.ticket_id = ${supportTickets.id})`;
  const rows = await db
    .select({
      id: supportTickets.id,
      subject: supportTickets.subject,
      status: supportTickets.status,
      createdAt: supportTickets.createdAt,
      updatedAt: supportTickets.updatedAt,
      userId: supportTickets.userId,
      userEmail: user.email,
      userName: profiles.nomeCompleto,
      lastMessage: last,
      messageCount: n,
    })
    .from(supportTickets)
    .innerJoin(user, eq(user.id, supportTickets.userId))
    .leftJoin(profiles, eq(profiles.id, supportTickets.userId))
    .where(status === 'todos' ? undefined : eq(supportTickets.status, status))
    // Oldest waiting first: the queue is served in order.
    .orderBy(status === 'aberto' ? asc(supportTickets.updatedAt) : desc(supportTickets.updatedAt))
    .limit(200);
  return rows.map((r) => ({
    ...r,
    createdAt: iso(r.createdAt),
    updatedAt: iso(r.updatedAt),
    lastMessage: r.lastMessage ?? '',
    messageCount: Number(r.messageCount),
  }));
}

export async function getStaffTicket(db: Db, ticketId: string): Promise<StaffTicket> {
  const [t] = await db
    .select({
      ticket: supportTickets,
      userEmail: user.email,
      userName: profiles.nomeCompleto,
    })
    .from(supportTickets)
    .innerJoin(user, eq(user.id, supportTickets.userId))
    .leftJoin(profiles, eq(profiles.id, supportTickets.userId))
    .where(eq(supportTickets.id, ticketId));
  if (!t) throw new AppError('NOT_FOUND', { message: supportMessages.ticketNotFound });
  const messages = await ticketMessages(db, [ticketId]);
  return {
    ...playerTicket(t.ticket, messages),
    userId: t.ticket.userId,
    userEmail: t.userEmail,
    userName: t.userName,
  };
}

export async function staffReply(options: {
  db: Db;
  mailer: Mailer;
  config: Config;
  staff: { id: string; name: string };
  ticketId: string;
  body: string;
  onChange: (tx: Parameters<Parameters<Db['transaction']>[0]>[0]) => Promise<void>;
}): Promise<StaffTicket> {
  const { db } = options;
  const ticket = await getStaffTicket(db, options.ticketId);
  if (ticket.status === 'fechado')
    throw new AppError('CONFLICT', { message: supportMessages.ticketClosed });
  await db.transaction(async (tx) => {
    await tx.insert(supportTicketMessages).values({
      ticketId: ticket.id,
      author: 'staff',
      staffId: options.staff.id,
      staffName: options.staff.name,
      body: options.body,
    });
    await tx
      .update(supportTickets)
      .set({ status: 'respondido', updatedAt: new Date() })
      .where(eq(supportTickets.id, ticket.id));
    await options.onChange(tx);
  });
  await options.mailer.send(
    renderMail({
      to: ticket.userEmail,
      subject: 'Sua solicitação de suporte foi respondida',
      heading: 'Respondemos sua solicitação',
      paragraphs: [
        `Assunto: ${ticket.subject}`,
        `${options.staff.name} respondeu: ${options.body}`,
        'Você pode ver a conversa e responder na Central de Suporte.',
      ],
      action: { label: 'Abrir a Central de Suporte', url: `${options.config.baseUrl}/support` },
    }),
  );
  return getStaffTicket(db, ticket.id);
}

export async function closeTicket(options: {
  db: Db;
  staffId: string;
  ticketId: string;
  onChange: (tx: Parameters<Parameters<Db['transaction']>[0]>[0]) => Promise<void>;
}): Promise<StaffTicket> {
  const ticket = await getStaffTicket(options.db, options.ticketId);
  if (ticket.status !== 'fechado') {
    await options.db.transaction(async (tx) => {
      const now = new Date();
      await tx
        .update(supportTickets)
        .set({ status: 'fechado', closedBy: options.staffId, closedAt: now, updatedAt: now })
        .where(eq(supportTickets.id, ticket.id));
      await options.onChange(tx);
    });
  }
  return getStaffTicket(options.db, ticket.id);
}
