/**
 * Private rooms (spec 001). Each private room is backed by a room in `salas` (type 'privada'), so
 * seats, payments, the draw protocol, payouts and the verification page are the same code as for
 * public rooms; this table adds what only private rooms have: name, codes, creator, chat.
 */
import { boolean, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { salas } from './rooms';
import { uuidId, createdAt, userIdRef } from './columns';

export const privateRooms = pgTable('private_rooms', {
  id: uuidId(),
  roomName: text('room_name').notNull(),
  customName: text('custom_name'),
  /** 8 uppercase letters and digits (spec 001 section 3), unique among rooms. */
  roomCode: text('room_code').notNull().unique(),
  /** Stored and looked up as the bare code; the link is built from it (DESIGN.md section 8). */
  inviteCode: text('invite_code').notNull().unique(),
  creatorId: text('creator_id')
    .notNull()
    .references(() => user.id),
  salaId: uuid('sala_id')
    .notNull()
    .unique()
    .references(() => salas.id),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: createdAt(),
});

export const privateRoomMessages = pgTable(
  'private_room_messages',
  {
    id: uuidId(),
    roomId: uuid('room_id')
      .notNull()
      .references(() => privateRooms.id),
    userId: userIdRef(),
    message: text('message').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('private_room_messages_room_idx').on(t.roomId, t.createdAt)],
);
