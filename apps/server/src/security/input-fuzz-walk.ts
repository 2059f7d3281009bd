/**
 * The schema-driven fuzz walk of input-fuzz.test.ts, in parts: every route of the OpenAPI document
 * (the auth library's included) is called with hostile input drawn from its own schema, as the role
 * it is meant for, and must never answer 5xx; no 4xx answer may change anything in the database
 * (row contents of every business table compared before and after). Each part takes every n-th
 * operation, with the same seeds as one walk would, so its test files run side by side.
 */
import { beforeAll, expect } from 'vitest';
import {
  type TestContext,
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
const newStats = () => ({
  requests: 0,
  serverErrors: [] as string[],
  changes: [] as string[],
  byStatus: {} as Record<number, number>,
});
/** The current file's counts (the files of a worker share this module: each starts afresh). */
let stats = newStats();

let ctx: TestContext;

/** A test app with a verified, funded player, an administrator and a room, for one test file. */
export function useFuzzApp() {
  ctx = useTestApp({
    config: { rateLimitMax: 1_000_000, rateLimitSignInMax: 1_000_000, rateLimitJoinMax: 1_000_000 },
  });
  beforeAll(setUp);
  return { ctx, snapshot, cookies: () => cookies };
}

async function setUp() {
  stats = newStats();
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
}

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

/** Walks part `part` (from 0) of `parts`: every operation whose index leaves that remainder. */
export async function fuzzRoutes(part: number, parts: number) {
  const ops = operations().filter((op) => !op.path.startsWith('/api/dev/'));
  expect(ops.length).toBeGreaterThan(50);
  for (const [i, op] of ops.entries())
    if (i % parts === part) await runBatch(op, attemptsFor(op, 1000 + i));
  console.info(
    `security suite, part ${part + 1} of ${parts}: fuzzed ${stats.requests} requests over ${ops.length} operations; 5xx: ${stats.serverErrors.length}; changes after a refusal: ${stats.changes.length}; answers ${JSON.stringify(stats.byStatus)}`,
  );
  expect(stats.serverErrors).toEqual([]);
  expect(stats.changes).toEqual([]);
}
