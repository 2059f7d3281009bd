import { act, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { NotificationInput } from './notification-context';
import { NotificationProvider } from './notification-provider';
import { notify } from './notify';
import { useNotifications } from './use-notifications';

function Trigger({ input, label }: { input: NotificationInput; label: string }) {
  const { notify: show } = useNotifications();
  return (
    <button
      type="button"
      onClick={() => {
        show(input);
      }}
    >
      {label}
    </button>
  );
}

function renderToasts(...triggers: { input: NotificationInput; label: string }[]) {
  return render(
    <NotificationProvider>
      {triggers.map((trigger) => (
        <Trigger key={trigger.label} {...trigger} />
      ))}
    </NotificationProvider>,
  );
}

describe('NotificationProvider', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the title and message as a status toast', () => {
    renderToasts({
      label: 'show',
      input: { type: 'success', title: 'Perfil Atualizado', message: 'Tudo certo.' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'show' }));
    const toast = screen.getByRole('status');
    expect(toast.textContent).toContain('Perfil Atualizado');
    expect(toast.textContent).toContain('Tudo certo.');
  });

  it('announces errors as alerts', () => {
    renderToasts({ label: 'show', input: { type: 'error', title: 'Erro ao participar' } });
    fireEvent.click(screen.getByRole('button', { name: 'show' }));
    expect(screen.getByRole('alert').textContent).toContain('Erro ao participar');
  });

  it('disappears after the default duration of 5000 ms', () => {
    renderToasts({ label: 'show', input: { type: 'info', title: 'Olá' } });
    fireEvent.click(screen.getByRole('button', { name: 'show' }));
    act(() => {
      vi.advanceTimersByTime(4999);
    });
    expect(screen.queryByText('Olá')).not.toBeNull();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByText('Olá')).toBeNull();
  });

  it('disappears after its own duration', () => {
    renderToasts({ label: 'show', input: { type: 'success', title: 'Rápido', duration: 1500 } });
    fireEvent.click(screen.getByRole('button', { name: 'show' }));
    act(() => {
      vi.advanceTimersByTime(1499);
    });
    expect(screen.queryByText('Rápido')).not.toBeNull();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByText('Rápido')).toBeNull();
  });

  it('keeps a toast with duration 0 until it is dismissed', () => {
    renderToasts({ label: 'show', input: { type: 'warning', title: 'Fixa', duration: 0 } });
    fireEvent.click(screen.getByRole('button', { name: 'show' }));
    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    expect(screen.queryByText('Fixa')).not.toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Fechar notificação' }));
    expect(screen.queryByText('Fixa')).toBeNull();
  });

  it('holds one toast: a second one replaces the first', () => {
    renderToasts(
      { label: 'first', input: { type: 'info', title: 'Primeira' } },
      { label: 'second', input: { type: 'info', title: 'Segunda', duration: 0 } },
    );
    fireEvent.click(screen.getByRole('button', { name: 'first' }));
    fireEvent.click(screen.getByRole('button', { name: 'second' }));
    expect(screen.queryByText('Primeira')).toBeNull();
    expect(screen.getAllByRole('status')).toHaveLength(1);
    expect(screen.getByRole('status').textContent).toContain('Segunda');
    // The first toast's timer must not remove its replacement.
    act(() => {
      vi.advanceTimersByTime(10_000);
    });
    expect(screen.queryByText('Segunda')).not.toBeNull();
  });

  it('removes the toast with the close button', () => {
    renderToasts({ label: 'show', input: { type: 'info', title: 'Fechável' } });
    fireEvent.click(screen.getByRole('button', { name: 'show' }));
    fireEvent.click(screen.getByRole('button', { name: 'Fechar notificação' }));
    expect(screen.queryByText('Fechável')).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('accepts toasts from the module-level notify()', () => {
    render(<NotificationProvider>{null}</NotificationProvider>);
    act(() => {
      notify({ type: 'success', title: 'De fora', message: 'Sem hook.' });
    });
    expect(screen.getByRole('status').textContent).toContain('De fora');
  });
});

describe('useNotifications', () => {
  it('throws the exact message outside NotificationProvider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => renderHook(() => useNotifications())).toThrow(
      'useNotifications must be used within NotificationProvider',
    );
  });
});
