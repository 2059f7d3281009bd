/**
 * A mixed load through nginx, as players use the product: browsing (the room list, the public
 * figures, the landing page), sign-ins, joins paid from the balance (rooms fill up and are drawn
 * automatically), and live-update sockets. Every answer is recorded with its time, status and
 * Retry-After, so a drill can say what happened in each of its windows and check afterwards that
 * every join answered 200 is in the database.
 */
import { Agent, request } from 'undici';
import WebSocket from 'ws';
import { PLAYER_PASSWORD, type SeededPlayer } from './seed';

export interface Answer {
  kind: 'browse' | 'sign-in' | 'join';
  at: number;
  ms: number;
  /** 0: no answer (network error). */
  status: number;
  retryAfter: boolean;
  /** The participation of a join answered 200. */
  participationId?: string;
  /** What was asked ("POST /api/rooms/…/join"), and why no answer came (status 0). */
  request: string;
  error?: string;
  /**
   * The first try's connection closed before any answer (nginx closes idle keep-alive connections
   * when it reloads; a request written at that instant was never read): sent again once, as
   * browsers do. This answer is the second try's.
   */
  retried?: string;
}

export interface MixedLoad {
  answers: Answer[];
  sockets: { opened: number; failed: number };
  stop(): Promise<void>;
}

export interface MixedLoadOptions {
  base: string;
  players: (SeededPlayer & { cookie: string })[];
  rooms: string[];
  /** Virtual users sending one request after another. */
  users: number;
  /** Share of joins among the requests (the rest: browsing, and a sign-in now and then). */
  joinShare?: number;
  /** Live sockets kept open during the load. */
  sockets?: number;
}

/** Signs every player in through the API (their cookies go on their requests). */
export async function signInPlayers(
  base: string,
  players: SeededPlayer[],
  concurrency = 8,
): Promise<(SeededPlayer & { cookie: string })[]> {
  const out: (SeededPlayer & { cookie: string })[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < players.length) {
        const p = players[next]!;
        next += 1;
        const res = await fetch(`${base}/api/auth/sign-in/email`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: base },
          body: JSON.stringify({ email: p.email, password: PLAYER_PASSWORD }),
        });
        if (res.status !== 200) throw new Error(`sign-in ${p.email}: ${res.status}`);
        await res.arrayBuffer();
        out.push({
          ...p,
          cookie: res.headers
            .getSetCookie()
            .map((c) => c.split(';')[0])
            .join('; '),
        });
      }
    }),
  );
  return out;
}

/** Errors of a connection that closed before any byte of an answer came. */
const CLOSED_BEFORE_ANSWER = new Set(['UND_ERR_SOCKET', 'ECONNRESET', 'UND_ERR_CLOSED']);

export function startMixedLoad(options: MixedLoadOptions): MixedLoad {
  const answers: Answer[] = [];
  const dispatcher = new Agent({ connections: options.users, keepAliveTimeout: 10_000 });
  const joinShare = options.joinShare ?? 0.3;
  let running = true;
  let roomCursor = 0;
  const send = async (
    kind: Answer['kind'],
    method: 'GET' | 'POST',
    path: string,
    cookie?: string,
    body?: string,
  ) => {
    const at = Date.now();
    let status = 0;
    let retryAfter = false;
    let participationId: string | undefined;
    let error: string | undefined;
    let retried: string | undefined;
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const answer = await sendOnce(method, path, cookie, body);
      ({ status, retryAfter, error } = answer);
      if (kind === 'join' && status === 200 && answer.text)
        participationId = (JSON.parse(answer.text) as { participation: { id: string } })
          .participation.id;
      if (status !== 0 || !error || !CLOSED_BEFORE_ANSWER.has(error) || retried) break;
      retried = error;
    }
    answers.push({
      kind,
      at,
      ms: Date.now() - at,
      status,
      retryAfter,
      request: `${method} ${path}`,
      ...(participationId ? { participationId } : {}),
      ...(error ? { error } : {}),
      ...(retried ? { retried } : {}),
    });
  };
  const sendOnce = async (
    method: 'GET' | 'POST',
    path: string,
    cookie?: string,
    body?: string,
  ): Promise<{ status: number; retryAfter: boolean; error?: string; text?: string }> => {
    try {
      const res = await request(`${options.base}${path}`, {
        method,
        dispatcher,
        headers: {
          ...(cookie ? { cookie } : {}),
          ...(body ? { 'content-type': 'application/json', origin: options.base } : {}),
        },
        ...(body ? { body } : {}),
        headersTimeout: 70_000,
        bodyTimeout: 70_000,
      });
      const text = await res.body.text();
      return { status: res.statusCode, retryAfter: res.headers['retry-after'] !== undefined, text };
    } catch (failure) {
      const cause = (failure as { cause?: { code?: string }; code?: string }) ?? {};
      return {
        status: 0,
        retryAfter: false,
        error: cause.code ?? cause.cause?.code ?? String(failure),
      };
    }
  };
  const user = async (u: number) => {
    let n = 0;
    while (running) {
      const player = options.players[(u + n * options.users) % options.players.length]!;
      n += 1;
      const r = Math.random();
      if (r < joinShare) {
        const room = options.rooms[roomCursor % options.rooms.length]!;
        roomCursor += 1;
        await send(
          'join',
          'POST',
          `/api/rooms/${room}/join`,
          player.cookie,
          '{"metodo":"balance"}',
        );
      } else if (r < joinShare + 0.03) {
        await send(
          'sign-in',
          'POST',
          '/api/auth/sign-in/email',
          undefined,
          JSON.stringify({ email: player.email, password: PLAYER_PASSWORD }),
        );
      } else if (r < joinShare + 0.5) {
        await send('browse', 'GET', '/api/rooms', player.cookie);
      } else if (r < joinShare + 0.6) {
        await send('browse', 'GET', '/', undefined);
      } else {
        await send('browse', 'GET', '/api/public/stats');
      }
    }
  };
  const users = Array.from({ length: options.users }, (_, u) => user(u));
  const sockets = { opened: 0, failed: 0 };
  const open: WebSocket[] = [];
  const wsUrl = options.base.replace(/^http/, 'ws') + '/api/ws';
  for (let i = 0; i < (options.sockets ?? 0); i += 1) {
    const ws = new WebSocket(wsUrl, { origin: options.base });
    ws.on('open', () => (sockets.opened += 1));
    ws.on('error', () => (sockets.failed += 1));
    open.push(ws);
  }
  return {
    answers,
    sockets,
    async stop() {
      running = false;
      await Promise.all(users);
      for (const ws of open) ws.terminate();
      await dispatcher.close();
    },
  };
}

/** Figures of the answers in [from, to): count, per second, p50/p99 of the 2xx-4xx, failures. */
export function summarise(answers: Answer[], from: number, to: number) {
  const inside = answers.filter((a) => a.at >= from && a.at < to);
  const failed = inside.filter(
    (a) => a.status === 0 || (a.status >= 500 && !(a.status === 503 && a.retryAfter)),
  );
  const answered = inside.filter((a) => a.status >= 200 && a.status < 500);
  const sorted = answered.map((a) => a.ms).sort((x, y) => x - y);
  const pct = (p: number) =>
    sorted.length
      ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
      : NaN;
  return {
    requests: inside.length,
    ok2xx: inside.filter((a) => a.status >= 200 && a.status < 300).length,
    perSecond: Math.round((answered.length / Math.max(1, to - from)) * 1000),
    p50: pct(50),
    p99: pct(99),
    unavailable: inside.filter((a) => a.status === 503 && a.retryAfter).length,
    /** 5xx other than 503 with Retry-After, and answers that never came. */
    failures: failed.length,
    failed,
    joins: inside.filter((a) => a.kind === 'join' && a.status === 200).length,
    /** Sent again after the connection closed before any answer (see Answer.retried). */
    resent: inside.filter((a) => a.retried).length,
  };
}
