import { commitmentOf, runDraw, verificationCheckLabels, type DrawProof } from '@sorteio/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeParticipation } from '@/test/fixtures';
import { mockApi, regularUser } from '@/test/mock-api';
import { lucky } from '@/test/lucky';
import { renderRoutes } from '@/test/render';
import DrawPage from './draw';

const DRAW_ID = '0b4c7e3e-3333-4000-8000-000000000001';
const PAGE = `/sorteios/${DRAW_ID}`;
const routes = [
  { path: '/sorteios/:id', element: <DrawPage /> },
  { path: '/sorteios', element: <p>Lista de sorteios</p> },
];

/** A real proof: the same code the server draws with, on a fixed seed. */
async function makeProof(beacon = ''): Promise<DrawProof> {
  const seed = '5eed'.repeat(16);
  const roomId = '0b4c7e3e-1111-4000-8000-000000000001';
  const commitment = await commitmentOf(seed);
  const luckyNumbers = ['P0001123', 'O1234567', '004217', 'B7730215', '912004', 'O7654321'];
  const result = await runDraw({ seedHex: seed, commitment, roomId, luckyNumbers, beacon });
  return {
    version: 'v1',
    room_id: roomId,
    commitment,
    commitment_published_at: '2025-03-01T12:00:00.000Z',
    seed,
    entrants: result.entrants,
    entrants_digest: result.entrantsDigest,
    beacon,
    beacon_round: beacon === '' ? null : 4_812_345,
    winner_index: result.winnerIndex,
    winning_number: result.winningNumber,
    hash_prova: result.hashProva,
    drawn_at: '2025-03-01T12:30:00.000Z',
  };
}

function proofApi(proof: DrawProof) {
  return mockApi({
    'GET /api/me': { body: { user: null } },
    [`GET /api/draws/${DRAW_ID}/proof`]: { body: proof },
  });
}

function checkItem(label: string) {
  const list = screen.getByRole('list', { name: 'Verificações' });
  const item = within(list)
    .getAllByRole('listitem')
    .find((li) => li.textContent.includes(label));
  if (!item) throw new Error(`no check '${label}'`);
  return item;
}

describe('/sorteios/:id', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('re-runs every check in the browser and shows them all passing for a real proof', async () => {
    const proof = await makeProof();
    proofApi(proof);
    renderRoutes(routes, PAGE);

    expect(screen.getByRole('heading', { level: 1, name: 'Verificação do sorteio' })).toBeDefined();
    expect(
      await screen.findByText('Sorteio verificado: todas as verificações conferem.'),
    ).toBeDefined();
    // A v1 proof has no beacon: its seven checks, none of the beacon's three.
    const labels = Object.entries(verificationCheckLabels)
      .filter(([check]) => !check.startsWith('beacon_'))
      .map(([, label]) => label);
    expect(labels).toHaveLength(7);
    expect(
      within(screen.getByRole('list', { name: 'Verificações' })).getAllByRole('listitem'),
    ).toHaveLength(labels.length);
    for (const label of labels) {
      const item = checkItem(label);
      expect(within(item).getByText('Confere')).toBeDefined();
      expect(within(item).queryByText('Não confere')).toBeNull();
    }

    // The published fields, with copy buttons for the long values.
    for (const value of [
      proof.room_id,
      proof.commitment,
      proof.seed,
      proof.entrants_digest,
      proof.hash_prova,
    ]) {
      expect(screen.getByText(value)).toBeDefined();
    }
    expect(screen.getByText('Sem beacon público')).toBeDefined();
    expect(screen.getByText('01/03/2025 09:00')).toBeDefined();
    expect(screen.getByText('01/03/2025 09:30')).toBeDefined();

    // The entrants numbered from 0 like winner_index, the winner marked in words.
    const entrants = screen.getByRole('list', { name: 'Participantes' });
    const items = within(entrants).getAllByRole('listitem');
    expect(items.map((li) => li.textContent.replace('vencedor', ''))).toEqual(
      proof.entrants.map((e, i) => `${i}${e}`),
    );
    const winner = items[proof.winner_index]!;
    expect(within(winner).getByText(lucky(proof.winning_number))).toBeDefined();
    // Lucky numbers in the readable typeface, grouped without changing what is copied.
    for (const entrant of proof.entrants) {
      const shown = within(entrants).getByText(lucky(entrant));
      expect(shown.className).toContain('font-lucky');
      expect(shown.textContent).toBe(entrant);
    }
    const published = screen
      .getAllByText(lucky(proof.winning_number))
      .filter((element) => !entrants.contains(element));
    expect(published).toHaveLength(1);
    expect(published[0]!.className).toContain('font-lucky');
    expect(within(winner).getByText('vencedor')).toBeDefined();
    expect(items.filter((li) => li.textContent.includes('vencedor'))).toHaveLength(1);

    const download = screen.getByRole('link', { name: 'Baixar prova (JSON)' });
    expect(download.getAttribute('href')).toBe(`/api/draws/${DRAW_ID}/proof`);
    expect(download.getAttribute('download')).toBe(`prova-sorteio-${DRAW_ID}.json`);
    expect(screen.getByRole('heading', { level: 2, name: 'Verifique você mesmo' })).toBeDefined();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it('links a player who held a seat back to the room; others get no link', async () => {
    const proof = await makeProof();
    mockApi({
      'GET /api/me': { body: { user: regularUser } },
      [`GET /api/draws/${DRAW_ID}/proof`]: { body: proof },
      [`GET /api/rooms/${proof.room_id}/my-participation`]: {
        body: { participation: makeParticipation({ salaId: proof.room_id }) },
      },
    });
    renderRoutes(routes, PAGE);
    const link = await screen.findByRole('link', { name: 'Ver a sala da minha participação' });
    expect(link.getAttribute('href')).toBe(`/participate?sala_id=${proof.room_id}`);
  });

  it('shows no room link to a visitor', async () => {
    proofApi(await makeProof());
    renderRoutes(routes, PAGE);
    await screen.findByText('Sorteio verificado: todas as verificações conferem.');
    expect(screen.queryByRole('link', { name: 'Ver a sala da minha participação' })).toBeNull();
  });

  it('shows the failing check when one entrant was tampered with', async () => {
    const proof = await makeProof();
    const entrants = [...proof.entrants];
    // Still in order, so only the digest (and what depends on it) can catch it.
    entrants[1] = '912005';
    proofApi({ ...proof, entrants });
    renderRoutes(routes, PAGE);

    expect(await screen.findByText('Atenção: alguma verificação não confere.')).toBeDefined();
    expect(screen.queryByText('Sorteio verificado: todas as verificações conferem.')).toBeNull();
    const digest = checkItem(verificationCheckLabels.entrants_digest);
    expect(within(digest).getByText('Não confere')).toBeDefined();
    expect(within(digest).getByText(proof.entrants_digest, { selector: 'dd' })).toBeDefined();
    expect(
      within(checkItem(verificationCheckLabels.hash_prova)).getByText('Não confere'),
    ).toBeDefined();
    expect(
      within(checkItem(verificationCheckLabels.commitment)).getByText('Confere'),
    ).toBeDefined();
    expect(
      within(checkItem(verificationCheckLabels.entrants_sorted)).getByText('Confere'),
    ).toBeDefined();
  });

  it('shows the beacon and its round when the draw used one', async () => {
    const beacon = 'ab'.repeat(32);
    proofApi(await makeProof(beacon));
    renderRoutes(routes, PAGE);
    expect(
      await screen.findByText('Sorteio verificado: todas as verificações conferem.'),
    ).toBeDefined();
    expect(screen.getByText(beacon)).toBeDefined();
    expect(screen.getByText('Rodada drand 4812345')).toBeDefined();
    expect(screen.queryByText('Sem beacon público')).toBeNull();
  });

  it('copies the seed', async () => {
    const proof = await makeProof();
    proofApi(proof);
    renderRoutes(routes, PAGE);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Copiar semente' }));
    expect(await screen.findByText('Copiado!')).toBeDefined();
    expect(await navigator.clipboard.readText()).toBe(proof.seed);
  });

  it('says so when this browser cannot verify (no WebCrypto outside HTTPS)', async () => {
    const proof = await makeProof();
    proofApi(proof);
    vi.stubGlobal('crypto', {});
    renderRoutes(routes, PAGE);
    expect(await screen.findByText('Não foi possível verificar neste navegador.')).toBeDefined();
    expect(screen.queryByText('Sorteio verificado: todas as verificações conferem.')).toBeNull();
    expect(screen.getByText(proof.seed)).toBeDefined();
    expect(screen.getByRole('link', { name: 'Baixar prova (JSON)' })).toBeDefined();
  });

  it("answers 'Sorteio não encontrado.' with a link to the list", async () => {
    mockApi({
      'GET /api/me': { body: { user: null } },
      [`GET /api/draws/${DRAW_ID}/proof`]: {
        status: 404,
        body: { error: { message: 'Sorteio não encontrado.' } },
      },
    });
    renderRoutes(routes, PAGE);
    expect(await screen.findByText('Sorteio não encontrado.')).toBeDefined();
    const back = screen.getByRole('link', { name: 'Ver sorteios realizados' });
    expect(back.getAttribute('href')).toBe('/sorteios');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it('treats an id that is not a UUID (400) as not found', async () => {
    mockApi({
      'GET /api/me': { body: { user: null } },
      'GET /api/draws/abc/proof': {
        status: 400,
        body: { error: { code: 'VALIDATION_ERROR', message: 'Sorteio não encontrado.' } },
      },
    });
    renderRoutes(routes, '/sorteios/abc');
    expect(await screen.findByText('Sorteio não encontrado.')).toBeDefined();
  });
});
