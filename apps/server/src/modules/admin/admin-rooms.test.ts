/**
 * What administrators may do to a room once money is in it (docs/decisions/015-spec-differences.md)
 * and where the default fee of a new room comes from (the settings, one source).
 */
import { roomEditMessages } from '@sorteio/shared';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { participacoes, salas, staffAuditLog } from '../../db/schema';
import {
  caller,
  createUser,
  expectLedgerInvariants,
  signIn,
  useTestApp,
  verifiedPlayer,
} from '../../test/helpers';

let admin: string;
let manager: string;

const ctx = useTestApp();
beforeAll(async () => {
  admin = await signIn(ctx, await createUser(ctx, { role: 'admin' }), '198.18.80.1');
  manager = await signIn(ctx, await createUser(ctx, { role: 'manager' }), '198.18.80.2');
});

const call = caller(ctx);

const form = {
  tipoSala: 'ouro',
  valorEntrada: 1000,
  maxParticipantes: 5,
  taxaPersonalizadaBp: 2000,
  sorteioAutomatico: true,
  temLimitePessoas: true,
  dataSorteio: null,
};

async function newRoom(body: Record<string, unknown> = form) {
  const res = await call('POST', '/api/admin/rooms', admin, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ id: string; taxaPersonalizadaBp: number; entrantsEver: number }>();
}

async function roomRow(id: string) {
  const [row] = await ctx.database.db.select().from(salas).where(eq(salas.id, id));
  return row;
}

async function joinWithPix(salaId: string) {
  const player = await verifiedPlayer(ctx);
  const res = await call('POST', `/api/rooms/${salaId}/join`, player.cookie, { metodo: 'pix' });
  expect(res.statusCode, res.body).toBe(200);
  return player;
}

describe('default fee of a new room', () => {
  it('comes from the settings, for the form and for a room created without a fee', async () => {
    const defaults = await call('GET', '/api/admin/rooms/defaults', manager);
    expect(defaults.statusCode).toBe(200);
    expect(defaults.json()).toEqual({
      tipoSala: 'premium',
      valorEntrada: 1000,
      maxParticipantes: 10,
      taxaPersonalizadaBp: 1500,
      sorteioAutomatico: true,
      temLimitePessoas: true,
    });
    const saved = await call('PUT', '/api/admin/settings', admin, { platformFeeBp: 1250 });
    expect(saved.statusCode, saved.body).toBe(200);
    try {
      expect(
        (await call('GET', '/api/admin/rooms/defaults', admin)).json().taxaPersonalizadaBp,
      ).toBe(1250);
      const { taxaPersonalizadaBp: _fee, ...withoutFee } = form;
      const created = await newRoom(withoutFee);
      expect(created.taxaPersonalizadaBp).toBe(1250);
      // 5 x R$ 10,00 = R$ 50,00; 12,5 % = R$ 6,25.
      expect(await roomRow(created.id)).toMatchObject({ taxaPlataforma: 625, premioLiquido: 4375 });
      // A fee typed in the form wins.
      expect((await newRoom()).taxaPersonalizadaBp).toBe(2000);
    } finally {
      await call('PUT', '/api/admin/settings', admin, { platformFeeBp: 1500 });
    }
  });
});

describe('editing a room', () => {
  it('changes anything while nobody joined; afterwards only the automatic draw, and says why', async () => {
    const room = await newRoom();
    const edited = await call('PUT', `/api/admin/rooms/${room.id}`, admin, {
      ...form,
      valorEntrada: 1500,
      maxParticipantes: 8,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      valorEntrada: 1500,
      premioBruto: 12_000,
      entrantsEver: 0,
    });

    await joinWithPix(room.id); // a seat held for a pending PIX
    const list = (await call('GET', '/api/admin/rooms', admin)).json<
      { id: string; entrantsEver: number; paidSeats: number }[]
    >();
    expect(list.find((r) => r.id === room.id)).toMatchObject({ entrantsEver: 1, paidSeats: 0 });

    const before = await roomRow(room.id);
    for (const change of [
      { valorEntrada: 1000 },
      { maxParticipantes: 9 },
      { taxaPersonalizadaBp: 1000 },
      { tipoSala: 'prata' },
      { temLimitePessoas: false, dataSorteio: new Date(Date.now() + 86_400_000).toISOString() },
    ]) {
      const res = await call('PUT', `/api/admin/rooms/${room.id}`, admin, {
        ...form,
        valorEntrada: 1500,
        maxParticipantes: 8,
        ...change,
      });
      expect(res.statusCode, JSON.stringify(change)).toBe(409);
      expect(res.json().error.message).toBe(roomEditMessages.lockedRefused);
    }
    expect(await roomRow(room.id)).toEqual(before);

    const automatic = await call('PUT', `/api/admin/rooms/${room.id}`, admin, {
      ...form,
      valorEntrada: 1500,
      maxParticipantes: 8,
      sorteioAutomatico: false,
    });
    expect(automatic.statusCode, automatic.body).toBe(200);
    expect(await roomRow(room.id)).toMatchObject({
      sorteioAutomatico: false,
      valorEntrada: 1500,
      premioLiquido: before!.premioLiquido,
    });
    const audit = await ctx.database.db
      .select()
      .from(staffAuditLog)
      .where(and(eq(staffAuditLog.targetId, room.id), eq(staffAuditLog.action, 'room.update')));
    expect(audit).toHaveLength(2);
  });

  it('refuses to edit a room being drawn, drawn or cancelled', async () => {
    for (const status of ['sorteando', 'sorteada', 'cancelada'] as const) {
      const room = await newRoom();
      await ctx.database.db.update(salas).set({ status }).where(eq(salas.id, room.id));
      const res = await call('PUT', `/api/admin/rooms/${room.id}`, admin, {
        ...form,
        sorteioAutomatico: false,
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toBe(roomEditMessages.notLive);
      expect((await roomRow(room.id))!.sorteioAutomatico).toBe(true);
    }
  });
});

describe('deleting a room', () => {
  it('deletes only a room nobody ever joined; otherwise points to cancel with refunds', async () => {
    const empty = await newRoom();
    expect((await call('DELETE', `/api/admin/rooms/${empty.id}`, admin)).json()).toEqual({
      deleted: true,
    });
    expect(await roomRow(empty.id)).toBeUndefined();

    const room = await newRoom();
    await joinWithPix(room.id);
    const refused = await call('DELETE', `/api/admin/rooms/${room.id}`, admin);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(roomEditMessages.deleteWithEntrants);
    expect(await roomRow(room.id)).toBeDefined();

    // The path for a room with money in it: cancel, with the entries refunded through the ledger.
    const cancelled = await call('POST', `/api/admin/rooms/${room.id}/cancel`, admin);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const seats = await ctx.database.db
      .select()
      .from(participacoes)
      .where(eq(participacoes.salaId, room.id));
    expect(seats.map((s) => s.statusPagamento)).toEqual(['cancelado']);
    // Its history stays: still not deletable.
    expect((await call('DELETE', `/api/admin/rooms/${room.id}`, admin)).statusCode).toBe(409);
    await expectLedgerInvariants(ctx);
  });
});

describe('opening and closing a room', () => {
  it('toggles between aberta and fechada only; never reopens once the draw started, happened, or after a cancellation', async () => {
    const room = await newRoom();
    const closed = await call('POST', `/api/admin/rooms/${room.id}/status`, admin, {
      status: 'fechada',
    });
    expect(closed.json().status).toBe('fechada');
    const reopened = await call('POST', `/api/admin/rooms/${room.id}/status`, admin, {
      status: 'aberta',
    });
    expect(reopened.json().status).toBe('aberta');

    for (const [status, message] of [
      ['sorteando', roomEditMessages.reopenDrawing],
      ['sorteada', roomEditMessages.reopenDrawn],
      ['finalizada', roomEditMessages.reopenDrawn],
      ['cancelada', roomEditMessages.reopenCancelled],
    ] as const) {
      await ctx.database.db.update(salas).set({ status }).where(eq(salas.id, room.id));
      const res = await call('POST', `/api/admin/rooms/${room.id}/status`, admin, {
        status: 'aberta',
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toBe(message);
      expect((await roomRow(room.id))!.status).toBe(status);
    }
  });
});
