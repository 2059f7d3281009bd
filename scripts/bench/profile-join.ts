/**
 * `npm run bench:profile-join`: where a join's time goes, counted rather than guessed. On a fresh
 * PostgreSQL database (BENCH_DATABASE_URL; created and dropped), a player signs in and joins rooms
 * through the API (in this process, by app.inject: no socket), and every statement sent to the
 * database during one join is listed, with the in-request and after-response ones apart, and the
 * time spent in each part of the request.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { account, profiles, user } from '../../apps/server/src/db/schema';
import { hashPassword } from '../../apps/server/src/lib/password';
import { createRoom } from '../../apps/server/src/modules/rooms/rooms.service';
import { postTransaction } from '../../apps/server/src/modules/wallet/ledger.service';

const pgUrl = process.env.BENCH_DATABASE_URL;
if (!pgUrl) throw new Error('BENCH_DATABASE_URL is required (a PostgreSQL server)');

const statements: { text: string; ms: number; at: number }[] = [];
let origin = 0;
let recording = false;
// Every query of the pool goes through Client#query (called below with its own `this`).
// eslint-disable-next-line @typescript-eslint/unbound-method
const originalQuery = pg.Client.prototype.query as (...args: unknown[]) => unknown;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  const first = args[0] as string | { text?: string };
  const text = typeof first === 'string' ? first : (first?.text ?? '?');
  const t0 = performance.now();
  const callback = args.findIndex((a) => typeof a === 'function');
  if (recording && callback >= 0) {
    const done = args[callback] as (...r: unknown[]) => void;
    args[callback] = (...r: unknown[]) => {
      statements.push({ text, ms: performance.now() - t0, at: t0 - origin });
      done(...r);
    };
  }
  const result = originalQuery.apply(this, args);
  if (recording && result instanceof Promise)
    void result.finally(() =>
      statements.push({ text, ms: performance.now() - t0, at: t0 - origin }),
    );
  return result;
} as typeof pg.Client.prototype.query;

const name = `${process.env.BENCH_DATABASE_PREFIX ?? 'sorteio_bench'}_profile_${Date.now()}`;
const admin = new pg.Client({ connectionString: pgUrl });
await admin.connect();
await admin.query(`create database ${name}`);
const work = mkdtempSync(path.join(os.tmpdir(), 'sorteio-profile-'));
try {
  const url = new URL(pgUrl);
  url.pathname = `/${name}`;
  const config = loadConfig({
    DATA_DIR: work,
    DATABASE_URL: url.toString(),
    APP_SECRET: randomBytes(32).toString('base64url'),
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    OPERATOR_AUTHORIZATION_ACK: 'sem-autorizacao',
    NODE_ENV: 'production',
  });
  const app = await buildApp(config, { startJobs: false });
  try {
    const db = app.database.db;
    const id = randomUUID();
    const email = `profile-${id.slice(0, 8)}@bench.sorteiocerto.com.br`;
    await db.insert(user).values({ id, email, name: 'Bench', emailVerified: true });
    await db.insert(account).values({
      id: randomUUID(),
      accountId: id,
      providerId: 'credential',
      userId: id,
      password: await hashPassword('senha-de-bench-1'),
    });
    await db
      .insert(profiles)
      .values({ id, nomeCompleto: 'Bench', isVerified: true, dataNascimento: '1990-01-01' });
    await postTransaction(db, {
      kind: 'topup',
      idempotencyKey: `profile:${id}`,
      description: 'bench',
      userId: id,
      entries: [
        { account: { kind: 'pix_clearing' }, amount: -100_000 },
        { account: { kind: 'user_saldo', userId: id }, amount: 100_000 },
      ],
    });
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: config.baseUrl },
      payload: { email, password: 'senha-de-bench-1' },
    });
    const cookie = signIn.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const rooms = [];
    for (let i = 0; i < 23; i += 1)
      rooms.push(
        await createRoom({
          db,
          input: {
            tipoSala: 'prata',
            valorEntradaCentavos: 100,
            maxParticipantes: 100,
            taxaBp: 1000,
          },
        }),
      );
    const join = (roomId: string) =>
      app.inject({
        method: 'POST',
        url: `/api/rooms/${roomId}/join`,
        headers: { origin: config.baseUrl, cookie },
        payload: { metodo: 'balance' },
      });
    // Warm up (first use of the accounts, prepared code paths), 20 timed joins one after the
    // other, then one recorded join.
    await join(rooms[0]!.id);
    await join(rooms[1]!.id);
    const times: number[] = [];
    for (let i = 3; i < 23; i += 1) {
      const t = performance.now();
      await join(rooms[i]!.id);
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    console.info(
      `20 joins one after the other: median ${times[10]!.toFixed(1)} ms, max ${times[19]!.toFixed(1)} ms`,
    );
    recording = true;
    const t0 = performance.now();
    origin = t0;
    const res = await join(rooms[2]!.id);
    const inRequest = statements.length;
    const requestMs = performance.now() - t0;
    await new Promise((resolve) => setTimeout(resolve, 300));
    recording = false;
    if (res.statusCode !== 200) throw new Error(`join ${res.statusCode}: ${res.body}`);
    console.info(
      `one join: ${requestMs.toFixed(1)} ms in the request, ${inRequest} statements before the answer, ${statements.length - inRequest} after it (live update, webhooks)`,
    );
    statements.sort((a, b) => a.at - b.at);
    statements.forEach((s, i) =>
      console.info(
        `${String(i + 1).padStart(3)}${i >= inRequest ? ' (after)' : ''} at ${s.at.toFixed(1).padStart(5)} ms, ${s.ms.toFixed(2).padStart(6)} ms  ${s.text.replace(/\s+/g, ' ').slice(0, 160)}`,
      ),
    );
  } finally {
    await app.close();
  }
} finally {
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
  rmSync(work, { recursive: true, force: true });
}
