import type {
  ChatMessage,
  PrivateInvite,
  PrivatePayment,
  PrivateRoom,
  PrivateRoomDetail,
} from '@sorteio/shared';
import { ids, makeParticipation, makeRoom } from './fixtures';
import { regularUser } from './mock-api';

/** Answers of the private-room endpoints for screen tests; every id is a valid UUID. */
export const privateIds = {
  room: '0b4c7e3e-4444-4000-8000-000000000001',
  participant: '0b4c7e3e-5555-4000-8000-000000000001',
  participant2: '0b4c7e3e-5555-4000-8000-000000000002',
  message: '0b4c7e3e-6666-4000-8000-000000000001',
  message2: '0b4c7e3e-6666-4000-8000-000000000002',
} as const;

export const ROOM_CODE = 'ABCD1234';
export const INVITE_CODE = 'invite_code_123456';

export function makePrivateRoom(overrides: Partial<PrivateRoom> = {}): PrivateRoom {
  return {
    id: privateIds.room,
    roomName: 'Sala dos Amigos',
    customName: null,
    roomCode: ROOM_CODE,
    inviteCode: INVITE_CODE,
    inviteLink: `http://localhost/private-room-invite/${INVITE_CODE}`,
    entryValue: 1000,
    maxParticipants: 10,
    currentParticipants: 2,
    creatorId: regularUser.id,
    isActive: true,
    feeBp: 1000,
    prizeTotal: 9000,
    createdAt: '2025-01-01T12:00:00.000Z',
    sala: makeRoom({ id: ids.room }),
    ...overrides,
  };
}

export function makePrivatePayment(overrides: Partial<PrivatePayment> = {}): PrivatePayment {
  return {
    participantId: privateIds.participant,
    amount: 1000,
    platformFee: 100,
    status: 'pending',
    txid: null,
    expiresAt: '2099-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function makePrivateDetail(overrides: Partial<PrivateRoomDetail> = {}): PrivateRoomDetail {
  return {
    room: makePrivateRoom(),
    isCreator: false,
    canEdit: false,
    isMember: true,
    participants: [
      {
        id: privateIds.participant,
        userId: regularUser.id,
        firstName: 'Maria',
        luckyNumber: '123456',
        joinedAt: '2025-01-02T12:00:00.000Z',
        paid: false,
      },
    ],
    myParticipation: makeParticipation({ statusPagamento: 'pendente' }),
    myPayment: makePrivatePayment(),
    drawId: null,
    draw: null,
    ...overrides,
  };
}

export function makeMessage(overrides: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id: privateIds.message,
    userId: regularUser.id,
    authorName: 'Maria Silva',
    message: 'Olá, pessoal!',
    createdAt: '2025-01-02T15:30:00.000Z',
    ...overrides,
  };
}

/** GET /api/private-rooms/invite/:inviteCode: R$ 10,00 x 5 seats, 10 % fee. */
export function makeInvite(overrides: Partial<PrivateInvite> = {}): PrivateInvite {
  return {
    id: privateIds.room,
    roomName: 'Sala dos Amigos',
    entryValue: 1000,
    feeBp: 1000,
    platformFee: 500,
    prizeTotal: 4500,
    maxParticipants: 5,
    currentParticipants: 2,
    invitedBy: 'João',
    open: true,
    alreadyIn: false,
    ...overrides,
  };
}
