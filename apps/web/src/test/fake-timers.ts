import { act } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

/** Fake timers for every test of the enclosing describe block. */
export function useFakeTimersInBlock() {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });
}

/** Moves the fake clock on, letting React apply what the timers did. */
export async function advanceTimers(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
}
