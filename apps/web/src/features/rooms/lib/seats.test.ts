import { describe, expect, it } from 'vitest';
import type { RoomStatus } from '@sorteio/shared/rooms';
import { filledPercent, isNearlyFull } from './seats';

const room = (
  participantesAtual: number,
  maxParticipantes: number,
  status: RoomStatus = 'aberta',
) => ({
  participantesAtual,
  maxParticipantes,
  status,
});

describe('seats', () => {
  it('marks the last seats of an open room, never a full or closed one', () => {
    expect(isNearlyFull(room(0, 10))).toBe(false);
    expect(isNearlyFull(room(6, 10))).toBe(false);
    expect(isNearlyFull(room(7, 10))).toBe(true);
    expect(isNearlyFull(room(10, 10))).toBe(false);
    expect(isNearlyFull(room(80, 100))).toBe(true);
    expect(isNearlyFull(room(79, 100))).toBe(false);
    expect(isNearlyFull({ ...room(9, 10), status: 'sorteando' })).toBe(false);
  });

  it('rounds the filled share down', () => {
    expect(filledPercent(room(999, 1000))).toBe(99);
    expect(filledPercent(room(1000, 1000))).toBe(100);
    expect(filledPercent(room(0, 0))).toBe(0);
  });
});
