import { afterEach, describe, expect, it, vi } from 'vitest';
import { authKeys } from '@/lib/auth/get-me';
import { createQueryClient } from '@/lib/query-client';
import { mockApi, regularUser } from '@/test/mock-api';
import { firstReadPaths, firstScreenReady } from './first-reads';
import { appReads, routeReads } from './route-reads';
import type { Router } from './router';

/** A router stand-in: `initialized` as given, then true when `finish` is called. */
function fakeRouter(initialized: boolean) {
  const listeners = new Set<(state: { initialized: boolean }) => void>();
  const router = {
    state: { initialized },
    subscribe(listener: (state: { initialized: boolean }) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  const finish = () => {
    router.state = { initialized: true };
    for (const listener of [...listeners]) listener(router.state);
  };
  return { router: router as unknown as Router, finish };
}

function pageWithPreloads(paths: string[]): Document {
  const doc = document.implementation.createHTMLDocument('route page');
  for (const href of paths) {
    const link = doc.createElement('link');
    link.rel = 'preload';
    link.setAttribute('as', 'fetch');
    link.href = href;
    doc.head.append(link);
  }
  return doc;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('first reads', () => {
  it('knows every answer a route page preloads', () => {
    const preloaded = [...appReads, ...Object.values(routeReads).flat()];
    expect(preloaded.filter((path) => !firstReadPaths.includes(path))).toEqual([]);
  });

  it('does not wait on a page without preloaded answers', () => {
    const { router } = fakeRouter(false);
    expect(firstScreenReady(createQueryClient(), router, pageWithPreloads([]))).toBeNull();
  });

  it('fills the queries of the preloaded answers and waits for the screen code', async () => {
    const fetchMock = mockApi({ 'GET /api/me': { body: { user: regularUser } } });
    const client = createQueryClient();
    const { router, finish } = fakeRouter(false);
    let ready = false;
    void firstScreenReady(client, router, pageWithPreloads(['/api/me']))!.then(() => {
      ready = true;
    });
    await vi.waitFor(() => expect(client.getQueryData(authKeys.me())).toBeDefined());
    expect(ready).toBe(false);
    finish();
    await vi.waitFor(() => expect(ready).toBe(true));
    expect(client.getQueryData(authKeys.me())).toEqual({ user: regularUser });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('draws the screen anyway when an answer is late', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => {})),
    );
    const { router } = fakeRouter(true);
    const ready = firstScreenReady(
      createQueryClient(),
      router,
      pageWithPreloads(['/api/dashboard']),
      1000,
    )!;
    let done = false;
    void ready.then(() => {
      done = true;
    });
    await vi.advanceTimersByTimeAsync(999);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);
  });
});
