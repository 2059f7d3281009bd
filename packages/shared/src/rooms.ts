/** Contracts of public rooms (salas), participations and the dashboard. Amounts in centavos. */
import { z } from 'zod';

/** Public room types an administrator creates; 'privada' backs a private room. */
export const publicRoomTypes = [
  'bronze',
  'prata',
  'ouro',
  'platina',
  'premium',
  'master',
  'vip_ultra',
] as const;
export const roomTypes = [...publicRoomTypes, 'privada'] as const;
export const roomTypeSchema = z.enum(roomTypes);
export type RoomType = z.infer<typeof roomTypeSchema>;
export const roomStatuses = [
  'aberta',
  'fechada',
  'sorteando',
  'sorteada',
  'finalizada',
  'cancelada',
] as const;
export const roomStatusSchema = z.enum(roomStatuses);
export type RoomStatus = z.infer<typeof roomStatusSchema>;

export const roomSchema = z.object({
  id: z.uuid(),
  tipoSala: roomTypeSchema,
  status: roomStatusSchema,
  participantesAtual: z.number().int(),
  maxParticipantes: z.number().int(),
  valorEntrada: z.number().int(),
  premioBruto: z.number().int(),
  taxaPlataforma: z.number().int(),
  premioLiquido: z.number().int(),
  /** Fee in basis points (2000 = 20 %). */
  taxaPersonalizadaBp: z.number().int(),
  sorteioAutomatico: z.boolean(),
  temLimitePessoas: z.boolean(),
  dataSorteio: z.string().nullable(),
  /** Draw protocol v1: hex SHA-256 of the secret seed, published before anyone joins. */
  commitment: z.string(),
  commitmentPublishedAt: z.string(),
  createdAt: z.string(),
});
export type Room = z.infer<typeof roomSchema>;

export const roomIdParamsSchema = z.object({ id: z.uuid({ error: 'Sala não encontrada' }) });

export const paymentMethods = ['pix', 'balance'] as const;
export const paymentMethodSchema = z.enum(paymentMethods, {
  error: 'Escolha a forma de pagamento.',
});
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;
/** How screens and exports name a payment method (never the code). */
export const paymentMethodLabels: Record<PaymentMethod, string> = { pix: 'PIX', balance: 'Saldo' };

export const participationStatuses = ['pendente', 'confirmado', 'cancelado'] as const;

export const participationSchema = z.object({
  id: z.uuid(),
  salaId: z.uuid(),
  userId: z.string(),
  numeroSorte: z.string(),
  valorPago: z.number().int(),
  statusPagamento: z.enum(participationStatuses),
  metodoPagamento: paymentMethodSchema,
  ehVencedor: z.boolean(),
  txidPagamento: z.string().nullable(),
  /** While a PIX seat is reserved: when the charge expires and the seat is freed. */
  expiresAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Participation = z.infer<typeof participationSchema>;

/** POST /api/rooms/:id/join */
export const joinRoomInputSchema = z.object({ metodo: paymentMethodSchema });
export const joinRoomResultSchema = z.object({
  participation: participationSchema,
  room: roomSchema,
});

/** GET /api/rooms/:id/my-participation */
export const myParticipationSchema = z.object({ participation: participationSchema.nullable() });

/** History line: a participation with its room and, when drawn, the draw. */
export const historyItemSchema = z.object({
  participation: participationSchema,
  room: z.object({
    id: z.uuid(),
    /** The private room's own id when the seat is in one (its page is /private-room/:id). */
    privateRoomId: z.uuid().nullable().optional(),
    tipoSala: roomTypeSchema,
    premioLiquido: z.number().int(),
    status: roomStatusSchema,
    maxParticipantes: z.number().int(),
  }),
  draw: z
    .object({
      id: z.uuid(),
      numeroVencedor: z.string(),
      timestampSorteio: z.string(),
      hashProva: z.string(),
    })
    .nullable(),
});
export type HistoryItem = z.infer<typeof historyItemSchema>;

/** Participations per page of the history (a player may have thousands). */
export const HISTORY_PAGE_SIZE = 20;

/** GET /api/history?offset=&limit=: a page of the history, newest first. */
export const historyQuerySchema = z.object({
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(HISTORY_PAGE_SIZE),
});
export type HistoryQuery = z.infer<typeof historyQuerySchema>;

export const historySchema = z.object({
  totalParticipacoes: z.number().int(),
  vitorias: z.number().int(),
  /** Wins / confirmed participations (0..1). */
  taxaVitoria: z.number(),
  totalGanho: z.number().int(),
  items: z.array(historyItemSchema),
  /** The offset of the next page; null on the last one. */
  nextOffset: z.number().int().nullable(),
});
export type History = z.infer<typeof historySchema>;

export const recentDrawSchema = z.object({
  id: z.uuid(),
  hashProva: z.string(),
  tipoSala: roomTypeSchema,
  premioLiquido: z.number().int(),
  vencedorPrimeiroNome: z.string(),
  timestampSorteio: z.string(),
});
export type RecentDraw = z.infer<typeof recentDrawSchema>;

/** GET /api/dashboard: every figure computed by the server in one request (confirmed payments only). */
export const dashboardSchema = z.object({
  /** Saldo + Cashback (the spec's "Pontos Atuais"). */
  pontosAtuais: z.number().int(),
  /** The withdrawable part: added by PIX and by prizes. */
  saldo: z.number().int(),
  /** Platform credit: spent on entries first, never withdrawn. */
  cashback: z.number().int(),
  totalParticipacoes: z.number().int(),
  totalGanho: z.number().int(),
  vitorias: z.number().int(),
  investidoTotal: z.number().int(),
  lucroPrejuizo: z.number().int(),
  live: z.object({
    usuarios: z.number().int(),
    salasAbertas: z.number().int(),
    receitaTotal: z.number().int(),
    sorteios: z.number().int(),
  }),
  recentDraws: z.array(recentDrawSchema),
  hasMoreDraws: z.boolean(),
  generatedAt: z.string(),
  /**
   * The player's first signed-in visit (at most one sign-in recorded in the security log): the
   * greeting says 'Bem-vindo', later ones 'Bem-vindo de volta'.
   */
  primeiraVisita: z.boolean(),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

/** GET /api/stats: the player's real figures with series for the charts. */
export const statsSchema = z.object({
  totalParticipacoes: z.number().int(),
  vitorias: z.number().int(),
  taxaVitoria: z.number(),
  investidoTotal: z.number().int(),
  totalGanho: z.number().int(),
  lucroPrejuizo: z.number().int(),
  porMes: z.array(
    z.object({ mes: z.string(), investido: z.number().int(), ganho: z.number().int() }),
  ),
  porTipo: z.array(
    z.object({
      tipoSala: roomTypeSchema,
      participacoes: z.number().int(),
      vitorias: z.number().int(),
    }),
  ),
});
export type Stats = z.infer<typeof statsSchema>;

/** Messages of spec 000 section 8 for joining. */
export const joinMessages = {
  notAuthenticated: 'Usuário não autenticado',
  notOpen: 'Esta sala não está mais disponível para participação',
  full: 'Sala lotada! Não há mais vagas disponíveis',
  alreadyIn: 'Você já está participando desta sala!',
  notVerified: 'Verificação Necessária',
  insufficient: 'Saldo insuficiente. Adicione saldo na seção Cashback.',
  notFound: 'Sala não encontrada',
} as const;

/** Administrator's room form (spec 001 section 5): entry from R$ 1,00, 2..1000 seats, fee 0..50 %. */
export const roomFormSchema = z
  .object({
    tipoSala: z.enum(publicRoomTypes, { error: 'Tipo de sala inválido.' }).default('premium'),
    valorEntrada: z
      .number({ error: 'Informe o valor da entrada.' })
      .int({ error: 'Valor inválido.' })
      .min(100, { error: 'O valor mínimo da entrada é R$ 1,00.' })
      .max(10_000_000, { error: 'Valor de entrada acima do permitido.' })
      .default(1000),
    maxParticipantes: z
      .number({ error: 'Informe o máximo de participantes.' })
      .int({ error: 'O máximo de participantes deve ser um número inteiro.' })
      .min(2, { error: 'A sala precisa de pelo menos 2 participantes.' })
      .max(1000, { error: 'O máximo é de 1000 participantes.' })
      .default(10),
    /**
     * Left out: a new room takes the platform fee of the settings (Config. > Taxas), an edit
     * keeps the room's fee. The settings are the one source of the default (spec 001 section 9).
     */
    taxaPersonalizadaBp: z
      .number({ error: 'Informe a taxa da plataforma.' })
      .int()
      .min(0, { error: 'A taxa deve estar entre 0% e 50%.' })
      .max(5000, { error: 'A taxa deve estar entre 0% e 50%.' })
      .optional(),
    sorteioAutomatico: z.boolean().default(true),
    temLimitePessoas: z.boolean().default(true),
    dataSorteio: z.iso.datetime({ error: 'Data do sorteio inválida.' }).nullable().default(null),
  })
  .refine((v) => v.temLimitePessoas || v.dataSorteio !== null, {
    error: 'Salas sem limite de participantes precisam de uma data de sorteio.',
    path: ['dataSorteio'],
  });
export type RoomForm = z.input<typeof roomFormSchema>;

/** GET /api/admin/rooms/defaults: what 'Nova Sala' starts with (the fee from the settings). */
export const roomFormDefaultsSchema = z.object({
  tipoSala: z.enum(publicRoomTypes),
  valorEntrada: z.number().int(),
  maxParticipantes: z.number().int(),
  taxaPersonalizadaBp: z.number().int(),
  sorteioAutomatico: z.boolean(),
  temLimitePessoas: z.boolean(),
});
export type RoomFormDefaults = z.infer<typeof roomFormDefaultsSchema>;

/**
 * What an administrator may change in a room once money is in it, and why (docs/decisions/
 * 015-spec-differences.md). The server refuses with these texts and the room form shows them.
 */
export const roomEditMessages = {
  lockedNotice:
    'Alguém já entrou nesta sala: tipo, valor de entrada, máximo de participantes, taxa, limite de participantes e data do sorteio são a promessa feita a quem entrou e não mudam mais. O sorteio automático continua editável. Para desfazer a sala, use “Cancelar e reembolsar”: cada entrada paga volta para quem pagou.',
  lockedField: 'Bloqueado: já há participantes nesta sala.',
  lockedRefused:
    'Tipo, valor de entrada, máximo de participantes, taxa, limite de participantes e data do sorteio só mudam enquanto ninguém entrou na sala.',
  notLive: 'Salas em sorteio, sorteadas ou canceladas não podem ser editadas.',
  privateRoom: 'Salas privadas são editadas por quem as criou.',
  deleteWithEntrants:
    'A sala já tem participantes e não pode ser excluída. Use “Cancelar e reembolsar” para devolver as entradas.',
  deleteHint: 'A sala será removida. Só é possível enquanto ninguém entrou.',
  reopenDrawing: 'O sorteio desta sala já começou: ela não pode ser aberta nem fechada.',
  reopenDrawn: 'Esta sala já foi sorteada e não pode ser reaberta.',
  reopenCancelled:
    'Esta sala foi cancelada e as entradas foram devolvidas: crie uma nova sala em vez de reabri-la.',
  drawSettled: 'Esta sala já foi sorteada ou cancelada.',
  drawTooFew:
    'O sorteio precisa de pelo menos dois participantes com pagamento confirmado. Para devolver as entradas, use “Cancelar e reembolsar”.',
  drawPendingPix:
    'Há pagamentos PIX em andamento nesta sala. Feche a sala e sorteie depois que eles forem confirmados ou expirarem.',
  drawOpenHint:
    'A sala será fechada agora (ninguém mais entra) e o sorteio usa as participações confirmadas, pelo protocolo publicado.',
  drawClosedHint: 'O sorteio usa as participações confirmadas, pelo protocolo publicado.',
} as const;

export const roomStatusInputSchema = z.object({
  status: z.enum(['aberta', 'fechada'], { error: 'Status inválido.' }),
});

/**
 * The page of the room a seat is in: the private room's page, else the public room on
 * 'Participar'. Links from the payment, the history and the proof lead there.
 */
export function roomPagePath(room: { id: string; privateRoomId?: string | null }): string {
  return room.privateRoomId
    ? `/private-room/${room.privateRoomId}`
    : `/participate?sala_id=${room.id}`;
}
