/** /ganhadores: masked names, the 'Anônimo' choice, and monthly rankings in Brasília time. */
import { type Rankings, publicWinnerName } from '@sorteio/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { participacoes, sorteios } from '../../db/schema';
import {
  type TestUser,
  fundedPlayer,
  filledRoom,
  jsonHeaders,
  signIn,
  useTestApp,
} from '../../test/helpers';
import { drawRoom } from '../draws/draws.service';

const ctx = useTestApp({}, { ledgerEachTest: true });
const db = () => ctx.database.db;

const player = (nomeCompleto: string) => fundedPlayer(ctx, { profile: { nomeCompleto } });

/** A room joined by `who`, drawn, with its draw and entries moved to `at`. */
async function drawnRoom(who: TestUser[], entry: number, at: string) {
  const room = await filledRoom(ctx, who, {
    tipoSala: 'ouro',
    valorEntradaCentavos: entry,
    taxaBp: 1000,
  });
  const outcome = await drawRoom({ db: db(), salaId: room.id });
  if (outcome.kind !== 'drawn') throw new Error('expected a draw');
  await db()
    .update(sorteios)
    .set({ timestampSorteio: new Date(at) })
    .where(eq(sorteios.id, outcome.sorteioId));
  await db()
    .update(participacoes)
    .set({ confirmedAt: new Date(at) })
    .where(eq(participacoes.salaId, room.id));
  return outcome;
}

const setAnonymous = async (u: TestUser, value: boolean) => {
  const res = await ctx.app.inject({
    method: 'PUT',
    url: '/api/profile/privacy',
    headers: { ...jsonHeaders, cookie: await signIn(ctx, u) },
    payload: { anonimoNosGanhadores: value },
  });
  expect(res.statusCode).toBe(200);
  expect(res.json().anonimoNosGanhadores).toBe(value);
};

describe('/ganhadores', () => {
  it('masks names, honours Anônimo, and ranks each month in Brasília time', async () => {
    const maria = await player('Maria Aparecida Souza');
    const joao = await player('João Pereira');
    const ana = await player('ana lima');
    const names = new Map([
      [maria.id, 'Maria S.'],
      [joao.id, 'Anônimo'],
      [ana.id, 'ana L.'],
    ]);
    // The default: first name and initial.
    const profile = await ctx.app.inject({
      url: '/api/profile',
      headers: { cookie: await signIn(ctx, joao) },
    });
    expect(profile.json().anonimoNosGanhadores).toBe(false);
    await setAnonymous(joao, true);
    // Bad input changes nothing.
    const bad = await ctx.app.inject({
      method: 'PUT',
      url: '/api/profile/privacy',
      headers: { ...jsonHeaders, cookie: await signIn(ctx, maria) },
      payload: { anonimoNosGanhadores: 'sim' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain('ganhadores');

    // 23:30 of 31 January in Brasília is already February in UTC: it counts in January.
    const jan = await drawnRoom([maria, joao], 1000, '2026-02-01T02:30:00.000Z');
    // 00:30 of 1 February in Brasília.
    const feb1 = await drawnRoom([maria, joao, ana], 2000, '2026-02-01T03:30:00.000Z');
    const feb2 = await drawnRoom([maria, ana], 500, '2026-02-10T15:00:00.000Z');

    const recent = await ctx.app.inject({ url: '/api/winners' });
    expect(recent.statusCode).toBe(200);
    const body = recent.json<{ items: { sorteioId: string; nome: string; premio: number }[] }>();
    const byDraw = new Map(body.items.map((w) => [w.sorteioId, w]));
    for (const d of [jan, feb1, feb2]) {
      expect(byDraw.get(d.sorteioId)?.nome).toBe(names.get(d.winnerId));
      expect(byDraw.get(d.sorteioId)?.premio).toBe(d.net);
    }
    const text = recent.body;
    for (const full of ['Aparecida', 'Souza', 'Pereira', 'João', 'lima'])
      expect(text).not.toContain(full);

    const rankings = async (mes: string) => {
      const res = await ctx.app.inject({ url: `/api/winners/rankings?mes=${mes}` });
      expect(res.statusCode).toBe(200);
      return res.json<Rankings>();
    };
    const january = await rankings('2026-01');
    expect(january.maioresPremios.map((p) => p.sorteioId)).toEqual([jan.sorteioId]);
    expect(january.maioresPremios[0]!.nome).toBe(names.get(jan.winnerId));
    expect(january.maisParticipacoes.map((p) => [p.nome, p.participacoes]).sort()).toEqual(
      [
        ['Anônimo', 1],
        ['Maria S.', 1],
      ].sort(),
    );
    const february = await rankings('2026-02');
    // Biggest prize first.
    expect(february.maioresPremios.map((p) => p.sorteioId)).toEqual([
      feb1.sorteioId,
      feb2.sorteioId,
    ]);
    expect(february.maioresPremios.map((p) => p.posicao)).toEqual([1, 2]);
    // Most entries first (Maria and Ana tie on 2, both first confirmed at the same moment).
    const entries = february.maisParticipacoes.map((p) => [p.nome, p.participacoes]);
    expect(entries.slice(0, 2).sort()).toEqual([
      ['Maria S.', 2],
      ['ana L.', 2],
    ]);
    expect(entries[2]).toEqual(['Anônimo', 1]);
    expect((await rankings('2026-03')).maioresPremios).toEqual([]);

    // Back to first name and initial.
    await setAnonymous(joao, false);
    const again = await rankings('2026-02');
    expect(again.maisParticipacoes.map((p) => p.nome)).toContain('João P.');
    const bad2 = await ctx.app.inject({ url: '/api/winners/rankings?mes=2026-13' });
    expect(bad2.statusCode).toBe(400);
    expect(bad2.json().error.message).toBe('Mês inválido. Use o formato AAAA-MM.');
  });

  it('writes names as first name and initial', () => {
    expect(publicWinnerName('Maria da Silva Souza', false)).toBe('Maria S.');
    expect(publicWinnerName('  Pedro  ', false)).toBe('Pedro');
    expect(publicWinnerName('Érica Ávila', false)).toBe('Érica Á.');
    expect(publicWinnerName('Maria Souza', true)).toBe('Anônimo');
    expect(publicWinnerName(null, false)).toBe('Anônimo');
  });
});
