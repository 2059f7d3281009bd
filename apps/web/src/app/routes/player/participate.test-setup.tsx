/** The shared setup of the participate page tests (participate*.test.tsx). */
import type { Profile } from '@sorteio/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { baseProfile } from '@/features/profile/test-data';
import { ids, makeRoom, makeWallet } from '@/test/fixtures';
import { mockApi, regularUser, type MockHandler, type MockReply } from '@/test/mock-api';
import ParticipatePage from './participate';

export const routes = [
  { path: '/participate', element: <ParticipatePage /> },
  { path: '/payment', element: <h1>Página de pagamento</h1> },
  { path: '/dashboard', element: <h1>Painel do usuário</h1> },
];

export const verified: Profile = { ...baseProfile, isVerified: true };
export const ROOM_PAGE = `/participate?sala_id=${ids.room}`;

export function roomApi(overrides: Record<string, MockReply | MockHandler> = {}) {
  return mockApi({
    'GET /api/me': { body: { user: regularUser } },
    'GET /api/rooms': { body: [] },
    [`GET /api/rooms/${ids.room}`]: { body: makeRoom() },
    [`GET /api/rooms/${ids.room}/my-participation`]: { body: { participation: null } },
    'GET /api/profile': { body: verified },
    'GET /api/wallet': { body: makeWallet({ saldo: 600, cashback: 500 }) },
    ...overrides,
  });
}

export async function openDialog() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Participar Agora' }));
  return { user, dialog: await screen.findByRole('dialog') };
}

export function joinError(status: number, reason: string | undefined, message: string): MockReply {
  return {
    status,
    body: {
      error: {
        code: status === 401 ? 'UNAUTHENTICATED' : status === 403 ? 'FORBIDDEN' : 'CONFLICT',
        message,
        ...(reason ? { reason } : {}),
      },
    },
  };
}
