import { roomEditMessages } from '@sorteio/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { caller, createUser, signIn, useTestApp, verifiedPlayer } from '../../test/helpers';

let admin: string;
const ctx = useTestApp();
beforeAll(async () => {
  admin = await signIn(ctx, await createUser(ctx, { role: 'admin' }), '198.18.1.1');
});

const call = caller(ctx);

describe('administrators’ rooms API', () => {
  it('creates a room with the form defaults, the prize in centavos and a published commitment', async () => {
    const res = await call('POST', '/api/admin/rooms', admin, {});
    expect(res.statusCode).toBe(200);
    // Defaults of spec 001: premium, R$ 10,00, 10 seats, automatic draw; the fee is the settings'
    // platform fee (15 % by default), the one source of a new room's fee.
    expect(res.json()).toMatchObject({
      tipoSala: 'premium',
      valorEntrada: 1000,
      maxParticipantes: 10,
      taxaPersonalizadaBp: 1500,
      premioBruto: 10000,
      taxaPlataforma: 1500,
      premioLiquido: 8500,
      sorteioAutomatico: true,
      status: 'aberta',
      participantesAtual: 0,
    });
    expect(res.json().commitment).toMatch(/^[0-9a-f]{64}$/);
  });

  it.each([
    [{ valorEntrada: 99 }, 'O valor mínimo da entrada é R$ 1,00.'],
    [{ maxParticipantes: 1 }, 'A sala precisa de pelo menos 2 participantes.'],
    [{ maxParticipantes: 1001 }, 'O máximo é de 1000 participantes.'],
    [{ taxaPersonalizadaBp: 5001 }, 'A taxa deve estar entre 0% e 50%.'],
    [{ tipoSala: 'privada' }, 'Tipo de sala inválido.'],
    [
      { temLimitePessoas: false },
      'Salas sem limite de participantes precisam de uma data de sorteio.',
    ],
  ])('refuses %j with its message', async (body, message) => {
    const res = await call('POST', '/api/admin/rooms', admin, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(message);
  });

  it('edits prices only while nobody joined, toggles open/closed, and deletes only empty rooms', async () => {
    const room = (
      await call('POST', '/api/admin/rooms', admin, {
        tipoSala: 'ouro',
        valorEntrada: 2000,
        maxParticipantes: 4,
        taxaPersonalizadaBp: 1500,
      })
    ).json();
    const edited = await call('PUT', `/api/admin/rooms/${room.id}`, admin, {
      tipoSala: 'ouro',
      valorEntrada: 2500,
      maxParticipantes: 4,
      taxaPersonalizadaBp: 1000,
    });
    expect(edited.json()).toMatchObject({
      valorEntrada: 2500,
      premioBruto: 10000,
      taxaPlataforma: 1000,
      premioLiquido: 9000,
    });
    expect(
      (
        await call('POST', `/api/admin/rooms/${room.id}/status`, admin, { status: 'fechada' })
      ).json().status,
    ).toBe('fechada');
    expect(
      (await call('POST', `/api/admin/rooms/${room.id}/status`, admin, { status: 'aberta' })).json()
        .status,
    ).toBe('aberta');
    const player = await verifiedPlayer(ctx);
    expect(
      (await call('POST', `/api/rooms/${room.id}/join`, player.cookie, { metodo: 'pix' }))
        .statusCode,
    ).toBe(200);
    const priceChange = await call('PUT', `/api/admin/rooms/${room.id}`, admin, {
      tipoSala: 'ouro',
      valorEntrada: 100,
      maxParticipantes: 4,
      taxaPersonalizadaBp: 1000,
    });
    expect(priceChange.json().error.message).toBe(roomEditMessages.lockedRefused);
    expect(
      (
        await call('PUT', `/api/admin/rooms/${room.id}`, admin, {
          tipoSala: 'ouro',
          valorEntrada: 2500,
          maxParticipantes: 4,
          taxaPersonalizadaBp: 1000,
          sorteioAutomatico: false,
        })
      ).json().sorteioAutomatico,
    ).toBe(false);
    expect((await call('DELETE', `/api/admin/rooms/${room.id}`, admin)).json().error.message).toBe(
      roomEditMessages.deleteWithEntrants,
    );
    const empty = (await call('POST', '/api/admin/rooms', admin, {})).json();
    expect((await call('DELETE', `/api/admin/rooms/${empty.id}`, admin)).json()).toEqual({
      deleted: true,
    });
    expect((await call('GET', `/api/rooms/${empty.id}`, player.cookie)).statusCode).toBe(404);
  });

  it('refuses players', async () => {
    const player = await verifiedPlayer(ctx);
    for (const [method, url] of [
      ['GET', '/api/admin/rooms'],
      ['POST', '/api/admin/rooms'],
    ] as const) {
      const res = await call(method, url, player.cookie, method === 'POST' ? {} : undefined);
      expect(res.statusCode, url).toBe(403);
    }
  });
});
