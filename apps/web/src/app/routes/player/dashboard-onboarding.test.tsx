import type { Profile, Verification } from '@sorteio/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { baseProfile, notSent } from '@/features/profile/test-data';
import { rememberRoomToReturn, roomToReturn } from '@/lib/return-to-room';
import { brl, ids, makeDashboard } from '@/test/fixtures';
import { mockApi, regularUser } from '@/test/mock-api';
import { renderRoutes } from '@/test/render';
import DashboardPage from './dashboard';

const ROOM_PAGE = `/participate?sala_id=${ids.room}`;
const routes = [
  { path: '/dashboard', element: <DashboardPage /> },
  { path: '/participate', element: <h1>Sala escolhida</h1> },
];

/** A player who just signed up: e-mail confirmed (sign-in needs it), nothing else yet. */
const newProfile: Profile = { ...baseProfile, cpf: null, chavePix: null, chavePixTipo: null };
const completeProfile: Profile = { ...baseProfile, cpf: '52998224725' };
const newPlayerFigures = makeDashboard({
  pontosAtuais: 0,
  saldo: 0,
  cashback: 0,
  totalParticipacoes: 0,
  totalGanho: 0,
  vitorias: 0,
  investidoTotal: 0,
  lucroPrejuizo: 0,
});

function playerApi({
  profile = newProfile,
  verification = notSent,
  dashboard = newPlayerFigures,
}: {
  profile?: Profile;
  verification?: Verification;
  dashboard?: ReturnType<typeof makeDashboard>;
} = {}) {
  return mockApi({
    'GET /api/me': { body: { user: regularUser } },
    'GET /api/dashboard': { body: dashboard },
    'GET /api/rooms': { body: [] },
    'GET /api/profile': { body: profile },
    'GET /api/profile/verification': { body: verification },
  });
}

function step(name: string) {
  const checklist = screen.getByRole('region', { name: 'Primeiros passos' });
  return within(checklist).getByRole('listitem', { name });
}

beforeEach(() => {
  sessionStorage.clear();
});

describe('dashboard: first steps', () => {
  it('shows a new player the four steps instead of six zero cards, each linking to where it is done', async () => {
    playerApi();
    renderRoutes(routes, '/dashboard');
    const checklist = await screen.findByRole('region', { name: 'Primeiros passos' });
    expect(screen.queryByRole('region', { name: 'Seu desempenho' })).toBeNull();
    expect(screen.queryByText('Pontos Atuais')).toBeNull();
    expect(within(checklist).getAllByRole('listitem')).toHaveLength(4);
    expect(within(checklist).getByText('1 de 4 concluídos')).toBeDefined();

    expect(within(step('Confirmar e-mail')).getByText('Concluído')).toBeDefined();
    expect(within(step('Confirmar e-mail')).queryByRole('link')).toBeNull();

    const profile = step('Completar perfil');
    expect(within(profile).getByText('Falta preencher: CPF e Chave PIX.')).toBeDefined();
    expect(
      within(profile).getByRole('link', { name: 'Completar perfil' }).getAttribute('href'),
    ).toBe('/profile?tab=perfil');

    const verification = step('Verificar identidade');
    expect(within(verification).getByText(/^Não enviado/)).toBeDefined();
    expect(
      within(verification).getByRole('link', { name: 'Verificar identidade' }).getAttribute('href'),
    ).toBe('/profile?tab=verificacao');

    const entry = step('Primeira participação');
    expect(within(entry).getByRole('link', { name: 'Participar' }).getAttribute('href')).toBe(
      '/participate',
    );
  });

  it('follows the verification under analysis', async () => {
    playerApi({
      profile: completeProfile,
      verification: { ...notSent, status: 'pendente', hasDocument: true, hasSelfie: true },
    });
    renderRoutes(routes, '/dashboard');
    await screen.findByRole('region', { name: 'Primeiros passos' });
    expect(screen.getByText('2 de 4 concluídos')).toBeDefined();
    expect(within(step('Completar perfil')).getByText('Concluído')).toBeDefined();
    expect(
      within(step('Verificar identidade')).getByText('Seus documentos estão em análise.'),
    ).toBeDefined();
  });

  it('keeps the steps until the first entry, then shows only the usual cards', async () => {
    playerApi({
      profile: { ...completeProfile, isVerified: true },
      verification: { ...notSent, status: 'verificado' },
    });
    const first = renderRoutes(routes, '/dashboard');
    expect(await screen.findByText('3 de 4 concluídos')).toBeDefined();
    expect(within(step('Primeira participação')).getByRole('link')).toBeDefined();
    expect(screen.queryByRole('region', { name: 'Seu desempenho' })).toBeNull();
    first.unmount();

    playerApi({
      profile: { ...completeProfile, isVerified: true },
      verification: { ...notSent, status: 'verificado' },
      dashboard: makeDashboard({ totalParticipacoes: 1, pontosAtuais: 950 }),
    });
    renderRoutes(routes, '/dashboard');
    const cards = await screen.findByRole('region', { name: 'Seu desempenho' });
    expect(await within(cards).findByText(brl(950))).toBeDefined();
    expect(screen.queryByRole('region', { name: 'Primeiros passos' })).toBeNull();
  });

  it('shows the steps left above the cards of a player who already played', async () => {
    playerApi({
      profile: { ...completeProfile, isVerified: true, chavePix: null, chavePixTipo: null },
      verification: { ...notSent, status: 'verificado' },
      dashboard: makeDashboard({ totalParticipacoes: 3 }),
    });
    renderRoutes(routes, '/dashboard');
    await screen.findByRole('region', { name: 'Primeiros passos' });
    expect(within(step('Completar perfil')).getByText('Falta preencher: Chave PIX.')).toBeDefined();
    expect(screen.getByRole('region', { name: 'Seu desempenho' })).toBeDefined();
  });

  it('shows the usual cards when the first steps cannot be read', async () => {
    mockApi({
      'GET /api/me': { body: { user: regularUser } },
      'GET /api/dashboard': { body: newPlayerFigures },
      'GET /api/rooms': { body: [] },
    });
    renderRoutes(routes, '/dashboard');
    expect(await screen.findByRole('region', { name: 'Seu desempenho' })).toBeDefined();
    expect(screen.queryByRole('region', { name: 'Primeiros passos' })).toBeNull();
  });
});

describe('dashboard: back to the room after the verification', () => {
  it("offers 'Voltar para a sala' once verified, and forgets the room when followed", async () => {
    rememberRoomToReturn({ path: ROOM_PAGE, name: 'Sala ouro' });
    playerApi({
      profile: { ...completeProfile, isVerified: true },
      verification: { ...notSent, status: 'verificado' },
    });
    const { router } = renderRoutes(routes, '/dashboard');
    const back = await screen.findByRole('link', { name: 'Voltar para a sala' });
    expect(back.getAttribute('href')).toBe(ROOM_PAGE);
    expect(screen.getByText('Você tentou entrar na Sala ouro antes da verificação.')).toBeDefined();

    await userEvent.setup().click(back);
    expect(await screen.findByRole('heading', { name: 'Sala escolhida' })).toBeDefined();
    expect(router.state.location.search).toBe(`?sala_id=${ids.room}`);
    expect(roomToReturn()).toBeNull();
  });

  it('does not offer it before the verification is approved', async () => {
    rememberRoomToReturn({ path: ROOM_PAGE, name: 'Sala ouro' });
    playerApi({
      profile: completeProfile,
      verification: { ...notSent, status: 'pendente', hasDocument: true, hasSelfie: true },
    });
    renderRoutes(routes, '/dashboard');
    await screen.findByRole('region', { name: 'Primeiros passos' });
    expect(screen.queryByRole('link', { name: 'Voltar para a sala' })).toBeNull();
    expect(roomToReturn()?.path).toBe(ROOM_PAGE);
  });
});
