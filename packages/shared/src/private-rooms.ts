/** Contracts of private rooms (spec 001): rooms, joining by code or invite, payment card, chat. */
import { z } from 'zod';
import { drawSummarySchema } from './draw-protocol';
import { participationSchema, roomSchema } from './rooms';

export const ROOM_CODE_LENGTH = 8;
export const CHAT_MAX = 500;

export const roomCodeSchema = z
  .string()
  .max(32, { error: 'Sala não encontrada' })
  .trim()
  .transform((v) => v.toUpperCase())
  .pipe(z.string().regex(/^[A-Z0-9]{8}$/, { error: 'Sala não encontrada' }));

export const inviteCodeSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{10,40}$/, { error: 'Código de convite inválido' });

/** POST /api/private-rooms (spec 001 section 5: entry from R$ 1,00; 2..100 seats; defaults 10 and 10). */
export const createPrivateRoomInputSchema = z.object({
  roomName: z
    .string({ error: 'Informe o nome da sala.' })
    .trim()
    .min(1, { error: 'Informe o nome da sala.' })
    .max(60, { error: 'O nome da sala deve ter no máximo 60 caracteres.' }),
  entryValue: z
    .number({ error: 'Informe o valor da entrada.' })
    .int({ error: 'Valor inválido.' })
    .min(100, { error: 'O valor mínimo da entrada é R$ 1,00.' })
    .max(1_000_000, { error: 'O valor máximo da entrada é R$ 10.000,00.' })
    .default(1000),
  maxParticipants: z
    .number({ error: 'Informe o máximo de participantes.' })
    .int({ error: 'O máximo de participantes deve ser um número inteiro.' })
    .min(2, { error: 'A sala precisa de pelo menos 2 participantes.' })
    .max(100, { error: 'O máximo é de 100 participantes.' })
    .default(10),
});

/** PUT /api/private-rooms/:id (creator and staff only). */
export const updatePrivateRoomInputSchema = z.object({
  roomName: z
    .string({ error: 'Informe o nome da sala.' })
    .trim()
    .min(1, { error: 'Informe o nome da sala.' })
    .max(60, { error: 'O nome da sala deve ter no máximo 60 caracteres.' }),
  customName: z
    .string()
    .trim()
    .max(60, { error: 'O nome personalizado deve ter no máximo 60 caracteres.' })
    .optional()
    .transform((v) => (v ? v : null)),
});

export const privateRoomSchema = z.object({
  id: z.uuid(),
  roomName: z.string(),
  customName: z.string().nullable(),
  roomCode: z.string(),
  inviteCode: z.string(),
  /** The link built from the invite code (on this site). */
  inviteLink: z.string(),
  entryValue: z.number().int(),
  maxParticipants: z.number().int(),
  currentParticipants: z.number().int(),
  creatorId: z.string(),
  isActive: z.boolean(),
  /** The platform fee for private rooms, in basis points: the label and the prize use the same number. */
  feeBp: z.number().int(),
  /** Prize if every seat is paid: entry x max minus the fee. */
  prizeTotal: z.number().int(),
  createdAt: z.string(),
  /** The public room behind it (draw, seats, payments): same protocol and verification page. */
  sala: roomSchema,
});
export type PrivateRoom = z.infer<typeof privateRoomSchema>;

export const privateParticipantSchema = z.object({
  id: z.uuid(),
  userId: z.string(),
  firstName: z.string(),
  luckyNumber: z.string(),
  joinedAt: z.string(),
  paid: z.boolean(),
});

/** The payment card 'Pagamento da Participação' (spec private_room_payments). */
export const privatePaymentSchema = z.object({
  participantId: z.uuid(),
  amount: z.number().int(),
  platformFee: z.number().int(),
  status: z.enum(['pending', 'paid', 'failed']),
  txid: z.string().nullable(),
  expiresAt: z.string().nullable(),
});
export type PrivatePayment = z.infer<typeof privatePaymentSchema>;

export const privateRoomDetailSchema = z.object({
  room: privateRoomSchema,
  isCreator: z.boolean(),
  canEdit: z.boolean(),
  isMember: z.boolean(),
  participants: z.array(privateParticipantSchema),
  myParticipation: participationSchema.nullable(),
  myPayment: privatePaymentSchema.nullable(),
  drawId: z.string().nullable(),
  /** The room's draw once it happened (winning number, winner's first name, prize): its members see it here. */
  draw: drawSummarySchema.nullable(),
});
export type PrivateRoomDetail = z.infer<typeof privateRoomDetailSchema>;

/** GET /api/private-rooms/by-code/:code (public view of the join-by-code screen). */
export const privateRoomByCodeSchema = z.object({
  id: z.uuid(),
  roomName: z.string(),
  roomCode: z.string(),
  entryValue: z.number().int(),
  maxParticipants: z.number().int(),
  currentParticipants: z.number().int(),
  prizeTotal: z.number().int(),
  createdAt: z.string(),
  participants: z.array(z.object({ luckyNumber: z.string(), joinedAt: z.string() })),
  full: z.boolean(),
  alreadyIn: z.boolean(),
});

/**
 * GET /api/private-rooms/invite/:inviteCode: what the holder of the invite link may see, signed in
 * or not (the invite code is the secret). The room's figures as the room shows them, and who
 * invited by first name only: no codes, no e-mail, no member list.
 */
export const privateInviteSchema = z.object({
  id: z.uuid(),
  roomName: z.string(),
  entryValue: z.number().int(),
  /** The room's platform fee in basis points, and its amount on a full room (splitPool). */
  feeBp: z.number().int(),
  platformFee: z.number().int(),
  /** Prize if every seat is paid: entry x max minus the fee. */
  prizeTotal: z.number().int(),
  maxParticipants: z.number().int(),
  currentParticipants: z.number().int(),
  /** First name of the room's creator ('Um amigo' when none is on the profile). */
  invitedBy: z.string(),
  /** Still taking seats: open, active and not full. */
  open: z.boolean(),
  /** The caller already holds a seat (always false for a visitor). */
  alreadyIn: z.boolean(),
});
export type PrivateInvite = z.infer<typeof privateInviteSchema>;

export const chatMessageSchema = z.object({
  id: z.uuid(),
  userId: z.string(),
  authorName: z.string(),
  message: z.string(),
  createdAt: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const sendChatInputSchema = z.object({
  message: z
    .string({ error: 'Digite uma mensagem.' })
    .max(CHAT_MAX * 4, { error: 'A mensagem deve ter no máximo 500 caracteres.' })
    .transform((v) => v.trim())
    .pipe(
      z
        .string()
        .min(1, { error: 'Digite uma mensagem.' })
        .max(CHAT_MAX, { error: 'A mensagem deve ter no máximo 500 caracteres.' }),
    ),
});

/**
 * The PIX charge description of a private-room seat (spec 001 section 7: 'Pagamento Sala Privada'
 * plus the last 8 characters of the room id, the id of /private-room/:id).
 */
export function privateRoomPixDescription(privateRoomId: string): string {
  return `Pagamento Sala Privada ${privateRoomId.slice(-8)}`;
}

export const privateRoomMessages = {
  alreadyIn: 'Você já está participando desta sala',
  full: 'A sala está cheia',
  notFound: 'Sala não encontrada',
  invalidInvite: 'Código de convite inválido',
  invalidRoomOrUser: 'Sala ou usuário inválido',
  notAuthenticated: 'Usuário não autenticado',
  userNotFound: 'Usuário não encontrado',
  onlyCreator: 'Somente quem criou a sala pode editá-la.',
  notMember: 'Você precisa participar da sala para ver o chat e os pagamentos.',
} as const;
