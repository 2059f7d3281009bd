import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/test/mock-api';
import { api, ApiError, newIdempotencyKey, send } from './api-client';

describe('api', () => {
  it('sends JSON with the session cookie and returns the parsed answer', async () => {
    const fetchMock = mockApi({ 'POST /api/things': ({ body }) => ({ body: { echo: body } }) });
    const result = await api<{ echo: unknown }>('/api/things', { method: 'POST', body: { a: 1 } });
    expect(result).toEqual({ echo: { a: 1 } });
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.credentials).toBe('include');
    expect(init?.headers).toMatchObject({ 'Content-Type': 'application/json' });
  });

  it('validates the answer with a schema', async () => {
    mockApi({ 'GET /api/n': { body: { n: 3 } } });
    const result = await api('/api/n', { schema: z.object({ n: z.number() }) });
    expect(result.n).toBe(3);
  });

  it('throws ApiError with the code, message and issues of the error body', async () => {
    mockApi({
      'POST /api/rooms': {
        status: 400,
        body: {
          error: {
            code: 'VALIDATION_ERROR',
            message: 'Dados inválidos.',
            issues: [{ path: 'name', message: 'Obrigatório' }],
          },
        },
      },
    });
    const error = await api('/api/rooms', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'VALIDATION_ERROR',
      message: 'Dados inválidos.',
      issues: [{ path: 'name', message: 'Obrigatório' }],
    });
  });

  it('falls back to the shared default text when the body is not an error body', async () => {
    mockApi({ 'GET /api/x': { status: 503 } });
    await expect(api('/api/x')).rejects.toMatchObject({
      status: 503,
      code: 'SERVICE_UNAVAILABLE',
      message: 'Serviço indisponível no momento. Tente novamente em instantes.',
    });
  });

  it('reports an answer that breaks the contract as an internal error', async () => {
    mockApi({ 'GET /api/n': { body: { n: 'três' } } });
    await expect(api('/api/n', { schema: z.object({ n: z.number() }) })).rejects.toMatchObject({
      code: 'INTERNAL',
    });
  });

  it('keeps the finer reason of the error body', async () => {
    mockApi({
      'POST /api/auth/sign-in/email': {
        status: 403,
        body: {
          error: { code: 'FORBIDDEN', message: 'Email not verified', reason: 'EMAIL_NOT_VERIFIED' },
        },
      },
    });
    await expect(
      api('/api/auth/sign-in/email', { method: 'POST', body: {} }),
    ).rejects.toMatchObject({ status: 403, reason: 'EMAIL_NOT_VERIFIED' });
  });

  it('sends FormData as multipart, leaving the content type to the browser', async () => {
    const fetchMock = mockApi({ 'POST /api/upload': { body: { ok: true } } });
    const form = new FormData();
    form.set('campo', 'valor');
    await api('/api/upload', { method: 'POST', body: form });
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.body).toBe(form);
    expect(init?.credentials).toBe('include');
    expect(init?.headers).not.toHaveProperty('Content-Type');
  });
});

describe('send', () => {
  it('writes the body with the given method and validates the answer', async () => {
    const fetchMock = mockApi({
      'PUT /api/n': ({ body }) => ({ body: { n: (body as { n: number }).n + 1 } }),
    });
    const result = await send('PUT', '/api/n', { n: 1 }, z.object({ n: z.number() }));
    expect(result).toEqual({ n: 2 });
    expect(fetchMock.mock.calls[0]?.[1]?.method).toBe('PUT');
  });
});

describe('requests under an idempotency key', () => {
  const outcomeUnknown = {
    status: 503,
    body: {
      error: {
        code: 'SERVICE_UNAVAILABLE',
        reason: 'OUTCOME_UNKNOWN',
        message: 'A conexão com o servidor caiu antes da resposta.',
      },
    },
  };
  const schema = z.object({ ok: z.boolean() });
  const keysSent = (fetchMock: ReturnType<typeof mockApi>) =>
    fetchMock.mock.calls.map(
      ([, init]) => (init?.headers as Record<string, string>)['Idempotency-Key'],
    );

  it('sends the request once more with the same key when its outcome is unknown', async () => {
    let calls = 0;
    const fetchMock = mockApi({
      'POST /api/pay': () => (++calls === 1 ? outcomeUnknown : { body: { ok: true } }),
    });
    await expect(
      send('POST', '/api/pay', { v: 1 }, schema, { idempotencyKey: 'k-1' }),
    ).resolves.toEqual({ ok: true });
    expect(keysSent(fetchMock)).toEqual(['k-1', 'k-1']);
    expect(fetchMock.mock.calls.map(([, init]) => init?.body)).toEqual(['{"v":1}', '{"v":1}']);
  });

  it('sends it once more after a network failure before any answer', async () => {
    const fetchMock = mockApi({ 'POST /api/pay': { body: { ok: true } } });
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(send('POST', '/api/pay', {}, schema, { idempotencyKey: 'k-2' })).resolves.toEqual({
      ok: true,
    });
    expect(keysSent(fetchMock)).toEqual(['k-2', 'k-2']);
  });

  it('sends it at most twice, and reports the second failure', async () => {
    const fetchMock = mockApi({ 'POST /api/pay': outcomeUnknown });
    await expect(
      send('POST', '/api/pay', {}, schema, { idempotencyKey: 'k-3' }),
    ).rejects.toMatchObject({ status: 503, reason: 'OUTCOME_UNKNOWN' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('does not send again any other failure, nor a request without a key', async () => {
    const fetchMock = mockApi({
      'POST /api/busy': {
        status: 503,
        body: { error: { code: 'SERVICE_UNAVAILABLE', message: 'Tente de novo.' } },
      },
      'POST /api/pay': outcomeUnknown,
    });
    await expect(
      send('POST', '/api/busy', {}, schema, { idempotencyKey: 'k-4' }),
    ).rejects.toMatchObject({ status: 503 });
    await expect(send('POST', '/api/pay', {}, schema)).rejects.toMatchObject({
      reason: 'OUTCOME_UNKNOWN',
    });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(keysSent(fetchMock)).toEqual(['k-4', undefined]);
  });

  it('makes a new key for each action', () => {
    const keys = new Set([newIdempotencyKey(), newIdempotencyKey()]);
    expect(keys.size).toBe(2);
    for (const key of keys) expect(key).toMatch(/^[A-Za-z0-9_-]{1,100}$/);
  });
});
