/**
 * Contracts of the support centre (spec 000 sections 2, 3, 5, 7, 8): the chat (`ai-support`:
 * message plus the last 10 messages, answer in `response`) and the tickets answered by staff with
 * the support or attendant role.
 */
import { z } from 'zod';

export const SUPPORT_MESSAGE_MAX = 1000;
export const SUPPORT_HISTORY_MAX = 10;
export const TICKET_MESSAGE_MAX = 4000;
export const TICKET_SUBJECT_MAX = 120;
/** Chat conversations and closed tickets are kept this long, then removed (privacy policy). */
export const SUPPORT_RETENTION_DAYS = 180;

export const supportMessages = {
  empty: 'Digite sua mensagem.',
  tooLong: `A mensagem deve ter no máximo ${SUPPORT_MESSAGE_MAX} caracteres.`,
  ticketTooLong: `A mensagem deve ter no máximo ${TICKET_MESSAGE_MAX} caracteres.`,
  subjectTooLong: `O assunto deve ter no máximo ${TICKET_SUBJECT_MAX} caracteres.`,
  ticketClosed: 'Este atendimento já foi encerrado.',
  ticketNotFound: 'Atendimento não encontrado.',
  offlineTitle: 'Modo offline',
  offlineBody: 'Usando respostas básicas. Para melhor suporte, tente novamente.',
  thinking: 'Pensando...',
} as const;

const chatText = (max: number, tooLong: string) =>
  z
    .string({ error: supportMessages.empty })
    .trim()
    .min(1, { error: supportMessages.empty })
    .max(max, { error: tooLong });

/** One earlier message of the conversation, as the screen keeps it (spec 000 section 3). */
export const chatHistoryItemSchema = z.object({
  text: z.string().max(SUPPORT_MESSAGE_MAX * 4, { error: supportMessages.tooLong }),
  isUser: z.boolean(),
});
export type ChatHistoryItem = z.infer<typeof chatHistoryItemSchema>;

/** POST /api/support/chat and /api/support/chat/stream. */
export const supportChatInputSchema = z.object({
  message: chatText(SUPPORT_MESSAGE_MAX, supportMessages.tooLong),
  conversationHistory: z
    .array(chatHistoryItemSchema)
    .max(50, { error: 'Histórico grande demais.' })
    .default([])
    // Only the last 10 messages are ever used (spec 000 section 7).
    .transform((items) => items.slice(-SUPPORT_HISTORY_MAX)),
});
export type SupportChatInput = z.input<typeof supportChatInputSchema>;

export const supportSourceSchema = z.object({
  title: z.string(),
  /** A path of this site (/profile, /cashback ...). */
  href: z.string(),
});
export type SupportSource = z.infer<typeof supportSourceSchema>;

export const supportEngines = ['llm', 'offline', 'canned'] as const;
export type SupportEngine = (typeof supportEngines)[number];

export const supportChatResponseSchema = z.object({
  response: z.string(),
  sources: z.array(supportSourceSchema),
  engine: z.enum(supportEngines),
});
export type SupportChatResponse = z.infer<typeof supportChatResponseSchema>;

/** Lines of the streamed answer (application/x-ndjson): text as it is written, then the whole. */
export const supportStreamEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('delta'), text: z.string() }),
  z.object({ type: z.literal('done'), ...supportChatResponseSchema.shape }),
]);
export type SupportStreamEvent = z.infer<typeof supportStreamEventSchema>;

export const ticketStatuses = ['aberto', 'respondido', 'fechado'] as const;
export type TicketStatus = (typeof ticketStatuses)[number];
export const ticketStatusLabels: Record<TicketStatus, string> = {
  aberto: 'Aguardando atendente',
  respondido: 'Respondido',
  fechado: 'Encerrado',
};

/** POST /api/support/tickets: 'Falar com um atendente' with the conversation so far. */
export const createTicketInputSchema = z.object({
  subject: z
    .string()
    .trim()
    .max(TICKET_SUBJECT_MAX, { error: supportMessages.subjectTooLong })
    .optional(),
  message: chatText(TICKET_MESSAGE_MAX, supportMessages.ticketTooLong),
  conversation: z
    .array(chatHistoryItemSchema)
    .max(SUPPORT_HISTORY_MAX * 2)
    .default([]),
});
export type CreateTicketInput = z.input<typeof createTicketInputSchema>;

/** A reply in a ticket (player or staff). */
export const ticketReplyInputSchema = z.object({
  message: chatText(TICKET_MESSAGE_MAX, supportMessages.ticketTooLong),
});
export type TicketReplyInput = z.infer<typeof ticketReplyInputSchema>;

export const ticketMessageSchema = z.object({
  id: z.uuid(),
  author: z.enum(['player', 'staff', 'chat_user', 'chat_bot']),
  /** First name of the staff member for staff replies; null otherwise. */
  authorName: z.string().nullable(),
  body: z.string(),
  createdAt: z.string(),
});
export type TicketMessage = z.infer<typeof ticketMessageSchema>;

export const ticketSchema = z.object({
  id: z.uuid(),
  subject: z.string(),
  status: z.enum(ticketStatuses),
  createdAt: z.string(),
  updatedAt: z.string(),
  messages: z.array(ticketMessageSchema),
});
export type Ticket = z.infer<typeof ticketSchema>;

/** The staff queue adds who asked. */
export const staffTicketSchema = ticketSchema.extend({
  userId: z.string(),
  userEmail: z.string(),
  userName: z.string().nullable(),
});
export type StaffTicket = z.infer<typeof staffTicketSchema>;

export const staffTicketSummarySchema = staffTicketSchema.omit({ messages: true }).extend({
  lastMessage: z.string(),
  messageCount: z.number().int(),
});
export type StaffTicketSummary = z.infer<typeof staffTicketSummarySchema>;

export const listStaffTicketsQuerySchema = z.object({
  status: z.enum([...ticketStatuses, 'todos']).default('aberto'),
});

/**
 * The six canned answers of spec 000 section 8 (how to join, add balance, prizes credited,
 * withdraw by PIX, history, contact by WhatsApp), used when no engine can answer.
 */
export function cannedAnswers(whatsapp: string): string[] {
  return [
    'Para participar, abra "Participar", escolha uma sala aberta e pague a entrada por PIX ou com seu saldo. Você recebe seu número da sorte na hora.',
    'Para adicionar saldo, abra a página Cashback e gere um PIX de recarga. O valor entra no seu saldo assim que o pagamento é confirmado.',
    'Os prêmios são creditados automaticamente depois do sorteio: enviados por PIX para a chave do seu perfil ou, se não for possível, lançados no seu saldo.',
    'Para sacar, abra a página Cashback e peça o saque por PIX para a chave cadastrada no seu perfil.',
    'Seu histórico de participações, números da sorte e resultados fica na página Histórico.',
    `Se precisar de ajuda, fale com a nossa equipe pelo WhatsApp ${whatsapp}.`,
  ];
}

export function randomCannedAnswer(whatsapp: string, random: () => number = Math.random): string {
  const all = cannedAnswers(whatsapp);
  return all[Math.floor(random() * all.length)] ?? all[0]!;
}
