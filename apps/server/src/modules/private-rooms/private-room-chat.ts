/** The private room's chat: the creator and the room's participants only. */
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { privateRoomMessages as messagesTable, profiles } from '../../db/schema';
import { firstName } from '../../lib/names';

export async function listMessages(db: Db, roomId: string) {
  const rows = await db
    .select({ m: messagesTable, nome: profiles.nomeCompleto })
    .from(messagesTable)
    .leftJoin(profiles, eq(profiles.id, messagesTable.userId))
    .where(eq(messagesTable.roomId, roomId))
    .orderBy(asc(messagesTable.createdAt), asc(messagesTable.id))
    .limit(500);
  return rows.map((r) => ({
    id: r.m.id,
    userId: r.m.userId,
    authorName: firstName(r.nome, 'Participante'),
    message: r.m.message,
    createdAt: r.m.createdAt.toISOString(),
  }));
}

export async function postMessage(db: Db, roomId: string, userId: string, message: string) {
  const [m] = await db.insert(messagesTable).values({ roomId, userId, message }).returning();
  const [p] = await db
    .select({ nome: profiles.nomeCompleto })
    .from(profiles)
    .where(eq(profiles.id, userId));
  return {
    id: m!.id,
    userId,
    authorName: firstName(p?.nome ?? null, 'Participante'),
    message: m!.message,
    createdAt: m!.createdAt.toISOString(),
  };
}
