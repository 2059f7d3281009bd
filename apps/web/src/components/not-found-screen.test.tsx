import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { NotFoundScreen } from './not-found-screen';

function renderAt(entries: string[]) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <h1>Início</h1> },
      { path: '/anterior', element: <h1>Anterior</h1> },
      { path: '*', element: <NotFoundScreen /> },
    ],
    { initialEntries: entries, initialIndex: entries.length - 1 },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('NotFoundScreen', () => {
  it('shows the texts of spec 001 section 2', () => {
    renderAt(['/nao-existe']);
    expect(screen.getByText('404')).toBeDefined();
    expect(screen.getByRole('heading', { level: 1, name: 'Página não encontrada' })).toBeDefined();
    expect(
      screen.getByText('Oops! A página que você está procurando não existe ou foi movida.'),
    ).toBeDefined();
  });

  it("'Ir para Home' links to /", () => {
    renderAt(['/nao-existe']);
    const home = screen.getByRole('link', { name: 'Ir para Home' });
    expect(home.getAttribute('href')).toBe('/');
  });

  it("'Voltar' goes back one step", async () => {
    const router = renderAt(['/anterior', '/nao-existe']);
    fireEvent.click(screen.getByRole('button', { name: 'Voltar' }));
    expect(await screen.findByRole('heading', { name: 'Anterior' })).toBeDefined();
    expect(router.state.location.pathname).toBe('/anterior');
  });
});
