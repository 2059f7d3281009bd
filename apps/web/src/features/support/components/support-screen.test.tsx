import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cannedAnswers, supportMessages } from '@sorteio/shared';
import { contact } from '@/lib/contact';
import { regularUser } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { SupportScreen } from './support-screen';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

type Handler = (body: unknown) => Response | Promise<Response>;

/** fetch for this screen: JSON routes plus the NDJSON stream of the chat. */
function stubFetch(routes: Record<string, Handler>) {
  const calls: { key: string; body: unknown }[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const key = `${(init?.method ?? 'GET').toUpperCase()} ${new URL(url, 'http://localhost').pathname}`;
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ key, body });
    const handler = routes[key];
    if (!handler) return json(404, { error: { code: 'NOT_FOUND', message: 'não encontrado' } });
    return handler(body);
  });
  vi.stubGlobal('fetch', fn);
  return calls;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const ndjson = (lines: unknown[]) =>
  new Response(lines.map((l) => `${JSON.stringify(l)}\n`).join(''), {
    status: 200,
    headers: { 'content-type': 'application/x-ndjson' },
  });

function renderScreen() {
  return renderWithProviders(
    <MemoryRouter>
      <SupportScreen />
    </MemoryRouter>,
  );
}

describe('SupportScreen', () => {
  it('shows the title, useful links, the four FAQ entries and the channels', async () => {
    stubFetch({ 'GET /api/me': () => json(200, { user: null }) });
    renderScreen();
    expect(screen.getByRole('heading', { level: 1, name: 'Central de Suporte' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Como usar a plataforma/ }).getAttribute('href')).toBe(
      '/tutorial',
    );
    expect(screen.getByRole('link', { name: /Política de Privacidade/ }).getAttribute('href')).toBe(
      '/privacy',
    );
    expect(document.querySelectorAll('details')).toHaveLength(4);
    expect(screen.getByText(contact.email)).toBeTruthy();
    expect(screen.getByText(new RegExp(contact.whatsapp.replace(/[()]/g, '\\$&')))).toBeTruthy();
  });

  it('sends with Enter (not Shift+Enter), never whitespace, and blocks while "Pensando..."', async () => {
    let release: (r: Response) => void = () => {};
    const calls = stubFetch({
      'GET /api/me': () => json(200, { user: null }),
      'POST /api/support/chat/stream': () => new Promise<Response>((r) => (release = r)),
    });
    renderScreen();
    const box = screen.getByLabelText('Sua mensagem');
    fireEvent.change(box, { target: { value: '   ' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(calls.filter((c) => c.key.includes('/support/chat'))).toHaveLength(0);

    fireEvent.change(box, { target: { value: 'como saco meu premio' } });
    fireEvent.keyDown(box, { key: 'Enter', shiftKey: true });
    expect(calls.filter((c) => c.key.includes('/support/chat'))).toHaveLength(0);

    fireEvent.keyDown(box, { key: 'Enter' });
    await screen.findByText(supportMessages.thinking);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Enviar' }).disabled).toBe(true);
    fireEvent.change(box, { target: { value: 'outra' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(calls.filter((c) => c.key.includes('/support/chat'))).toHaveLength(1);
    expect(calls.find((c) => c.key.includes('/support/chat'))!.body).toEqual({
      message: 'como saco meu premio',
      conversationHistory: [],
    });

    await act(async () => {
      release(
        ndjson([
          { type: 'delta', text: 'Saque na página /cashback.' },
          {
            type: 'done',
            response: 'Saque na página /cashback.',
            sources: [{ title: 'Saques por PIX', href: '/cashback' }],
            engine: 'offline',
          },
        ]),
      );
    });
    const log = screen.getByRole('log');
    await within(log).findByRole('link', { name: '/cashback' });
    expect(within(log).getByRole('link', { name: 'Saques por PIX' }).getAttribute('href')).toBe(
      '/cashback',
    );
    expect(screen.queryByText(supportMessages.thinking)).toBeNull();
  });

  it('falls back to a canned answer with the "Modo offline" warning when the chat fails', async () => {
    stubFetch({
      'GET /api/me': () => json(200, { user: null }),
      'POST /api/support/chat/stream': () =>
        json(500, { error: { code: 'INTERNAL', message: 'Erro interno.' } }),
    });
    renderScreen();
    fireEvent.change(screen.getByLabelText('Sua mensagem'), { target: { value: 'oi' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    await screen.findAllByText(supportMessages.offlineTitle);
    const log = screen.getByRole('log');
    const answers = cannedAnswers(contact.whatsapp);
    await waitFor(() =>
      expect(answers.some((a) => (log.textContent ?? '').includes(a))).toBe(true),
    );
  });

  it('opens a ticket with the conversation and shows the staff answer as text', async () => {
    const tickets: unknown[] = [];
    const calls = stubFetch({
      'GET /api/me': () => json(200, { user: regularUser }),
      'GET /api/support/tickets': () => json(200, tickets),
      'POST /api/support/chat/stream': () =>
        ndjson([{ type: 'done', response: 'Resposta', sources: [], engine: 'offline' }]),
      'POST /api/support/tickets': (body) => {
        const now = new Date().toISOString();
        const ticket = {
          id: '7f1c1b8e-7f5b-4b53-9a53-4f7b2f7d2a10',
          subject: 'pix caiu?',
          status: 'respondido',
          createdAt: now,
          updatedAt: now,
          messages: [
            {
              id: '8f1c1b8e-7f5b-4b53-9a53-4f7b2f7d2a10',
              author: 'player',
              authorName: null,
              body: (body as { message: string }).message,
              createdAt: now,
            },
            {
              id: '9f1c1b8e-7f5b-4b53-9a53-4f7b2f7d2a10',
              author: 'staff',
              authorName: 'Paula',
              body: '<b>Confirmado</b>',
              createdAt: now,
            },
          ],
        };
        tickets.push(ticket);
        return json(200, ticket);
      },
    });
    renderScreen();
    await screen.findByText(/Nenhum atendimento/);
    fireEvent.change(screen.getByLabelText('Sua mensagem'), { target: { value: 'pix caiu?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    await screen.findByText('Resposta');
    fireEvent.click(screen.getByRole('button', { name: 'Falar com um atendente' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText<HTMLTextAreaElement>('Sua mensagem').value).toBe(
      'pix caiu?',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enviar para a equipe' }));
    await screen.findByText('<b>Confirmado</b>');
    expect(calls.find((c) => c.key === 'POST /api/support/tickets')!.body).toEqual({
      message: 'pix caiu?',
      conversation: [
        { text: 'pix caiu?', isUser: true },
        { text: 'Resposta', isUser: false },
      ],
    });
  });
});
