import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { createQueryClient, retryUnlessClientError } from './query-client';

describe('createQueryClient', () => {
  it('uses the application root defaults of spec 001', () => {
    const { queries, mutations } = createQueryClient().getDefaultOptions();
    expect(queries?.staleTime).toBe(5 * 60 * 1000);
    expect(queries?.gcTime).toBe(5 * 60 * 1000);
    expect(queries?.refetchOnWindowFocus).toBe(false);
    const queryRetry = queries?.retry as (n: number, e: unknown) => boolean;
    const mutationRetry = mutations?.retry as (n: number, e: unknown) => boolean;
    const serverError = new ApiError({ status: 500, code: 'INTERNAL', message: 'x' });
    expect([0, 1, 2].map((n) => queryRetry(n, serverError))).toEqual([true, true, false]);
    expect([0, 1].map((n) => mutationRetry(n, serverError))).toEqual([true, false]);
  });

  it('does not retry answers the server gave on purpose', () => {
    const retry = retryUnlessClientError(2);
    expect(retry(0, new ApiError({ status: 404, code: 'NOT_FOUND', message: 'x' }))).toBe(false);
    expect(retry(0, new TypeError('network'))).toBe(true);
  });
});
