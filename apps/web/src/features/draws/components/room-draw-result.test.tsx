import type { DrawSummary, Participation } from '@sorteio/shared';
import { act, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeDrawSummary, makeParticipation } from '@/test/fixtures';
import { lucky } from '@/test/lucky';
import { mockApi } from '@/test/mock-api';
import { renderRoutes } from '@/test/render';
import { DRAW_COUNTDOWN_S, DrawReveal } from './room-draw-result';

/** A room page in miniature: the draw arrives while it is open (as a live update would bring it). */
let publishDraw: (draw: DrawSummary) => void = () => undefined;
function Room({
  participation,
  initialDraw = null,
}: {
  participation: Participation | null;
  initialDraw?: DrawSummary | null;
}) {
  const [draw, setDraw] = useState<DrawSummary | null>(initialDraw);
  publishDraw = setDraw;
  return <DrawReveal draw={draw} waiting={draw === null} participation={participation} />;
}

function open(participation: Participation | null, initialDraw: DrawSummary | null = null) {
  renderRoutes(
    [{ path: '/', element: <Room participation={participation} initialDraw={initialDraw} /> }],
    '/',
  );
}

/** window.matchMedia answering `reduce` for prefers-reduced-motion. */
function preferReducedMotion() {
  vi.stubGlobal(
    'matchMedia',
    (query: string) =>
      ({
        matches: query === '(prefers-reduced-motion: reduce)',
        media: query,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
      }) as unknown as MediaQueryList,
  );
}

const paidSeat = (numeroSorte: string) =>
  makeParticipation({ numeroSorte, statusPagamento: 'confirmado', ehVencedor: false });

describe('the draw moment', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('WebSocket', undefined);
    mockApi({ 'GET /api/me': { body: { user: null } } });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("counts down 3, 2, 1 and then says 'Você ganhou!' with the winning number", () => {
    open(paidSeat('O1234567'));
    expect(screen.queryByRole('region', { name: 'Resultado do sorteio' })).toBeNull();

    act(() => {
      publishDraw(makeDrawSummary({ numeroVencedor: 'O1234567' }));
    });
    expect(DRAW_COUNTDOWN_S).toBe(3);
    expect(screen.getByRole('heading', { name: 'Sala completa! Sorteando...' })).toBeDefined();
    expect(screen.getByTestId('draw-countdown').textContent).toBe('3');
    // Nothing of the result leaks during the countdown.
    expect(screen.queryByText(lucky('O1234567'))).toBeNull();
    expect(screen.queryByText('Você ganhou!')).toBeNull();

    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(screen.getByTestId('draw-countdown').textContent).toBe('2');
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(screen.getByTestId('draw-countdown').textContent).toBe('1');
    act(() => {
      vi.advanceTimersByTime(1000);
    });

    expect(screen.queryByTestId('draw-countdown')).toBeNull();
    const result = screen.getByRole('region', { name: 'Resultado do sorteio' });
    expect(result.textContent).toContain('Você ganhou!');
    expect(screen.queryByText('Não foi desta vez')).toBeNull();
    const numbers = screen.getAllByText(lucky('O1234567'));
    expect(numbers.length).toBeGreaterThan(0);
    for (const n of numbers) expect(n.className).toContain('font-lucky');
  });

  it("says 'Não foi desta vez' with the winning number to a paid seat that lost", () => {
    open(paidSeat('O1111111'));
    act(() => {
      publishDraw(makeDrawSummary({ numeroVencedor: 'O9999999' }));
    });
    act(() => {
      vi.advanceTimersByTime(DRAW_COUNTDOWN_S * 1000);
    });
    expect(screen.getByText('Não foi desta vez')).toBeDefined();
    expect(screen.queryByText('Você ganhou!')).toBeNull();
    expect(screen.getAllByText(lucky('O9999999')).length).toBeGreaterThan(0);
  });

  it('shows a room opened after its draw at once, without a countdown', () => {
    open(paidSeat('O1234567'), makeDrawSummary({ numeroVencedor: 'O1234567' }));
    expect(screen.queryByTestId('draw-countdown')).toBeNull();
    expect(screen.getByText('Você ganhou!')).toBeDefined();
  });

  it('skips the countdown under reduced motion', () => {
    preferReducedMotion();
    open(paidSeat('O1111111'));
    act(() => {
      publishDraw(makeDrawSummary({ numeroVencedor: 'O9999999' }));
    });
    expect(screen.queryByTestId('draw-countdown')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Sala completa! Sorteando...' })).toBeNull();
    expect(screen.getByText('Não foi desta vez')).toBeDefined();
  });

  it('has no winner line for someone without a paid seat', () => {
    open(makeParticipation({ numeroSorte: 'O1111111', statusPagamento: 'pendente' }));
    act(() => {
      publishDraw(makeDrawSummary({ numeroVencedor: 'O9999999' }));
    });
    act(() => {
      vi.advanceTimersByTime(DRAW_COUNTDOWN_S * 1000);
    });
    expect(screen.getByRole('region', { name: 'Resultado do sorteio' })).toBeDefined();
    expect(screen.queryByText('Não foi desta vez')).toBeNull();
    expect(screen.queryByText('Você ganhou!')).toBeNull();
  });
});
