/**
 * A fake OpenAI-compatible server on loopback: POST /v1/chat/completions, with and without
 * streaming (Server-Sent Events, `data: {chunk}` lines and `data: [DONE]`, as the Chat Completions
 * API documents). Its behaviour is switched per test; every request body is kept for assertions.
 */
import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeMode =
  /** Answers with a fixed text in several chunks. */
  | 'answer'
  /** Waits longer than any timeout before saying anything. */
  | 'hang'
  /** 500 with an OpenAI-style error body. */
  | 'error'
  /** A model that obeys any instruction: it repeats everything it was given (the grounding). */
  | 'obey';

export interface FakeOpenAi {
  baseUrl: string;
  requests: { headers: IncomingMessage['headers']; body: ChatBody }[];
  mode: FakeMode;
  answer: string;
  /** Delay between streamed chunks. */
  chunkDelayMs: number;
  close(): Promise<void>;
}

interface ChatBody {
  model: string;
  stream?: boolean;
  messages: { role: string; content: string }[];
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function startFakeOpenAi(): Promise<FakeOpenAi> {
  const state: Omit<FakeOpenAi, 'baseUrl' | 'close'> = {
    requests: [],
    mode: 'answer',
    answer: 'Olá! Você pode sacar pela página /cashback.',
    chunkDelayMs: 5,
  };
  const open = new Set<ServerResponse>();
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString('utf8')));
    req.on('end', () => void handle(req, res, raw));
  });

  async function handle(req: IncomingMessage, res: ServerResponse, raw: string) {
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: 'not found', type: 'invalid_request_error' } }));
      return;
    }
    const body = JSON.parse(raw) as ChatBody;
    state.requests.push({ headers: req.headers, body });
    if (state.mode === 'error') {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({ error: { message: 'The server had an error', type: 'server_error' } }),
      );
      return;
    }
    if (state.mode === 'hang') {
      open.add(res);
      res.on('close', () => open.delete(res));
      await sleep(60_000);
      if (!res.writableEnded) res.end();
      return;
    }
    const text =
      state.mode === 'obey' ? body.messages.map((m) => m.content).join('\n') : state.answer;
    const id = 'chatcmpl-fake';
    const created = Math.floor(Date.now() / 1000);
    if (!body.stream) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          id,
          object: 'chat.completion',
          created,
          model: body.model,
          choices: [
            { index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' },
          ],
        }),
      );
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    const send = (delta: Record<string, unknown>, finish: string | null) =>
      res.write(
        `data: ${JSON.stringify({
          id,
          object: 'chat.completion.chunk',
          created,
          model: body.model,
          choices: [{ index: 0, delta, finish_reason: finish }],
        })}\n\n`,
      );
    send({ role: 'assistant', content: '' }, null);
    const pieces = text.match(/\S+\s*/g) ?? [text];
    for (const piece of pieces) {
      send({ content: piece }, null);
      await sleep(state.chunkDelayMs);
    }
    send({}, 'stop');
    res.write('data: [DONE]\n\n');
    res.end();
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const fake = state as FakeOpenAi;
  fake.baseUrl = `http://127.0.0.1:${port}/v1`;
  fake.close = async () => {
    for (const res of open) res.destroy();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return fake;
}
