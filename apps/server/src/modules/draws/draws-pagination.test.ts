import { describe, expect, it } from 'vitest';
import { sorteios } from '../../db/schema';
import { useTestApp } from '../../test/helpers';
import { createRoom } from '../rooms/rooms.service';

const ctx = useTestApp();

describe('the public draws list', () => {
  it('pages with the cursor it hands out, never skipping draws that share a time', async () => {
    const at = new Date('2030-05-01T12:00:00.000Z');
    for (let i = 0; i < 5; i += 1) {
      const room = await createRoom({
        db: ctx.database.db,
        input: { tipoSala: 'prata', valorEntradaCentavos: 500, maxParticipantes: 2, taxaBp: 1000 },
      });
      await ctx.database.db.insert(sorteios).values({
        salaId: room.id,
        numeroVencedor: `P000${i}`,
        winnerIndex: 0,
        entrantsDigest: '0'.repeat(64),
        valorPremioLiquido: 900,
        hashProva: `${i}`.repeat(64),
        entrants: [`P000${i}`],
        // Three draws at the same instant: the id breaks the tie.
        timestampSorteio: i < 3 ? at : new Date(at.getTime() - i * 1000),
      });
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 5; page += 1) {
      const res: { statusCode: number; body: string; json: <T>() => T } = await ctx.app.inject({
        method: 'GET',
        url: `/api/draws?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      });
      expect(res.statusCode, res.body).toBe(200);
      const body: { items: { id: string }[]; nextCursor: string | null } = res.json();
      seen.push(...body.items.map((d) => d.id));
      cursor = body.nextCursor;
      if (!cursor) break;
    }
    expect(seen).toHaveLength(5);
    expect(new Set(seen).size).toBe(5);
  });

  it.each([
    '2030-13-45T99:99:99Z_00000000-0000-4000-8000-000000000000',
    '2030-01-01T00:00:00Z_----------------------------------00',
    'não-é-um-cursor',
  ])('refuses the malformed cursor %s with a message', async (cursor) => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/draws?cursor=${encodeURIComponent(cursor)}`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Cursor inválido.');
  });
});
