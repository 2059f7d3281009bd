import { describe, expect, it, vi } from 'vitest';
import {
  emailName,
  formatDate,
  formatDateTime,
  formatPercent,
  formatRelative,
  formatTime,
  onFirstUse,
  roomTypeLabel,
} from './format';

describe('pt-BR formatting', () => {
  it('formats dates in Brasília time as dd/MM/yyyy HH:mm', () => {
    expect(formatDateTime('2025-01-15T13:05:00Z')).toBe('15/01/2025 10:05');
    expect(formatDate('2025-01-15T01:00:00Z')).toBe('14/01/2025');
    expect(formatTime('2025-01-15T13:05:00Z')).toBe('10:05');
    expect(formatDateTime('not a date')).toBe('');
  });

  it('describes relative times like the dashboard', () => {
    const now = new Date('2025-01-15T12:00:00Z');
    expect(formatRelative(new Date('2025-01-15T11:59:30Z'), now)).toBe('Agora mesmo');
    expect(formatRelative(new Date('2025-01-15T11:59:00Z'), now)).toBe('há 1 minuto');
    expect(formatRelative(new Date('2025-01-15T11:15:00Z'), now)).toBe('há 45 minutos');
    expect(formatRelative(new Date('2025-01-15T09:00:00Z'), now)).toBe('há 3 horas');
    expect(formatRelative(new Date('2025-01-13T12:00:00Z'), now)).toBe('há 2 dias');
  });

  it('shows the win rate with one decimal', () => {
    expect(formatPercent(0.4567)).toBe('45,7%');
    expect(formatPercent(0)).toBe('0,0%');
    expect(formatPercent(Number.NaN)).toBe('0,0%');
  });

  it('takes the name part of an e-mail and spaces in room types', () => {
    expect(emailName('maria.silva@example.com')).toBe('maria.silva');
    expect(roomTypeLabel('vip_ultra')).toBe('VIP Ultra');
    expect(roomTypeLabel('ouro')).toBe('Ouro');
  });
});

describe('onFirstUse', () => {
  it('builds the value on the first call only', () => {
    const make = vi.fn(() => ({ built: true }));
    const get = onFirstUse(make);
    expect(make).not.toHaveBeenCalled();
    expect(get()).toBe(get());
    expect(make).toHaveBeenCalledTimes(1);
  });
});
