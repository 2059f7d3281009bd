/**
 * A private room is entered only with its code or invite (or by its creator): its backing room
 * record is invisible to every public path, and live events about it reach its members and staff
 * only.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { participacoes, salas } from '../../db/schema';
import { caller, createUser, signIn, topUp, useTestApp, verifiedPlayer } from '../../test/helpers';
import { walletOf } from '../wallet/ledger.service';
import { openLiveSocket } from '../../test/live-socket';

const ctx = useTestApp();

const call = caller(ctx);

async function fund(userId: string, amount: number) {
  await topUp(ctx, userId, amount);
}

const settle = () => new Promise((r) => setTimeout(r, 300));

async function privateRoom(creatorCookie: string) {
  const res = await call('POST', '/api/private-rooms', creatorCookie, {
    roomName: 'Amigos do trabalho',
    entryValue: 1000,
    maxParticipants: 5,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ id: string; roomCode: string; inviteCode: string; sala: { id: string } }>();
}

describe('the seat guard', () => {
  it('refuses every public seat path for a private room’s record, as if it did not exist', async () => {
    const creator = await verifiedPlayer(ctx);
    const room = await privateRoom(creator.cookie);
    const stranger = await verifiedPlayer(ctx);
    await fund(stranger.id, 50_000);
    const salaId = room.sala.id;

    for (const metodo of ['balance', 'pix']) {
      const res = await call('POST', `/api/rooms/${salaId}/join`, stranger.cookie, { metodo });
      expect(res.statusCode, `${metodo}: ${res.body}`).toBe(404);
      expect(res.json().error.message).toBe('Sala não encontrada');
    }
    for (const url of [
      `/api/rooms/${salaId}`,
      `/api/rooms/${salaId}/my-participation`,
      `/api/rooms/${salaId}/draw`,
    ]) {
      expect((await call('GET', url, stranger.cookie)).statusCode, url).toBe(404);
    }
    // Nothing changed: no seat, no money moved, the chat stays closed.
    const seats = await ctx.database.db
      .select()
      .from(participacoes)
      .where(eq(participacoes.salaId, salaId));
    expect(seats).toHaveLength(0);
    const [sala] = await ctx.database.db.select().from(salas).where(eq(salas.id, salaId));
    expect(sala!.participantesAtual).toBe(0);
    expect((await walletOf(ctx.database.db, stranger.id)).saldo).toBe(50_000);
    expect(
      (await call('GET', `/api/private-rooms/${room.id}/messages`, stranger.cookie)).statusCode,
    ).toBe(403);

    // The code still works for whoever has it.
    const byCode = await call(
      'POST',
      `/api/private-rooms/by-code/${room.roomCode}/join`,
      stranger.cookie,
    );
    expect(byCode.statusCode, byCode.body).toBe(200);
    expect(
      (await call('GET', `/api/private-rooms/${room.id}/messages`, stranger.cookie)).statusCode,
    ).toBe(200);
  });

  it('never lists a private room’s record or draw among the public ones', async () => {
    const creator = await verifiedPlayer(ctx);
    const room = await privateRoom(creator.cookie);
    const a = await verifiedPlayer(ctx);
    const b = await verifiedPlayer(ctx);
    for (const p of [a, b]) {
      await fund(p.id, 5_000);
      expect(
        (await call('POST', `/api/private-rooms/invite/${room.inviteCode}/join`, p.cookie))
          .statusCode,
      ).toBe(200);
      expect(
        (await call('POST', `/api/private-rooms/${room.id}/pay-with-balance`, p.cookie)).statusCode,
      ).toBe(200);
    }
    expect(
      (await call('POST', `/api/private-rooms/${room.id}/close`, creator.cookie)).statusCode,
    ).toBe(200);
    const draw = await call('POST', `/api/private-rooms/${room.id}/draw`, creator.cookie);
    expect(draw.statusCode, draw.body).toBe(200);
    const sorteioId = draw.json().sorteioId as string;

    const everything = [
      (await call('GET', '/api/rooms', a.cookie)).body,
      (await call('GET', '/api/draws?limit=50')).body,
      (await call('GET', '/api/dashboard', a.cookie)).body,
      (await call('GET', '/api/public/stats')).body,
    ].join('\n');
    expect(everything).not.toContain(room.sala.id);
    expect(everything).not.toContain(sorteioId);
    // Members see their own draw in the room.
    const detail = (await call('GET', `/api/private-rooms/${room.id}`, a.cookie)).json();
    expect(detail.drawId).toBe(sorteioId);
  });
});

describe('live updates about a private room', () => {
  it('reach its members and staff only; the public stream never names it', async () => {
    const creator = await verifiedPlayer(ctx);
    const room = await privateRoom(creator.cookie);
    const outsider = await verifiedPlayer(ctx);
    const joiner = await verifiedPlayer(ctx);
    const staff = await signIn(ctx, await createUser(ctx, { role: 'support' }), '198.18.7.1');

    const sockets = {
      creator: await openLiveSocket(ctx.app, creator.cookie),
      outsider: await openLiveSocket(ctx.app, outsider.cookie),
      anonymous: await openLiveSocket(ctx.app),
      staff: await openLiveSocket(ctx.app, staff),
    };
    const seen = Object.fromEntries(Object.entries(sockets).map(([k, s]) => [k, s.raw])) as Record<
      keyof typeof sockets,
      string[]
    >;
    await settle();

    expect(
      (await call('POST', `/api/private-rooms/by-code/${room.roomCode}/join`, joiner.cookie))
        .statusCode,
    ).toBe(200);
    const chat = await call('POST', `/api/private-rooms/${room.id}/messages`, creator.cookie, {
      message: 'Bem-vindos!',
    });
    expect(chat.statusCode).toBe(200);
    await settle();

    const about = (messages: string[]) =>
      messages.filter((m) => m.includes(room.id) || m.includes(room.sala.id));
    expect(
      about(seen.creator)
        .map((m) => JSON.parse(m).type)
        .sort(),
    ).toEqual(['chat', 'private-room']);
    expect(about(seen.staff).map((m) => JSON.parse(m).type)).toEqual(['private-room']);
    expect(about(seen.outsider)).toEqual([]);
    expect(about(seen.anonymous)).toEqual([]);
    // No socket ever receives the backing record id or a member list.
    for (const messages of Object.values(seen)) {
      expect(messages.join('\n')).not.toContain(room.sala.id);
      expect(messages.join('\n')).not.toContain('memberIds');
    }
    for (const s of Object.values(sockets)) s.socket.terminate();
  });
});
