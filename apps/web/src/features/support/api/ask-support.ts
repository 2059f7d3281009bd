import {
  type ChatHistoryItem,
  type SupportChatResponse,
  supportChatResponseSchema,
  supportStreamEventSchema,
} from '@sorteio/shared';
import { ApiError, api } from '@/lib/api-client';

/**
 * POST /api/support/chat/stream: the answer arrives as NDJSON lines, `delta` pieces while it is
 * written, then `done` with the whole answer (authoritative: it replaces the pieces). Falls back
 * to the plain JSON route when the browser cannot read a response body as a stream.
 */
export async function askSupport(
  input: { message: string; conversationHistory: ChatHistoryItem[] },
  onDelta: (textSoFar: string) => void,
  signal?: AbortSignal,
): Promise<SupportChatResponse> {
  const response = await fetch('/api/support/chat/stream', {
    method: 'POST',
    credentials: 'include',
    headers: { 'content-type': 'application/json', accept: 'application/x-ndjson' },
    body: JSON.stringify(input),
    signal,
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as {
      error?: { message?: string };
    } | null;
    throw new ApiError({
      status: response.status,
      code: response.status === 429 ? 'RATE_LIMITED' : 'INTERNAL',
      message: body?.error?.message ?? 'Não foi possível responder agora.',
    });
  }
  if (!response.body)
    return api('/api/support/chat', {
      method: 'POST',
      body: input,
      schema: supportChatResponseSchema,
      signal,
    });
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let text = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (value) buffer += decoder.decode(value, { stream: !done });
    let newline = buffer.indexOf('\n');
    while (newline >= 0) {
      const line = buffer.slice(0, newline).trim();
      buffer = buffer.slice(newline + 1);
      newline = buffer.indexOf('\n');
      if (!line) continue;
      const event = supportStreamEventSchema.parse(JSON.parse(line));
      if (event.type === 'delta') {
        text += event.text;
        onDelta(text);
      } else {
        return { response: event.response, sources: event.sources, engine: event.engine };
      }
    }
    if (done) break;
  }
  throw new ApiError({ status: 0, code: 'INTERNAL', message: 'Resposta incompleta.' });
}
