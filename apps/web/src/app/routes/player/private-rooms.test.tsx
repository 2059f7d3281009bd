import { formatBRL } from '@sorteio/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, regularUser, type MockHandler } from '@/test/mock-api';
import { makePrivateRoom } from '@/test/private-room-fixtures';
import { renderRoutes } from '@/test/render';
import PrivateRoomsPage from './private-rooms';

const routes = [{ path: '/private-rooms', element: <PrivateRoomsPage /> }];
const me = { 'GET /api/me': { body: { user: regularUser } } };

/** The list with one room named Galera, its 'Compartilhar Convite' button pressed. */
async function openShare() {
  mockApi({
    ...me,
    'GET /api/private-rooms': { body: [makePrivateRoom({ customName: 'Galera' })] },
  });
  renderRoutes(routes, '/private-rooms');
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Compartilhar Convite' }));
  return user;
}

describe('private rooms list', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("shows 'Nenhuma sala criada' with 'Criar Primeira Sala' when there are none", async () => {
    mockApi({ ...me, 'GET /api/private-rooms': { body: [] } });
    renderRoutes(routes, '/private-rooms');
    expect(await screen.findByText('Nenhuma sala criada')).toBeDefined();
    expect(screen.getByRole('button', { name: 'Criar Primeira Sala' })).toBeDefined();
    expect(screen.getByRole('link', { name: 'Voltar ao Dashboard' }).getAttribute('href')).toBe(
      '/dashboard',
    );
  });

  it("shows 'Erro ao carregar salas: ' with the message and 'Tentar Novamente'", async () => {
    mockApi({
      ...me,
      'GET /api/private-rooms': {
        status: 500,
        body: { error: { code: 'INTERNAL', message: 'Falha no banco' } },
      },
    });
    renderRoutes(routes, '/private-rooms');
    expect(await screen.findByText('Erro ao carregar salas: Falha no banco')).toBeDefined();
    expect(screen.getByRole('button', { name: 'Tentar Novamente' })).toBeDefined();
  });

  it('shows a card per room with code, entry, seats and links', async () => {
    mockApi({
      ...me,
      'GET /api/private-rooms': { body: [makePrivateRoom({ customName: 'Galera' })] },
    });
    renderRoutes(routes, '/private-rooms');
    expect(await screen.findByText('Galera')).toBeDefined();
    expect(screen.getByText('2/10 participantes')).toBeDefined();
    expect(screen.getByText('Entrada: R$ 10,00')).toBeDefined();
    expect(screen.getByText('ABCD1234')).toBeDefined();
    expect(screen.getByRole('link', { name: 'Acessar' }).getAttribute('href')).toBe(
      `/private-room/${makePrivateRoom().id}`,
    );
    // A button for the share sheet, not a link that opens the invitation in this tab.
    expect(screen.getByRole('button', { name: 'Compartilhar Convite' })).toBeDefined();
    expect(screen.queryByRole('link', { name: 'Compartilhar Convite' })).toBeNull();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Copiar código da sala Galera' }));
    expect(await screen.findByText('Código copiado!')).toBeDefined();
    expect(await navigator.clipboard.readText()).toBe('ABCD1234');
  });

  it('shows a room name typed in lower case with a capital first letter', async () => {
    mockApi({
      ...me,
      'GET /api/private-rooms': {
        body: [makePrivateRoom({ roomName: 'churrasco da firma', customName: null })],
      },
    });
    renderRoutes(routes, '/private-rooms');
    expect(await screen.findByText('Churrasco da firma')).toBeDefined();
    expect(screen.queryByText('churrasco da firma')).toBeNull();
    expect(
      screen.getByRole('button', { name: 'Copiar código da sala Churrasco da firma' }),
    ).toBeDefined();
  });

  it("'Compartilhar Convite' opens the phone's share sheet with the invitation", async () => {
    const share = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator) as Navigator, { share }));
    await openShare();
    expect(share).toHaveBeenCalledOnce();
    expect(share).toHaveBeenCalledWith({
      title: 'Convite para a sala Galera',
      text: `Entre na minha sala privada "Galera" no Sorteio Certo! Entrada: ${formatBRL(1000)}.`,
      url: makePrivateRoom().inviteLink,
    });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('offers WhatsApp and the copy of the link when the browser has no share sheet', async () => {
    vi.stubGlobal(
      'navigator',
      Object.assign(Object.create(navigator) as Navigator, { share: undefined }),
    );
    const user = await openShare();
    const dialog = await screen.findByRole('dialog', { name: 'Compartilhar Convite' });
    const whatsApp = within(dialog).getByRole('link', { name: 'Compartilhar no WhatsApp' });
    const href = new URL(whatsApp.getAttribute('href')!);
    expect(href.origin + href.pathname).toBe('https://wa.me/');
    expect(href.searchParams.get('text')).toBe(
      `Entre na minha sala privada "Galera" no Sorteio Certo! Entrada: ${formatBRL(1000)}. ${makePrivateRoom().inviteLink}`,
    );
    expect(whatsApp.getAttribute('target')).toBe('_blank');
    expect(whatsApp.getAttribute('rel')).toContain('noopener');
    await user.click(within(dialog).getByRole('button', { name: 'Copiar link' }));
    expect(await screen.findByText('Link copiado!')).toBeDefined();
    expect(await navigator.clipboard.readText()).toBe(makePrivateRoom().inviteLink);
  });

  it('falls back to the dialog when the share sheet fails, but not when it is dismissed', async () => {
    const share = vi
      .fn<() => Promise<void>>()
      .mockRejectedValueOnce(new DOMException('Cancelado', 'AbortError'))
      .mockRejectedValueOnce(new DOMException('Bloqueado', 'NotAllowedError'));
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator) as Navigator, { share }));
    mockApi({ ...me, 'GET /api/private-rooms': { body: [makePrivateRoom()] } });
    renderRoutes(routes, '/private-rooms');
    const user = userEvent.setup();
    const button = await screen.findByRole('button', { name: 'Compartilhar Convite' });
    await user.click(button);
    expect(share).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(button);
    expect(share).toHaveBeenCalledTimes(2);
    expect(await screen.findByRole('dialog', { name: 'Compartilhar Convite' })).toBeDefined();
  });

  it("creates a room: disabled while the name is blank, then 'Sala criada!'", async () => {
    const create = vi.fn<MockHandler>(() => ({ body: makePrivateRoom() }));
    mockApi({ ...me, 'GET /api/private-rooms': { body: [] }, 'POST /api/private-rooms': create });
    renderRoutes(routes, '/private-rooms');
    const user = userEvent.setup();
    await screen.findByText('Nenhuma sala criada');
    await user.click(screen.getAllByRole('button', { name: 'Criar Sala' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Criar Nova Sala Privada' });
    const submit = within(dialog).getByRole('button', { name: 'Criar Sala' });
    expect(submit).toHaveProperty('disabled', true);
    expect(within(dialog).getByLabelText('Valor da Entrada')).toHaveProperty('value', '10');
    expect(within(dialog).getByLabelText('Máx. Participantes')).toHaveProperty('value', '10');

    await user.type(within(dialog).getByLabelText('Nome da Sala'), '   ');
    expect(submit).toHaveProperty('disabled', true);
    await user.type(within(dialog).getByLabelText('Nome da Sala'), 'Sala dos Amigos');
    const entry = within(dialog).getByLabelText('Valor da Entrada');
    await user.clear(entry);
    await user.type(entry, '25,50');
    await user.click(submit);

    expect(await screen.findByText('Sala criada!')).toBeDefined();
    expect(screen.getByText('Sua sala privada foi criada com sucesso.')).toBeDefined();
    expect(create.mock.calls[0]?.[0].body).toEqual({
      roomName: 'Sala dos Amigos',
      entryValue: 2550,
      maxParticipants: 10,
    });
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });
  });

  it("sends 0 for an unparsable entry and shows the server's refusal under 'Erro ao criar sala'", async () => {
    const create = vi.fn<MockHandler>(() => ({
      status: 400,
      body: { error: { code: 'BAD_REQUEST', message: 'O valor mínimo da entrada é R$ 1,00.' } },
    }));
    mockApi({ ...me, 'GET /api/private-rooms': { body: [] }, 'POST /api/private-rooms': create });
    renderRoutes(routes, '/private-rooms');
    const user = userEvent.setup();
    await screen.findByText('Nenhuma sala criada');
    await user.click(screen.getAllByRole('button', { name: 'Criar Sala' })[0]!);
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Nome da Sala'), 'Sala');
    const entry = within(dialog).getByLabelText('Valor da Entrada');
    await user.clear(entry);
    await user.type(entry, 'abc');
    await user.click(within(dialog).getByRole('button', { name: 'Criar Sala' }));
    expect(await screen.findByText('Erro ao criar sala')).toBeDefined();
    expect(screen.getByText('O valor mínimo da entrada é R$ 1,00.')).toBeDefined();
    expect(create.mock.calls[0]?.[0].body).toMatchObject({ entryValue: 0, maxParticipants: 10 });
  });
});
