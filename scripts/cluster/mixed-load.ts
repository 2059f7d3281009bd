/**
 * A mixed load through nginx, as players use the product: browsing (the room list, the public
 * figures, the landing page), sign-ins, joins paid from the balance (rooms fill up and are drawn
 * automatically), joins paid by PIX (the seat, its charge, then the provider's webhook confirming
 * it: scripts/cluster/pix-webhooks.ts), chat messages in private rooms, and live-update sockets.
 * Every answer is recorded with its time, status and Retry-After, so a drill can say what happened
 * in each of its windows and check afterwards that every join answered 200 is in the database.
 */
import { randomUUID } from 'node:crypto';
import { Agent, request } from 'undici';
import WebSocket from 'ws';
import { type PixWebhooks, startPixWebhooks } from './pix-webhooks';
import { PLAYER_PASSWORD, type SeededPlayer } from './seed';

export interface Answer {
  kind: 'browse' | 'sign-in' | 'join' | 'pix-charge' | 'pix-webhook' | 'chat';
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
   * browsers do; or, for a join (sent with an Idempotency-Key), nginx answered 503
   * OUTCOME_UNKNOWN (the copy died with it): sent again with the same key, as the web app does.
   * This answer is the second try's; the request counts once.
   */
  retried?: string;
  /** The server answered with the stored answer of the first try (Idempotent-Replayed). */
  replayed?: boolean;
  /**
   * Why a 503 came, for the drill's report: who answered (a copy, or nginx when no copy could) and
   * the answer's reason or message, e.g. "copy CONTENTION" or "nginx OUTCOME_UNKNOWN".
   */
  unavailable?: string;
}

/** Who answered a 503 and why (Answer.unavailable). */
function unavailableReason(fromCopy: boolean, text: string | undefined): string {
  let reason = 'no body';
  try {
    const error = (JSON.parse(text ?? '') as { error?: { reason?: string; message?: string } })
      .error;
    reason = error?.reason ?? error?.message?.split('.')[0] ?? reason;
  } catch {
    // not JSON
  }
  return `${fromCopy ? 'copy' : 'nginx'} ${reason}`;
}

export interface MixedLoad {
  answers: Answer[];
  sockets: { opened: number; failed: number };
  /** PIX charges confirmed by a webhook answered 200 (0 without `pixWebhookSecret`). */
  pixConfirmed(): number;
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
  /**
   * Joins in a row sent to the same room before the next one (default 1: every join to the next
   * room). The rooms' seat count fills them one after the other, so draws happen during the load.
   */
  joinsPerRoom?: number;
  /** Live sockets kept open during the load. */
  sockets?: number;
  /**
   * The PIX webhook's path secret (config.pix.webhookSecret): with it, a share of the joins
   * (`pixShare`, default 0.05 of the requests) is paid by PIX and confirmed by webhook.
   */
  pixWebhookSecret?: string;
  pixShare?: number;
  /** Each player's private room (player id -> room id): with it, `chatShare` (0.05) are chat messages. */
  chatRooms?: Map<string, string>;
  chatShare?: number;
}

/** Signs every player in through the API (their cookies go on their requests). */
export async function signInPlayers<P extends { email: string }>(
  base: string,
  players: P[],
  concurrency = 8,
  password = PLAYER_PASSWORD,
): Promise<(P & { cookie: string })[]> {
  const out: (P & { cookie: string })[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < players.length) {
        const p = players[next]!;
        next += 1;
        const res = await fetch(`${base}/api/auth/sign-in/email`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: base },
          body: JSON.stringify({ email: p.email, password }),
        });
        if (res.status !== 200)
          throw new Error(`sign-in of ${p.email}: ${res.status} ${await res.text()}`);
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

/** nginx's 503 for a request sent to a copy that died with it (its outcome is unknown). */
function isOutcomeUnknown(status: number, text: string | undefined): boolean {
  if (status !== 503 || !text) return false;
  try {
    return (
      (JSON.parse(text) as { error?: { reason?: string } }).error?.reason === 'OUTCOME_UNKNOWN'
    );
  } catch {
    return false;
  }
}

export function startMixedLoad(options: MixedLoadOptions): MixedLoad {
  const answers: Answer[] = [];
  const dispatcher = new Agent({ connections: options.users, keepAliveTimeout: 10_000 });
  const joinShare = options.joinShare ?? 0.3;
  const pixShare = options.pixWebhookSecret ? (options.pixShare ?? 0.05) : 0;
  const chatShare = options.chatRooms ? (options.chatShare ?? 0.05) : 0;
  let running = true;
  let roomCursor = 0;
  const nextRoom = () => {
    const room =
      options.rooms[Math.floor(roomCursor / (options.joinsPerRoom ?? 1)) % options.rooms.length]!;
    roomCursor += 1;
    return room;
  };
  const send = async (
    kind: Answer['kind'],
    method: 'GET' | 'POST',
    path: string,
    cookie?: string,
    body?: string,
    /** Joins carry a key of their own, kept when sent again. */
    idempotencyKey?: string,
  ) => {
    const at = Date.now();
    let status = 0;
    let retryAfter = false;
    let participationId: string | undefined;
    let json: unknown;
    let error: string | undefined;
    let retried: string | undefined;
    let replayed = false;
    let unavailable: string | undefined;
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const answer = await sendOnce(method, path, cookie, body, idempotencyKey);
      ({ status, retryAfter, error, replayed, unavailable } = answer);
      if (status === 200 && answer.text && (kind === 'join' || kind === 'pix-charge'))
        json = JSON.parse(answer.text);
      if (kind === 'join' && status === 200 && json)
        participationId = (json as { participation: { id: string } }).participation.id;
      if (retried) break;
      if (idempotencyKey && isOutcomeUnknown(status, answer.text)) retried = 'OUTCOME_UNKNOWN';
      else if (status === 0 && error && CLOSED_BEFORE_ANSWER.has(error)) retried = error;
      else break;
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
      ...(replayed ? { replayed } : {}),
      ...(unavailable ? { unavailable } : {}),
    });
    return { status, json };
  };
  const sendOnce = async (
    method: 'GET' | 'POST',
    path: string,
    cookie?: string,
    body?: string,
    idempotencyKey?: string,
  ): Promise<{
    status: number;
    retryAfter: boolean;
    replayed: boolean;
    error?: string;
    text?: string;
    unavailable?: string;
  }> => {
    try {
      const res = await request(`${options.base}${path}`, {
        method,
        dispatcher,
        headers: {
          ...(cookie ? { cookie } : {}),
          ...(body ? { 'content-type': 'application/json', origin: options.base } : {}),
          ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
        },
        ...(body ? { body } : {}),
        headersTimeout: 70_000,
        bodyTimeout: 70_000,
      });
      const text = await res.body.text();
      return {
        status: res.statusCode,
        retryAfter: res.headers['retry-after'] !== undefined,
        replayed: res.headers['idempotent-replayed'] === 'true',
        text,
        // The product sets X-Request-Id on every answer; nginx's own 503 has none.
        ...(res.statusCode === 503
          ? { unavailable: unavailableReason(res.headers['x-request-id'] !== undefined, text) }
          : {}),
      };
    } catch (failure) {
      const cause = (failure as { cause?: { code?: string }; code?: string }) ?? {};
      return {
        status: 0,
        retryAfter: false,
        replayed: false,
        error: cause.code ?? cause.cause?.code ?? String(failure),
      };
    }
  };
  const webhooks: PixWebhooks | null = options.pixWebhookSecret
    ? startPixWebhooks({
        base: options.base,
        secret: options.pixWebhookSecret,
        dispatcher,
        record: (answer) => answers.push(answer),
      })
    : null;
  // A seat paid by PIX: the join, the charge, and the payment confirmed later by the webhook.
  const pixJoin = async (player: MixedLoadOptions['players'][number], room: string) => {
    const joined = await send(
      'join',
      'POST',
      `/api/rooms/${room}/join`,
      player.cookie,
      '{"metodo":"pix"}',
      randomUUID(),
    );
    const seat = (joined.json as { participation?: { id: string } } | undefined)?.participation;
    if (!seat) return;
    const charged = await send(
      'pix-charge',
      'POST',
      '/api/payments/pix',
      player.cookie,
      JSON.stringify({ participacaoId: seat.id }),
    );
    const charge = charged.json as { txid: string; valor: number } | undefined;
    if (charge) webhooks?.pay(charge.txid, charge.valor);
  };
  const user = async (u: number) => {
    let n = 0;
    while (running) {
      const player = options.players[(u + n * options.users) % options.players.length]!;
      n += 1;
      const r = Math.random();
      if (r < pixShare) {
        const room = nextRoom();
        await pixJoin(player, room);
      } else if (r < pixShare + chatShare) {
        const chat = options.chatRooms?.get(player.id);
        if (chat)
          await send(
            'chat',
            'POST',
            `/api/private-rooms/${chat}/messages`,
            player.cookie,
            JSON.stringify({ message: `Boa sorte a todos! ${n}` }),
          );
      } else if (r < joinShare) {
        const room = nextRoom();
        await send(
          'join',
          'POST',
          `/api/rooms/${room}/join`,
          player.cookie,
          '{"metodo":"balance"}',
          randomUUID(),
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
    pixConfirmed: () => webhooks?.confirmed ?? 0,
    async stop() {
      running = false;
      await Promise.all(users);
      await webhooks?.stop();
      for (const ws of open) ws.terminate();
      await dispatcher.close();
    },
  };
}

/** Figures of the answers that came in [from, to): count, per second, p50/p99 of the 2xx-4xx, failures. */
export function summarise(answers: Answer[], from: number, to: number) {
  // By when the answer came: a request in flight when a fault struck belongs to that fault's window.
  const inside = answers.filter((a) => a.at + a.ms >= from && a.at + a.ms < to);
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
    /** The 503s by kind, who answered and why: `join: copy CONTENTION` -> count. */
    unavailableBy: inside.reduce<Record<string, number>>((acc, a) => {
      if (a.status !== 503) return acc;
      const key = `${a.kind}: ${a.unavailable ?? 'unknown'}`;
      acc[key] = (acc[key] ?? 0) + 1;
      return acc;
    }, {}),
    /** 5xx other than 503 with Retry-After, and answers that never came. */
    failures: failed.length,
    failed,
    joins: inside.filter((a) => a.kind === 'join' && a.status === 200).length,
    /**
     * Sent again after the connection closed before any answer, or (joins) after a 503
     * OUTCOME_UNKNOWN (see Answer.retried); each counted once, with its second try's answer.
     */
    resent: inside.filter((a) => a.retried).length,
    /** Joins sent again whose answer was the first try's, replayed under their key. */
    replayed: inside.filter((a) => a.replayed).length,
    /** Answers by kind: `kind status` -> count. */
    byKind: inside.reduce<Record<string, number>>((acc, a) => {
      const key = `${a.kind} ${a.status}`;
      acc[key] = (acc[key] ?? 0) + 1;
      return acc;
    }, {}),
  };
}
