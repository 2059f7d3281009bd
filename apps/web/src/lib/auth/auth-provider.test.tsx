import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, regularUser } from '@/test/mock-api';
import { AuthProvider } from './auth-provider';
import { authKeys } from './get-me';
import { useAuth } from './use-auth';

function wrapperWith(client: QueryClient) {
  return function Wrapper({ children }: { children: ReactNode }) {
    return (
      <QueryClientProvider client={client}>
        <AuthProvider>{children}</AuthProvider>
      </QueryClientProvider>
    );
  };
}

function testClient() {
  return new QueryClient({ defaultOptions: { queries: { retry: false } } });
}

/** Renders the session signed in, signs out and waits for the session to be gone. */
async function signInThenOut() {
  const { result } = renderHook(() => useAuth(), { wrapper: wrapperWith(testClient()) });
  await waitFor(() => {
    expect(result.current.user).not.toBeNull();
  });
  await act(() => result.current.signOut());
  await waitFor(() => {
    expect(result.current.user).toBeNull();
  });
}

describe('useAuth', () => {
  it('throws the exact message outside AuthProvider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => renderHook(() => useAuth())).toThrow(
      'useAuth must be used within an AuthProvider',
    );
  });

  it('is loading until GET /api/me answers, then holds the user', async () => {
    mockApi({ 'GET /api/me': { body: { user: regularUser } } });
    const { result } = renderHook(() => useAuth(), { wrapper: wrapperWith(testClient()) });
    expect(result.current.loading).toBe(true);
    expect(result.current.user).toBeNull();
    await waitFor(() => {
      expect(result.current.loading).toBe(false);
    });
    expect(result.current.user).toEqual(regularUser);
  });

  it('treats a failed session lookup as signed out', async () => {
    mockApi({
      'GET /api/me': { status: 500, body: { error: { code: 'INTERNAL', message: 'x' } } },
    });
    const { result } = renderHook(() => useAuth(), { wrapper: wrapperWith(testClient()) });
    await waitFor(() => {
      expect(result.current.loading).toBe(false);
    });
    expect(result.current.user).toBeNull();
  });

  it('signs out with POST /api/auth/sign-out and an empty JSON body', async () => {
    const signOut = vi.fn(() => ({ status: 200, body: { success: true } }));
    const fetchMock = mockApi({
      'GET /api/me': { body: { user: regularUser } },
      'POST /api/auth/sign-out': signOut,
    });
    await signInThenOut();
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/auth/sign-out');
    expect(call?.[1]?.body).toBe('{}');
    expect(call?.[1]?.credentials).toBe('include');
  });

  it.each([401, 403, 404])('ignores a %i answer to sign-out', async (status) => {
    mockApi({
      'GET /api/me': { body: { user: regularUser } },
      'POST /api/auth/sign-out': { status, body: { error: { code: 'NOT_FOUND', message: 'x' } } },
    });
    await signInThenOut();
  });

  it('keeps the session under the [auth, me] query key so refresh() re-reads it', async () => {
    let user: typeof regularUser | null = null;
    mockApi({ 'GET /api/me': () => ({ body: { user } }) });
    const client = testClient();
    const { result } = renderHook(() => useAuth(), { wrapper: wrapperWith(client) });
    await waitFor(() => {
      expect(result.current.loading).toBe(false);
    });
    expect(authKeys.me()).toEqual(['auth', 'me']);
    expect(client.getQueryData(['auth', 'me'])).toEqual({ user: null });

    user = regularUser;
    await act(() => result.current.refresh());
    await waitFor(() => {
      expect(result.current.user).toEqual(regularUser);
    });
  });
});
