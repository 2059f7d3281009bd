import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { RouteErrorBoundary } from './route-error-boundary';

describe('RouteErrorBoundary', () => {
  it('shows the error screen of spec 001 section 2 and retries by rendering again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let fail = true;
    function Flaky() {
      if (fail) throw new Error('Erro de teste proposital');
      return <h1>Recuperado</h1>;
    }
    const router = createMemoryRouter(
      [{ path: '/', element: <Flaky />, errorElement: <RouteErrorBoundary /> }],
      { initialEntries: ['/'] },
    );
    render(<RouterProvider router={router} />);

    expect(screen.getByRole('heading', { level: 1, name: 'Oops! Algo deu errado' })).toBeDefined();
    expect(
      screen.getByText('Ocorreu um erro inesperado. Nossa equipe foi notificada.'),
    ).toBeDefined();
    expect(screen.getByText('Erro de teste proposital')).toBeDefined();
    expect(screen.getByRole('button', { name: 'Recarregar Página' })).toBeDefined();
    expect(
      screen.getByText('Se o problema persistir, entre em contato com o suporte.'),
    ).toBeDefined();

    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Tentar Novamente' }));
    expect(await screen.findByRole('heading', { name: 'Recuperado' })).toBeDefined();
  });

  it("'Recarregar Página' reloads the page", () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const reload = vi.fn();
    vi.stubGlobal('location', { reload });
    function Broken(): never {
      throw new Error('quebrado');
    }
    const router = createMemoryRouter(
      [{ path: '/', element: <Broken />, errorElement: <RouteErrorBoundary /> }],
      { initialEntries: ['/'] },
    );
    render(<RouterProvider router={router} />);
    fireEvent.click(screen.getByRole('button', { name: 'Recarregar Página' }));
    expect(reload).toHaveBeenCalledOnce();
    vi.unstubAllGlobals();
  });

  it('shows the 404 screen for a thrown 404 response', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const router = createMemoryRouter(
      [
        {
          path: '/',
          loader: () => {
            // eslint-disable-next-line @typescript-eslint/only-throw-error -- React Router's documented way for a loader to answer 404
            throw new Response('', { status: 404, statusText: 'Not Found' });
          },
          element: <p>nunca</p>,
          hydrateFallbackElement: <p>carregando</p>,
          errorElement: <RouteErrorBoundary />,
        },
      ],
      { initialEntries: ['/'] },
    );
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { name: 'Página não encontrada' })).toBeDefined();
  });
});
