import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ResponsiblePlay } from '@sorteio/shared';
import { describe, expect, it } from 'vitest';
import { mockApi, regularUser } from '@/test/mock-api';
import { renderRoutes } from '@/test/render';
import { ResponsiblePlayScreen } from './responsible-play-screen';

const routes = [{ path: '/jogo-responsavel', element: <ResponsiblePlayScreen /> }];

function state(overrides: Partial<ResponsiblePlay> = {}): ResponsiblePlay {
  return {
    limits: (['deposit', 'spending'] as const).flatMap((kind) =>
      (['day', 'week', 'month'] as const).map((period) => ({
        kind,
        period,
        amountCentavos: kind === 'spending' && period === 'day' ? 2000 : null,
        pending: null,
        usedCentavos: kind === 'spending' && period === 'day' ? 1500 : 0,
      })),
    ),
    selfExclusion: null,
    reminderMinutes: 60,
    figures: {
      depositsLast30DaysCentavos: 5000,
      spentLast30DaysCentavos: 1500,
      prizesLast30DaysCentavos: 0,
      entriesLast30Days: 2,
    },
    ...overrides,
  };
}

const base = { 'GET /api/me': { body: { user: regularUser } } };

describe('ResponsiblePlayScreen', () => {
  it('shows the rules, the own figures, the limits and where to find help', async () => {
    mockApi({ ...base, 'GET /api/responsible-play': { body: state() } });
    renderRoutes(routes, '/jogo-responsavel');
    const table = await screen.findByRole('table', { name: 'Seus limites' });
    const row = within(table).getByRole('row', {
      name: /Gastos com entradas — Por dia \(últimas 24 horas\)/,
    });
    expect(row.textContent).toContain('R$\u00a020,00');
    expect(row.textContent).toContain('R$\u00a015,00');
    expect(screen.getByText('Gasto em entradas').nextSibling?.textContent).toBe('R$\u00a015,00');
    expect(screen.getByText(/Ligue 188/)).toBeTruthy();
    expect(screen.getByText(/proibida para menores de 18 anos/)).toBeTruthy();
  });

  it('sends a limit in centavos and shows the server’s answer', async () => {
    const sent: unknown[] = [];
    mockApi({
      ...base,
      'GET /api/responsible-play': { body: state() },
      'PUT /api/responsible-play/limits': ({ body }) => {
        sent.push(body);
        return { body: { pending: true, message: 'Pedido registrado.' } };
      },
    });
    renderRoutes(routes, '/jogo-responsavel');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Valor (R$)'), '50,00');
    await user.click(screen.getByRole('button', { name: 'Salvar limite' }));
    await screen.findByText('Pedido registrado.');
    expect(sent).toEqual([{ kind: 'spending', period: 'day', amountCentavos: 5000 }]);
  });

  it('shows a refused self-exclusion’s message and, once excluded, the notice instead of the form', async () => {
    let excluded = false;
    mockApi({
      ...base,
      'GET /api/responsible-play': () => ({ body: state() }),
      'POST /api/responsible-play/self-exclusion': ({ body }) => {
        if ((body as { confirm: string }).confirm !== 'AUTOEXCLUIR')
          return {
            status: 400,
            body: {
              error: { code: 'VALIDATION_ERROR', message: 'Digite AUTOEXCLUIR para confirmar.' },
            },
          };
        excluded = true;
        return {
          body: state({
            selfExclusion: {
              since: '2026-01-01T12:00:00.000Z',
              until: '2026-02-01T12:00:00.000Z',
              forever: false,
            },
          }),
        };
      },
    });
    renderRoutes(routes, '/jogo-responsavel');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Ativar autoexclusão' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Digite AUTOEXCLUIR para confirmar.',
    );
    await user.type(screen.getByLabelText('Digite AUTOEXCLUIR para confirmar'), 'AUTOEXCLUIR');
    await user.click(screen.getByRole('button', { name: 'Ativar autoexclusão' }));
    expect(await screen.findByText('Autoexclusão ativa')).toBeTruthy();
    expect(screen.getByText(/em autoexclusão até 01\/02\/2026/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Ativar autoexclusão' })).toBeNull();
    expect(excluded).toBe(true);
  });
});
