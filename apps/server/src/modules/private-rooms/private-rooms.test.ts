import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { participacoes, pixCharges, privateRooms, salas } from '../../db/schema';
import { createRoom } from '../rooms/rooms.service';
import { caller, createUser, signIn, topUp, useTestApp, verifiedPlayer } from '../../test/helpers';
import { walletOf } from '../wallet/ledger.service';
import { newRoomCode } from './private-rooms.service';

const ctx = useTestApp();

const call = caller(ctx);

async function createRoomAs(
  cookie: string,
  body: object = { roomName: 'Amigos do futebol', entryValue: 1000, maxParticipants: 3 },
) {
  const res = await call('POST', '/api/private-rooms', cookie, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('private rooms', () => {
  it('creates a room with an 8-character code, an invite code and link, and the configured fee', async () => {
    const creator = await verifiedPlayer(ctx);
    const room = await createRoomAs(creator.cookie);
    expect(room.roomCode).toMatch(/^[A-Z0-9]{8}$/);
    expect(room.inviteLink).toBe(`${ctx.config.baseUrl}/private-room-invite/${room.inviteCode}`);
    // One fee (10 % by default) for the label and the prize: 3 x R$ 10,00 = R$ 30,00 - R$ 3,00.
    expect(room).toMatchObject({
      feeBp: 1000,
      prizeTotal: 2700,
      entryValue: 1000,
      maxParticipants: 3,
      currentParticipants: 0,
      isActive: true,
    });
    expect(room.sala.commitment).toMatch(/^[0-9a-f]{64}$/);
    const list = (await call('GET', '/api/private-rooms', creator.cookie)).json();
    expect(list.map((r: { id: string }) => r.id)).toEqual([room.id]);
    // Private rooms never appear among the public rooms.
    expect(
      (await call('GET', '/api/rooms', creator.cookie))
        .json()
        .some((r: { id: string }) => r.id === room.sala.id),
    ).toBe(false);
  });

  it('gives every room its own code, retrying a collision', async () => {
    const creator = await verifiedPlayer(ctx);
    const codes = new Set<string>();
    for (let i = 0; i < 15; i += 1) codes.add((await createRoomAs(creator.cookie)).roomCode);
    expect(codes.size).toBe(15);
    expect(newRoomCode()).toMatch(/^[A-Z0-9]{8}$/);
    const [taken] = await ctx.database.db
      .select({ code: privateRooms.roomCode })
      .from(privateRooms)
      .limit(1);
    await expect(
      ctx.database.db.insert(privateRooms).values({
        roomName: 'x',
        roomCode: taken!.code,
        inviteCode: 'outro-convite-123',
        creatorId: creator.id,
        salaId: (await createRoomAs(creator.cookie)).sala.id,
      }),
    ).rejects.toThrow();
  });

  it.each([
    [{ roomName: '   ', entryValue: 1000, maxParticipants: 10 }, 'Informe o nome da sala.'],
    [
      { roomName: 'Sala', entryValue: 50, maxParticipants: 10 },
      'O valor mínimo da entrada é R$ 1,00.',
    ],
    [
      { roomName: 'Sala', entryValue: 1000, maxParticipants: 1 },
      'A sala precisa de pelo menos 2 participantes.',
    ],
    [
      { roomName: 'Sala', entryValue: 1000, maxParticipants: 101 },
      'O máximo é de 100 participantes.',
    ],
    [
      { roomName: 'Sala', entryValue: 1000, maxParticipants: 2.5 },
      'O máximo de participantes deve ser um número inteiro.',
    ],
  ])('refuses %j with its message', async (body, message) => {
    const creator = await verifiedPlayer(ctx);
    const res = await call('POST', '/api/private-rooms', creator.cookie, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(message);
  });

  it('lets only the creator (and staff) edit the name', async () => {
    const creator = await verifiedPlayer(ctx);
    const room = await createRoomAs(creator.cookie);
    const other = await verifiedPlayer(ctx);
    const refused = await call('PUT', `/api/private-rooms/${room.id}`, other.cookie, {
      roomName: 'Invadida',
      customName: 'x',
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe('Somente quem criou a sala pode editá-la.');
    expect((await call('GET', `/api/private-rooms/${room.id}`, other.cookie)).json()).toMatchObject(
      { canEdit: false, isCreator: false, isMember: false },
    );
    const ok = await call('PUT', `/api/private-rooms/${room.id}`, creator.cookie, {
      roomName: 'Família',
      customName: 'Bolão da família',
    });
    expect(ok.json()).toMatchObject({ roomName: 'Família', customName: 'Bolão da família' });
    // Staff with the permission to manage rooms (permission table), and no other staff role.
    const staff = await createUser(ctx, { role: 'manager' });
    const staffCookie = await signIn(ctx, staff, '198.19.0.7');
    expect(
      (await call('PUT', `/api/private-rooms/${room.id}`, staffCookie, { roomName: 'Moderada' }))
        .statusCode,
    ).toBe(200);
    const support = await signIn(ctx, await createUser(ctx, { role: 'support' }), '198.19.0.8');
    expect(
      (await call('PUT', `/api/private-rooms/${room.id}`, support, { roomName: 'Invadida' }))
        .statusCode,
    ).toBe(403);
  });

  it('shows an invite to a visitor: the room as it shows itself, the inviter by first name, no codes', async () => {
    const creator = await verifiedPlayer(ctx);
    const room = await createRoomAs(creator.cookie, {
      roomName: 'Churrasco',
      entryValue: 1250,
      maxParticipants: 4,
    });
    const visitor = await call('GET', `/api/private-rooms/invite/${room.inviteCode}`);
    expect(visitor.statusCode, visitor.body).toBe(200);
    // The fee as the room shows it (splitPool on a full room): entry x seats = fee + prize.
    const fee = Math.floor((1250 * 4 * room.feeBp + 5000) / 10_000);
    expect(visitor.json()).toEqual({
      id: room.id,
      roomName: 'Churrasco',
      entryValue: 1250,
      feeBp: room.feeBp,
      platformFee: fee,
      prizeTotal: room.prizeTotal,
      maxParticipants: 4,
      currentParticipants: 0,
      invitedBy: 'Jogador',
      open: true,
      alreadyIn: false,
    });
    expect(fee + room.prizeTotal).toBe(1250 * 4);
    // Nothing to act on the room without the link, nothing personal about the inviter.
    const body = visitor.body;
    for (const secret of [room.roomCode, room.inviteCode, creator.email, creator.id])
      expect(body).not.toContain(secret);

    const friend = await verifiedPlayer(ctx);
    await call('POST', `/api/private-rooms/invite/${room.inviteCode}/join`, friend.cookie);
    const signedIn = await call(
      'GET',
      `/api/private-rooms/invite/${room.inviteCode}`,
      friend.cookie,
    );
    expect(signedIn.json()).toMatchObject({ currentParticipants: 1, alreadyIn: true, open: true });
    expect(
      (await call('GET', `/api/private-rooms/invite/${room.inviteCode}`)).json(),
    ).toMatchObject({ currentParticipants: 1, alreadyIn: false });
    const unknown = await call('GET', '/api/private-rooms/invite/codigo-que-nao-existe');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe('Código de convite inválido');
  });

  it('limits invite reads per address, so codes cannot be tried in bulk', async () => {
    const read = () =>
      caller(ctx, { remoteAddress: '203.0.113.77' })(
        'GET',
        '/api/private-rooms/invite/tentativa-de-codigo-00',
      );
    const codes: number[] = [];
    for (let i = 0; i < 31; i += 1) codes.push((await read()).statusCode);
    expect(codes.slice(0, 30).every((c) => c === 404)).toBe(true);
    expect(codes[30]).toBe(429);
  });

  it('joins by code (uppercased) and by invite in one atomic step with the specified lucky numbers', async () => {
    const creator = await verifiedPlayer(ctx);
    const room = await createRoomAs(creator.cookie, {
      roomName: 'Turma',
      entryValue: 500,
      maxParticipants: 3,
    });
    const a = await verifiedPlayer(ctx);
    const b = await verifiedPlayer(ctx);
    const anonymousView = await call(
      'GET',
      `/api/private-rooms/by-code/${room.roomCode.toLowerCase()}`,
    );
    expect(anonymousView.json()).toMatchObject({
      roomCode: room.roomCode,
      currentParticipants: 0,
      full: false,
      alreadyIn: false,
    });
    const byCode = await call(
      'POST',
      `/api/private-rooms/by-code/${room.roomCode.toLowerCase()}/join`,
      a.cookie,
    );
    expect(byCode.json().participation.numeroSorte).toMatch(/^\d{6}$/);
    const byInvite = await call(
      'POST',
      `/api/private-rooms/invite/${room.inviteCode}/join`,
      b.cookie,
    );
    expect(byInvite.json().participation.numeroSorte).toMatch(/^C\d{7}$/);
    expect(byInvite.json().room.currentParticipants).toBe(2);
    const again = await call('POST', `/api/private-rooms/invite/${room.inviteCode}/join`, a.cookie);
    expect(again.json().error).toMatchObject({
      reason: 'ALREADY_JOINED',
      message: 'Você já está participando desta sala',
    });
    expect(
      (await call('GET', '/api/private-rooms/invite/codigo-que-nao-existe', a.cookie)).json().error
        .message,
    ).toBe('Código de convite inválido');
    expect((await call('GET', '/api/private-rooms/by-code/ZZZZZZZZ')).statusCode).toBe(404);
  });

  it('gives the last seat to exactly one of 20 users racing by code and by invite', async () => {
    const creator = await verifiedPlayer(ctx);
    const room = await createRoomAs(creator.cookie, {
      roomName: 'Última vaga',
      entryValue: 1000,
      maxParticipants: 2,
    });
    const first = await verifiedPlayer(ctx);
    await call('POST', `/api/private-rooms/by-code/${room.roomCode}/join`, first.cookie);
    const racers = await Promise.all(Array.from({ length: 20 }, () => verifiedPlayer(ctx)));
    const results = await Promise.all(
      racers.map((r, i) =>
        i % 2 === 0
          ? call('POST', `/api/private-rooms/by-code/${room.roomCode}/join`, r.cookie)
          : call('POST', `/api/private-rooms/invite/${room.inviteCode}/join`, r.cookie),
      ),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(
      new Set(results.filter((r) => r.statusCode !== 200).map((r) => r.json().error.message)),
    ).toEqual(new Set(['A sala está cheia']));
    const [sala] = await ctx.database.db.select().from(salas).where(eq(salas.id, room.sala.id));
    expect(sala!.participantesAtual).toBe(2);
    expect(
      await ctx.database.db
        .select()
        .from(participacoes)
        .where(eq(participacoes.salaId, room.sala.id)),
    ).toHaveLength(2);
  });

  it('keeps the chat and the payments to the participants and the creator', async () => {
    const creator = await verifiedPlayer(ctx);
    const room = await createRoomAs(creator.cookie);
    const member = await verifiedPlayer(ctx);
    const outsider = await verifiedPlayer(ctx);
    await call('POST', `/api/private-rooms/by-code/${room.roomCode}/join`, member.cookie);
    for (const [url, method, body] of [
      [`/api/private-rooms/${room.id}/messages`, 'GET', undefined],
      [`/api/private-rooms/${room.id}/messages`, 'POST', { message: 'oi' }],
      [`/api/private-rooms/${room.id}/pay-with-balance`, 'POST', undefined],
    ] as const) {
      const res = await call(method, url, outsider.cookie, body);
      expect(res.statusCode, url).toBe(403);
    }
    const detail = (await call('GET', `/api/private-rooms/${room.id}`, outsider.cookie)).json();
    expect(detail.myPayment).toBeNull();
    expect(JSON.stringify(detail)).not.toContain('txid');

    const sent = await call('POST', `/api/private-rooms/${room.id}/messages`, member.cookie, {
      message: '   Boa sorte a todos!   ',
    });
    expect(sent.json()).toMatchObject({ message: 'Boa sorte a todos!', userId: member.id });
    expect(
      (
        await call('POST', `/api/private-rooms/${room.id}/messages`, member.cookie, {
          message: '   ',
        })
      ).json().error.message,
    ).toBe('Digite uma mensagem.');
    expect(
      (
        await call('POST', `/api/private-rooms/${room.id}/messages`, member.cookie, {
          message: 'x'.repeat(501),
        })
      ).json().error.message,
    ).toBe('A mensagem deve ter no máximo 500 caracteres.');
    await call('POST', `/api/private-rooms/${room.id}/messages`, creator.cookie, {
      message: 'Obrigado!',
    });
    const history = (
      await call('GET', `/api/private-rooms/${room.id}/messages`, creator.cookie)
    ).json();
    expect(history.map((m: { message: string }) => m.message)).toEqual([
      'Boa sorte a todos!',
      'Obrigado!',
    ]);
  });

  it('rate limits the chat', async () => {
    const creator = await verifiedPlayer(ctx);
    const room = await createRoomAs(creator.cookie);
    const codes: number[] = [];
    for (let i = 0; i < 12; i += 1)
      codes.push(
        (
          await call('POST', `/api/private-rooms/${room.id}/messages`, creator.cookie, {
            message: `m${i}`,
          })
        ).statusCode,
      );
    expect(codes.slice(0, 10).every((c) => c === 200)).toBe(true);
    expect(codes[10]).toBe(429);
  });

  it('shows the payment card with the fee, pays from the balance, and draws when every seat is paid', async () => {
    const creator = await verifiedPlayer(ctx);
    const room = await createRoomAs(creator.cookie, {
      roomName: 'Dupla',
      entryValue: 2000,
      maxParticipants: 2,
    });
    const players = [await verifiedPlayer(ctx), await verifiedPlayer(ctx)];
    for (const p of players) {
      await topUp(ctx, p.id, 5000);
      await call('POST', `/api/private-rooms/invite/${room.inviteCode}/join`, p.cookie);
    }
    const detail = (await call('GET', `/api/private-rooms/${room.id}`, players[0]!.cookie)).json();
    expect(detail.myPayment).toMatchObject({ amount: 2000, platformFee: 200, status: 'pending' });
    expect(detail.room.prizeTotal).toBe(3600);
    expect(detail.draw).toBeNull();
    // The first pays by PIX through the same provider and webhook as public rooms.
    const charge = (
      await call('POST', '/api/payments/pix', players[0]!.cookie, {
        participacaoId: detail.myParticipation.id,
      })
    ).json();
    await call('POST', `/api/payments/pix/${charge.txid}/simulate`, players[0]!.cookie);
    expect(
      (await call('GET', `/api/private-rooms/${room.id}`, players[0]!.cookie)).json().myPayment
        .status,
    ).toBe('paid');
    // The second pays from the balance: the room is complete and drawn at once.
    const paid = await call(
      'POST',
      `/api/private-rooms/${room.id}/pay-with-balance`,
      players[1]!.cookie,
    );
    expect(paid.json().participation.statusPagamento).toBe('confirmado');
    const after = (await call('GET', `/api/private-rooms/${room.id}`, creator.cookie)).json();
    expect(after.drawId).toMatch(/^[0-9a-f-]{36}$/);
    const proof = (await ctx.app.inject({ url: `/api/draws/${after.drawId}/proof` })).json();
    expect(proof.entrants).toHaveLength(2);
    // The room shows its result to its members: number, winner, prize and the proof's id.
    expect(after.draw).toMatchObject({
      id: after.drawId,
      roomId: after.room.sala.id,
      numeroVencedor: proof.winning_number,
      valorPremioLiquido: 3600,
      hashProva: proof.hash_prova,
    });
    expect(typeof after.draw.vencedorPrimeiroNome).toBe('string');
    // The public draw endpoints still never name a private room's record.
    expect(
      (await ctx.app.inject({ url: `/api/rooms/${after.room.sala.id}/draw` })).statusCode,
    ).toBe(404);
    const winner = players.find(
      (p) =>
        p.id ===
        (after.participants as { userId: string; luckyNumber: string }[]).find(
          (x) => x.luckyNumber === proof.winning_number,
        )!.userId,
    )!;
    expect((await walletOf(ctx.database.db, winner.id)).saldo).toBeGreaterThanOrEqual(3600);
  });

  it('lets the creator take a seat in their own room, by code or by invite', async () => {
    const creator = await verifiedPlayer(ctx);
    const room = await createRoomAs(creator.cookie, {
      roomName: 'Minha sala',
      entryValue: 1000,
      maxParticipants: 3,
    });
    const before = (await call('GET', `/api/private-rooms/${room.id}`, creator.cookie)).json();
    expect(before).toMatchObject({ isCreator: true, isMember: true, myParticipation: null });
    const joined = await call(
      'POST',
      `/api/private-rooms/by-code/${room.roomCode}/join`,
      creator.cookie,
    );
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json().participation.numeroSorte).toMatch(/^\d{6}$/);
    const after = (await call('GET', `/api/private-rooms/${room.id}`, creator.cookie)).json();
    expect(after.myParticipation.numeroSorte).toBe(joined.json().participation.numeroSorte);
    expect(after.myPayment).toMatchObject({ amount: 1000, status: 'pending' });
    expect(after.participants).toHaveLength(1);
    expect(after.room.currentParticipants).toBe(1);
    const again = await call(
      'POST',
      `/api/private-rooms/invite/${room.inviteCode}/join`,
      creator.cookie,
    );
    expect(again.json().error.reason).toBe('ALREADY_JOINED');
  });

  it('lets the creator close the room and draw it with at least two paid seats', async () => {
    const creator = await verifiedPlayer(ctx);
    const room = await createRoomAs(creator.cookie, {
      roomName: 'Grande',
      entryValue: 1000,
      maxParticipants: 10,
    });
    const players = [await verifiedPlayer(ctx), await verifiedPlayer(ctx)];
    for (const p of players) {
      await topUp(ctx, p.id, 1000);
      await call('POST', `/api/private-rooms/by-code/${room.roomCode}/join`, p.cookie);
    }
    expect(
      (await call('POST', `/api/private-rooms/${room.id}/draw`, creator.cookie)).json().error
        .message,
    ).toBe('Feche a sala para novas entradas antes de sortear.');
    expect(
      (await call('POST', `/api/private-rooms/${room.id}/close`, players[0]!.cookie)).statusCode,
    ).toBe(403);
    expect(
      (await call('POST', `/api/private-rooms/${room.id}/close`, creator.cookie)).json(),
    ).toEqual({ ok: true });
    expect(
      (await call('POST', `/api/private-rooms/${room.id}/draw`, creator.cookie)).json().error
        .message,
    ).toBe('O sorteio precisa de pelo menos dois participantes com pagamento confirmado.');
    await call('POST', `/api/private-rooms/${room.id}/pay-with-balance`, players[0]!.cookie);
    await call('POST', `/api/private-rooms/${room.id}/pay-with-balance`, players[1]!.cookie);
    const drawn = await call('POST', `/api/private-rooms/${room.id}/draw`, creator.cookie);
    expect(drawn.json().result).toBe('drawn');
    // The prize follows what was collected: 2 x R$ 10,00 minus 10 %.
    const proof = (
      await ctx.app.inject({ url: `/api/draws/${drawn.json().sorteioId}/proof` })
    ).json();
    expect(proof.entrants).toHaveLength(2);
  });
  it("describes a private seat's PIX as 'Pagamento Sala Privada' plus the room id's last 8 characters", async () => {
    const creator = await verifiedPlayer(ctx);
    const room = await createRoomAs(creator.cookie);
    const player = await verifiedPlayer(ctx);
    await call('POST', `/api/private-rooms/invite/${room.inviteCode}/join`, player.cookie);
    const detail = (await call('GET', `/api/private-rooms/${room.id}`, player.cookie)).json();
    const res = await call('POST', '/api/payments/pix', player.cookie, {
      participacaoId: detail.myParticipation.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    const expected = `Pagamento Sala Privada ${String(room.id).slice(-8)}`;
    const [charge] = await ctx.database.db
      .select()
      .from(pixCharges)
      .where(eq(pixCharges.txid, res.json().txid));
    // What the provider was asked for: the stored request and the BR Code it returned.
    expect(charge!.description).toBe(expected);
    expect(charge!.brCode).toContain(expected);
    // Public rooms keep their own description.
    const sala = await createRoom({
      db: ctx.database.db,
      input: { tipoSala: 'ouro', valorEntradaCentavos: 1000, maxParticipantes: 5, taxaBp: 1500 },
    });
    const seat = await call('POST', `/api/rooms/${sala.id}/join`, player.cookie, {
      metodo: 'pix',
    });
    expect(seat.statusCode, seat.body).toBe(200);
    const publicCharge = await call('POST', '/api/payments/pix', player.cookie, {
      participacaoId: seat.json().participation.id,
    });
    const [row] = await ctx.database.db
      .select()
      .from(pixCharges)
      .where(eq(pixCharges.txid, publicCharge.json().txid));
    expect(row!.description).toBe('Participação em sorteio - Sala Ouro');
  });
});
