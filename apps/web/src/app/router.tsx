import { legalDocuments } from '@sorteio/shared/legal-documents';
import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { NotFoundScreen } from '@/components/not-found-screen';
import { PageSpinner } from '@/components/page-spinner';
import { PageTitle } from '@/components/page-title';
import { RequireAdmin, SETTINGS_DENIED } from './guards/require-admin';
import { RequireAuth } from './guards/require-auth';
import { RootLayout } from './layouts/root-layout';
import { RouteErrorBoundary } from './route-error-boundary';
import LandingPage from './routes/public/landing';

/**
 * Loads a route module (its default export is the screen) only when the route is visited, so the
 * landing page's first download carries just the layout and the landing itself. `title` sets the
 * document title for screens that do not set their own.
 */
function page(
  load: () => Promise<{ default: ComponentType }>,
  title?: string,
): RouteObject['lazy'] {
  return async () => {
    const Screen = (await load()).default;
    if (!title) return { Component: Screen };
    return {
      Component: function TitledScreen() {
        return (
          <>
            <PageTitle title={title} />
            <Screen />
          </>
        );
      },
    };
  };
}

/** Public: anyone may open them (spec 000 section 6). */
const publicRoutes: RouteObject[] = [
  { index: true, element: <LandingPage /> },
  { path: 'login', lazy: page(() => import('./routes/public/login')) },
  { path: 'register', lazy: page(() => import('./routes/public/register')) },
  { path: 'verify-email', lazy: page(() => import('./routes/public/verify-email')) },
  { path: 'forgot-password', lazy: page(() => import('./routes/public/forgot-password')) },
  { path: 'reset-password', lazy: page(() => import('./routes/public/reset-password')) },
  { path: 'set-password', lazy: page(() => import('./routes/public/set-password')) },
  {
    path: 'privacy',
    lazy: page(() => import('./routes/public/privacy'), 'Política de Privacidade'),
  },
  {
    path: 'termos',
    lazy: page(() => import('./routes/public/terms'), legalDocuments.termos.title),
  },
  {
    path: 'regulamento',
    lazy: page(() => import('./routes/public/rules'), legalDocuments.regulamento.title),
  },
  {
    path: 'tutorial',
    lazy: page(() => import('./routes/public/tutorial'), 'Como Usar a Plataforma'),
  },
  { path: 'support', lazy: page(() => import('./routes/public/support')) },
  // Join by code (?code=): public because it asks anonymous visitors to sign in itself.
  { path: 'private-room', lazy: page(() => import('./routes/public/private-room-join')) },
  // The invite link: a visitor sees the room before creating an account (decision 015).
  {
    path: 'private-room-invite/:inviteCode',
    lazy: page(() => import('./routes/public/private-room-invite')),
  },
  // Public rooms for visitors and their shareable pages.
  { path: 'salas', lazy: page(() => import('./routes/public/rooms')) },
  { path: 'salas/:id', lazy: page(() => import('./routes/public/room')) },
  { path: 'ganhadores', lazy: page(() => import('./routes/public/winners')) },
  // Draw transparency pages (DESIGN.md section 5): anyone may verify a draw.
  { path: 'sorteios', lazy: page(() => import('./routes/public/draws')) },
  { path: 'sorteios/:id', lazy: page(() => import('./routes/public/draw')) },
  {
    path: 'protocolo',
    lazy: page(() => import('./routes/public/protocol'), 'O protocolo do sorteio'),
  },
  // Local mail outbox; the screen itself answers 404 when the server sends real mail.
  { path: 'outbox', lazy: page(() => import('./routes/public/outbox')) },
  { path: 'outbox/:id', lazy: page(() => import('./routes/public/outbox')) },
];

/** Signed-in users only: /login otherwise (spec 000 section 6, spec 001 section 6). */
const playerRoutes: RouteObject[] = [
  { path: 'dashboard', lazy: page(() => import('./routes/player/dashboard')) },
  { path: 'participate', lazy: page(() => import('./routes/player/participate')) },
  { path: 'payment', lazy: page(() => import('./routes/player/payment')) },
  { path: 'history', lazy: page(() => import('./routes/player/history')) },
  { path: 'stats', lazy: page(() => import('./routes/player/stats')) },
  { path: 'profile', lazy: page(() => import('./routes/player/profile')) },
  { path: 'cashback', lazy: page(() => import('./routes/player/cashback')) },
  { path: 'jogo-responsavel', lazy: page(() => import('./routes/player/responsible-play')) },
  { path: 'private-rooms', lazy: page(() => import('./routes/player/private-rooms')) },
  { path: 'private-room/:roomCode', lazy: page(() => import('./routes/player/private-room')) },
];

/** Staff only: 'Acesso Negado' for other signed-in users (spec 001 section 2). */
const adminRoutes: RouteObject[] = [
  {
    path: 'admin',
    lazy: page(() => import('./routes/admin/admin-layout')),
    children: [
      { index: true, lazy: page(() => import('./routes/admin/admin')) },
      {
        element: <RequireAdmin permission="users.create" />,
        children: [{ path: 'add-user', lazy: page(() => import('./routes/admin/add-user')) }],
      },
      {
        element: <RequireAdmin permission="staff.manage" />,
        children: [
          { path: 'add-employee', lazy: page(() => import('./routes/admin/add-employee')) },
          { path: 'staff-sessions', lazy: page(() => import('./routes/admin/staff-sessions')) },
        ],
      },
    ],
  },
];

/** The static screens outside the panel, each behind its own permission. */
const adminPageRoutes: RouteObject[] = [
  {
    element: <RequireAdmin permission="services.read" />,
    children: [{ path: 'api-services', lazy: page(() => import('./routes/admin/api-services')) }],
  },
  {
    element: <RequireAdmin permission="campaigns.manage" />,
    children: [{ path: 'remarketing', lazy: page(() => import('./routes/admin/remarketing')) }],
  },
];

/** The PIX provider screen has its own refusal text (spec 001 section 2). */
const settingsRoutes: RouteObject[] = [
  { path: 'gerencianet-config', lazy: page(() => import('./routes/admin/gerencianet-config')) },
];

/**
 * Present only in builds made with VITE_TEST_ROUTES=1: Vite replaces the condition with a
 * constant, so normal builds drop these routes and their modules entirely.
 */
const testRoutes: RouteObject[] =
  import.meta.env.VITE_TEST_ROUTES === '1'
    ? [
        { path: '__test/throw', lazy: page(() => import('./routes/test/throw')) },
        { path: '__test/toast', lazy: page(() => import('./routes/test/toast')) },
      ]
    : [];

export const routes: RouteObject[] = [
  {
    id: 'root',
    element: <RootLayout />,
    // Only when the layout itself fails; screens fail inside the layout (below).
    errorElement: <RouteErrorBoundary standalone />,
    children: [
      {
        // Keeps the navigation bar on screen when a page fails or while its code loads.
        errorElement: <RouteErrorBoundary />,
        hydrateFallbackElement: <PageSpinner />,
        children: [
          ...publicRoutes,
          { element: <RequireAuth />, children: playerRoutes },
          { element: <RequireAdmin />, children: [...adminRoutes, ...adminPageRoutes] },
          {
            element: <RequireAdmin deniedMessage={SETTINGS_DENIED} permission="pix.manage" />,
            children: settingsRoutes,
          },
          ...testRoutes,
          { path: '*', element: <NotFoundScreen /> },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}

export type Router = ReturnType<typeof createAppRouter>;
