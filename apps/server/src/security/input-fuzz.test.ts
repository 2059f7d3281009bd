/**
 * Security suite, part one: every route of the OpenAPI document (the auth library's included) is
 * called with hostile input drawn from its own schema — as the role it is meant for — and must
 * never answer 5xx, and no 4xx answer may change anything in the database (row contents of every
 * business table compared before and after).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createUser,
  jsonHeaders,
  signIn,
  topUp,
  useTestApp,
  verifiedPlayer,
} from '../test/helpers';
import { createRoom } from '../modules/rooms/rooms.service';
import {
  type JsonSchema,
  hostileSegments,
  hostileShapes,
  hostileValues,
  patternSamples,
  randomValues,
  validSample,
} from './fuzz';
import { businessTables, snapshotTables } from './db-snapshot';

interface Operation {
  method: string;
  path: string;
  params: { name: string; in: 'path' | 'query'; schema: JsonSchema }[];
  bodies: JsonSchema[];
}

let cookies: { player: string; admin: string };
let ids: Record<string, string>;
let tables: string[];
const stats = {
  requests: 0,
  serverErrors: [] as string[],
  changes: [] as string[],
  byStatus: {} as Record<number, number>,
};

const ctx = useTestApp({
  config: { rateLimitMax: 1_000_000, rateLimitSignInMax: 1_000_000, rateLimitJoinMax: 1_000_000 },
});
beforeAll(async () => {
  const player = await verifiedPlayer(ctx);
  await topUp(ctx, player.id, 100_000);
  const admin = await createUser(ctx, { role: 'admin' });
  cookies = { player: player.cookie, admin: await signIn(ctx, admin, '198.18.9.9') };
  const room = await createRoom({
    db: ctx.database.db,
    input: { tipoSala: 'ouro', valorEntradaCentavos: 1000, maxParticipantes: 50, taxaBp: 1000 },
  });
  ids = { room: room.id, user: player.id };
  tables = await businessTables(ctx.database.db);
});

const snapshot = () => snapshotTables(ctx.database.db, tables);

function operations(): Operation[] {
  const doc = ctx.app.swagger() as {
    paths: Record<
      string,
      Record<
        string,
        {
          parameters?: { name: string; in: string; schema: JsonSchema }[];
          requestBody?: { content: Record<string, { schema: JsonSchema }> };
        }
      >
    >;
  };
  const out: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const body = op.requestBody?.content['application/json']?.schema;
      out.push({
        method: method.toUpperCase(),
        path,
        params: (op.parameters ?? [])
          .filter((p) => p.in === 'path' || p.in === 'query')
          .map((p) => ({ name: p.name, in: p.in as 'path' | 'query', schema: p.schema })),
        bodies: body ? (body.oneOf ?? body.anyOf ?? [body]) : [],
      });
    }
  }
  return out;
}

/** A path with plausible values (real ids where the parameter names one). */
function fillPath(op: Operation, override?: { name: string; raw: string }): string {
  return op.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (override?.name === name) return override.raw;
    if (name === 'id') return ids.room!;
    if (name === 'userId') return ids.user!;
    const schema = op.params.find((p) => p.name === name)?.schema;
    return encodeURIComponent(String(validSample(schema)));
  });
}

type Attempt = { url: string; payload?: unknown; raw?: string };

async function send(op: Operation, attempt: Attempt): Promise<number> {
  // The auth library's routes are called signed out (a fuzzed sign-out would end the session).
  const cookie = op.path.startsWith('/api/auth/')
    ? ''
    : op.path.startsWith('/api/admin')
      ? cookies.admin
      : cookies.player;
  stats.requests += 1;
  const res = await ctx.app.inject({
    method: op.method as 'GET',
    url: attempt.url,
    headers: { ...jsonHeaders, cookie },
    remoteAddress: `10.${stats.requests % 200}.${Math.floor(stats.requests / 200) % 200}.1`,
    ...(attempt.raw !== undefined
      ? { payload: attempt.raw }
      : attempt.payload !== undefined
        ? { payload: JSON.stringify(attempt.payload) }
        : {}),
  });
  // An accepted request's background work (a data export) ends before the next snapshot.
  await ctx.app.dataExports.idle();
  stats.byStatus[res.statusCode] = (stats.byStatus[res.statusCode] ?? 0) + 1;
  if (res.statusCode >= 500)
    stats.serverErrors.push(
      `${op.method} ${attempt.url.slice(0, 120)} ${JSON.stringify(attempt.payload ?? attempt.raw ?? '').slice(0, 200)} -> ${res.statusCode} ${res.body.slice(0, 200)}`,
    );
  return res.statusCode;
}

/** Runs the attempts; a refused one must change nothing (checked per batch, per request when mixed). */
async function runBatch(op: Operation, attempts: Attempt[]) {
  const before = await snapshot();
  const statuses: number[] = [];
  for (const a of attempts) statuses.push(await send(op, a));
  if (statuses.every((s) => s >= 400)) {
    if ((await snapshot()) !== before) stats.changes.push(`${op.method} ${op.path} (batch)`);
    return;
  }
  // Some attempts were accepted: re-check each refused one on its own.
  for (const [i, a] of attempts.entries()) {
    if (statuses[i]! < 400) continue;
    const pre = await snapshot();
    const status = await send(op, a);
    if (status >= 400 && (await snapshot()) !== pre)
      stats.changes.push(
        `${op.method} ${a.url} ${JSON.stringify(a.payload ?? a.raw).slice(0, 120)}`,
      );
  }
}

/** Percent-encodes; a lone surrogate becomes the invalid UTF-8 bytes it would be in CESU-8. */
function encodeHostile(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return value
      .split('')
      .map((ch) => {
        try {
          return encodeURIComponent(ch);
        } catch {
          return '%ED%A0%80';
        }
      })
      .join('');
  }
}

function attemptsFor(op: Operation, seed: number): Attempt[] {
  const attempts: Attempt[] = [];
  const url = fillPath(op);
  for (const p of op.params) {
    if (p.in === 'path') {
      const segments = [
        ...hostileSegments,
        ...patternSamples(p.schema, seed).map((v) => encodeHostile(v)),
      ];
      for (const raw of segments) attempts.push({ url: fillPath(op, { name: p.name, raw }) });
    } else {
      for (const v of hostileValues(p.schema, seed).filter(
        (x) => typeof x === 'string' || typeof x === 'number',
      ))
        attempts.push({ url: `${url}?${p.name}=${encodeHostile(String(v))}` });
    }
  }
  if (op.method === 'GET' || op.method === 'DELETE') return attempts;
  for (const schema of op.bodies) {
    const base = validSample(schema) as Record<string, unknown>;
    for (const [key, propSchema] of Object.entries(schema.properties ?? {})) {
      for (const v of hostileValues(propSchema))
        attempts.push({ url, payload: { ...base, [key]: v } });
      for (const v of randomValues(seed + key.length, 6))
        attempts.push({ url, payload: { ...base, [key]: v } });
    }
    attempts.push({ url, payload: { ...base, campoExtra: 'x', ['__proto__']: { admin: true } } });
    attempts.push({ url, payload: { ...base, 'chave\u0000nula': 1 } });
  }
  for (const shape of hostileShapes) attempts.push({ url, payload: shape });
  attempts.push({ url, raw: `${'['.repeat(20_000)}${']'.repeat(20_000)}` });
  attempts.push({ url, raw: `{"a":${'{"a":'.repeat(5_000)}1${'}'.repeat(5_001)}` });
  attempts.push({ url, raw: '{"truncado": ' });
  attempts.push({ url, raw: '"só uma string"' });
  return attempts;
}

describe('schema-driven fuzzing of every route', () => {
  it('never answers 5xx and never changes anything on a refusal', async () => {
    const ops = operations().filter((op) => !op.path.startsWith('/api/dev/'));
    expect(ops.length).toBeGreaterThan(50);
    for (const [i, op] of ops.entries()) await runBatch(op, attemptsFor(op, 1000 + i));
    console.info(
      `security suite: fuzzed ${stats.requests} requests over ${ops.length} operations; 5xx: ${stats.serverErrors.length}; changes after a refusal: ${stats.changes.length}; answers ${JSON.stringify(stats.byStatus)}`,
    );
    expect(stats.serverErrors).toEqual([]);
    expect(stats.changes).toEqual([]);
    // A bound for a hang: under `npm test` the walk shares two cores with every other step.
  }, 1_200_000);
});

/** Malformed multipart bodies for the one upload route (the identity documents). */
function multipartAttacks(): { contentType: string; body: Buffer }[] {
  const b = 'XyZfronteira';
  const part = (headers: string, content: string | Buffer) =>
    Buffer.concat([
      Buffer.from(`--${b}\r\n${headers}\r\n\r\n`),
      Buffer.from(content),
      Buffer.from('\r\n'),
    ]);
  const end = Buffer.from(`--${b}--\r\n`);
  const file = (name: string, filename: string) =>
    part(
      `Content-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: image/png`,
      'não é imagem',
    );
  const field = (name: string, value: string) =>
    part(`Content-Disposition: form-data; name="${name}"`, value);
  const type = `multipart/form-data; boundary=${b}`;
  return [
    {
      contentType: 'multipart/form-data',
      body: Buffer.concat([field('tipoDocumento', 'rg'), end]),
    },
    {
      contentType: 'multipart/form-data; boundary=outra',
      body: Buffer.concat([field('a', 'b'), end]),
    },
    { contentType: type, body: Buffer.concat([field('tipoDocumento', 'rg')]).subarray(0, 30) },
    {
      contentType: type,
      body: Buffer.concat([file('documento', '../../etc/passwd\u0000.png'), end]),
    },
    { contentType: type, body: Buffer.concat([field('numeroDocumento', 'a\u0000b'), end]) },
    {
      contentType: type,
      body: Buffer.concat([...Array.from({ length: 12 }, (_, i) => field(`campo${i}`, 'x')), end]),
    },
    {
      contentType: type,
      body: Buffer.concat([
        file('documento', 'a.png'),
        file('selfie', 'b.png'),
        file('outro', 'c.png'),
        end,
      ]),
    },
    { contentType: type, body: Buffer.concat([part('X-Nada: 1', 'sem disposição'), end]) },
    {
      contentType: type,
      body: Buffer.concat([field('tipoDocumento', 'x'.repeat(2_000_000)), end]),
    },
    { contentType: type, body: Buffer.from('lixo sem fronteira nenhuma') },
    { contentType: type, body: Buffer.alloc(0) },
  ];
}

describe('malformed uploads', () => {
  it('answer 4xx with a message and store nothing', async () => {
    const before = await snapshot();
    const problems: string[] = [];
    for (const [i, attack] of multipartAttacks().entries()) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/profile/verification',
        headers: {
          origin: jsonHeaders.origin,
          cookie: cookies.player,
          'content-type': attack.contentType,
        },
        payload: attack.body,
      });
      const message = (res.json<{ error?: { message?: string } }>().error?.message ?? '').trim();
      if (res.statusCode < 400 || res.statusCode >= 500 || message === '')
        problems.push(`#${i} ${attack.contentType}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    }
    expect(problems).toEqual([]);
    expect(await snapshot()).toBe(before);
  });
});
