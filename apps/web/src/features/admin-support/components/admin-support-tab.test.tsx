import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, regularUser } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import AdminSupportTab from './admin-support-tab';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const attendant = { ...regularUser, id: 'u-9', role: 'attendant', isStaff: true } as const;
const id = '7f1c1b8e-7f5b-4b53-9a53-4f7b2f7d2a10';
const now = '2026-11-23T12:00:00.000Z';
const ticket = (status: 'aberto' | 'respondido', extra: unknown[] = []) => ({
  id,
  subject: 'PIX não caiu',
  status,
  createdAt: now,
  updatedAt: now,
  userId: 'u-1',
  userEmail: 'maria@example.com',
  userName: 'Maria Souza',
  messages: [
    {
      id: '8f1c1b8e-7f5b-4b53-9a53-4f7b2f7d2a10',
      author: 'chat_user',
      authorName: null,
      body: 'pix caiu?',
      createdAt: now,
    },
    {
      id: '9f1c1b8e-7f5b-4b53-9a53-4f7b2f7d2a10',
      author: 'player',
      authorName: null,
      body: 'PIX não caiu <img src=x>',
      createdAt: now,
    },
    ...extra,
  ],
});

describe('AdminSupportTab', () => {
  it('lists the queue, opens a ticket with its transcript, answers it', async () => {
    let current = ticket('aberto');
    const replies: unknown[] = [];
    mockApi({
      'GET /api/me': { body: { user: attendant } },
      'GET /api/admin/support/tickets': () => ({
        body: [
          {
            ...current,
            messages: undefined,
            lastMessage: 'PIX não caiu <img src=x>',
            messageCount: current.messages.length,
          },
        ],
      }),
      [`GET /api/admin/support/tickets/${id}`]: () => ({ body: current }),
      [`POST /api/admin/support/tickets/${id}/reply`]: ({ body }) => {
        replies.push(body);
        current = ticket('respondido', [
          {
            id: 'af1c1b8e-7f5b-4b53-9a53-4f7b2f7d2a10',
            author: 'staff',
            authorName: 'Paula',
            body: (body as { message: string }).message,
            createdAt: now,
          },
        ]);
        return { body: current };
      },
    });
    renderWithProviders(
      <MemoryRouter>
        <AdminSupportTab />
      </MemoryRouter>,
    );
    fireEvent.click(await screen.findByRole('button', { name: /PIX não caiu/ }, { timeout: 5000 }));
    expect(await screen.findByText('pix caiu?')).toBeTruthy();
    // Player text is shown as text.
    expect(screen.getAllByText('PIX não caiu <img src=x>').length).toBeGreaterThan(0);
    expect(document.querySelector('img[src="x"]')).toBeNull();
    fireEvent.change(screen.getByLabelText('Resposta ao jogador'), {
      target: { value: 'Já confirmamos.' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Enviar resposta' }));
    await screen.findByText('Já confirmamos.');
    expect(replies).toEqual([{ message: 'Já confirmamos.' }]);
    await waitFor(() => expect(screen.getAllByText('Respondido').length).toBeGreaterThan(0));
  });
});
