/**
 * `npm run bench:cluster`: the production shape measured, side by side in one run, on a PostgreSQL
 * cluster of its own (scripts/cluster/services.ts):
 *  1. the mixed load (scripts/cluster/mixed-load.ts: browsing, sign-ins, joins from the balance,
 *     live sockets) through nginx with 1 copy, then with 3 copies: answers per second and p99;
 *  2. joins from the balance alone through nginx (3 copies), and pgbench's TPC-B-like load with
 *     50 clients on the same PostgreSQL right after: the database's own limit beside the joins;
 *  3. the fan-out of one draw result to 10,000 open sockets through nginx: the time from the
 *     answer of the join that fills the room until the last socket has the draw event.
 * Prints the table and writes it to docs/performance.md between its markers (BENCH_WRITE=false:
 * not). Environment: BENCH_CLUSTER_PORT (nginx, 4440; the copies on the next ports),
 * BENCH_PG_PORT (5450), BENCH_SECONDS (per load, 20), BENCH_USERS (virtual users, 50),
 * BENCH_SOCKETS (10000), BENCH_PARTS (which measurements: mixed,joins,fanout).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { Agent, request } from 'undici';
import WebSocket from 'ws';
import { loadConfig } from '../../apps/server/src/config';
import { type Db, createDatabase } from '../../apps/server/src/db/client';
import { queryRows } from '../../apps/server/src/db/query-rows';
import { type Cluster, buildOnce, root, startCluster } from '../cluster/cluster';
import { signInPlayers, startMixedLoad, summarise } from '../cluster/mixed-load';
import { type SeededPlayer, seedChatRooms, seedPlayers, seedRooms } from '../cluster/seed';
import { startOwnPostgres } from '../cluster/services';

const port = Number(process.env.BENCH_CLUSTER_PORT ?? 4440);
const seconds = Number(process.env.BENCH_SECONDS ?? 20);
const users = Number(process.env.BENCH_USERS ?? 50);
const socketCount = Number(process.env.BENCH_SOCKETS ?? 10_000);
const parts = (process.env.BENCH_PARTS ?? 'mixed,joins,fanout').split(',');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const log = (line: string) =>
  console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${line}`);

buildOnce(log);
const work = mkdtempSync(path.join(os.tmpdir(), 'sorteio-bench-cluster-'));
const postgres = startOwnPostgres(Number(process.env.BENCH_PG_PORT ?? 5450));
const databaseUrl = postgres.url.replace(/\/postgres$/, '/sorteio');
spawnSync('psql', [postgres.url, '-qc', 'create database sorteio'], { stdio: 'inherit' });
spawnSync('psql', [postgres.url, '-qc', 'create database pgbench'], { stdio: 'inherit' });
const env = {
  DATABASE_URL: databaseUrl,
  DATA_DIR: path.join(work, 'data'),
  APP_SECRET: 'bench-cluster-secret-bench-cluster-secret-0123',
  SEED_DEMO: 'false',
  OPERATOR_AUTHORIZATION_ACK: 'sem-autorizacao',
  STAFF_2FA_REQUIRED: 'true',
  LOG_LEVEL: 'warn',
  RATE_LIMIT_ADDRESS_MAX: '100000000',
  RATE_LIMIT_MAX: '100000000',
  RATE_LIMIT_SIGN_IN_MAX: '100000000',
  RATE_LIMIT_JOIN_MAX: '100000000',
  WS_MAX_PER_ADDRESS: '100000',
  WS_MAX_TOTAL: '100000',
  WS_ATTEMPTS_PER_ADDRESS: '100000000',
};
const config = loadConfig({ ...process.env, ...env, NODE_ENV: 'production' });
const rows: string[][] = [];
let cluster: Cluster | null = null;
let seeded: SeededPlayer[] = [];
let chatRooms = new Map<string, string>();
let players: (SeededPlayer & { cookie: string })[] | null = null;

/** The players of every measurement, seeded once: each with a Saldo and a private room to chat in. */
async function seedShared() {
  const database = await createDatabase(config.database);
  await database.migrate();
  seeded = await seedPlayers(database.db, 'mixed', 150, 1_000_000);
  chatRooms = await seedChatRooms(database.db, config, seeded);
  await database.close();
}

async function startCopies(copies: number) {
  cluster = await startCluster({
    copies,
    port,
    env,
    runDir: path.join(work, `run-${copies}`),
    output: 'files',
    accessLog: false,
    log,
  });
  // Signed in once (through the first cluster): the sessions are in the database, for every copy.
  players ??= await signInPlayers(cluster.url, seeded);
  return cluster;
}

async function mixed(copies: number) {
  cluster = await startCopies(copies);
  const database = await createDatabase(config.database);
  const rooms = await seedRooms(database.db, 400, 10);
  const drawsBefore = await countDraws(database.db);
  const load = startMixedLoad({
    base: cluster.url,
    players: players!,
    rooms,
    joinsPerRoom: 10,
    users,
    sockets: 100,
    pixWebhookSecret: config.pix.webhookSecret,
    chatRooms,
  });
  await sleep(3000); // warm-up, not measured
  const from = Date.now();
  await sleep(seconds * 1000);
  const to = Date.now();
  await load.stop();
  const draws = (await countDraws(database.db)) - drawsBefore;
  await database.close();
  const s = summarise(load.answers, from, to);
  const k = (key: string) => s.byKind[key] ?? 0;
  rows.push([
    `Mixed load, ${copies} cop${copies === 1 ? 'y' : 'ies'} behind nginx (${users} users)`,
    `${s.perSecond}/s`,
    `p50 ${s.p50} ms, p99 ${s.p99} ms`,
    `${s.requests} requests (${s.ok2xx} 2xx), ${s.joins} seats (${k('pix-charge 200')} by PIX), ` +
      `${load.pixConfirmed()} PIX confirmed by ${k('pix-webhook 200')} webhooks, ` +
      `${k('chat 200')} chat messages, ${draws} draws, ${s.failures} failed`,
  ]);
  const hooks = load.answers.filter((a) => a.kind === 'pix-webhook');
  log(
    `mixed ${copies}: ${JSON.stringify(s)}; draws ${draws}; pix ${load.pixConfirmed()}; ` +
      `webhooks ${hooks.map((a) => `${a.status}/${a.ms}ms`).join(' ')}`,
  );
  if (copies !== 3) {
    await cluster.stop();
    cluster = null;
  }
}

async function countDraws(db: Db) {
  const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from sorteios`);
  return row?.n ?? 0;
}

async function joinsBesidePgbench() {
  const c = cluster!;
  const database = await createDatabase(config.database);
  // Each player takes one seat per room: 600 rooms of 50 seats before any player comes back to one.
  const rooms = await seedRooms(database.db, 600, 50);
  await database.close();
  const joiners = players!.slice(0, 50);
  const dispatcher = new Agent({ connections: 50 });
  const latencies: number[] = [];
  let ok = 0;
  let running = true;
  const from = Date.now();
  const clients = joiners.map(async (p, i) => {
    let n = 0;
    while (running) {
      const at = Date.now();
      const res = await request(`${c.url}/api/rooms/${rooms[(i + n) % rooms.length]}/join`, {
        method: 'POST',
        dispatcher,
        headers: { cookie: p.cookie, 'content-type': 'application/json', origin: c.url },
        body: '{"metodo":"balance"}',
      });
      await res.body.arrayBuffer();
      n += 1;
      if (res.statusCode === 200) {
        ok += 1;
        latencies.push(Date.now() - at);
      }
    }
  });
  await sleep(seconds * 1000);
  running = false;
  await Promise.all(clients);
  await dispatcher.close();
  const joinsPerSecond = Math.round((ok / (Date.now() - from)) * 1000);
  latencies.sort((a, b) => a - b);
  const p99 = latencies[Math.ceil(latencies.length * 0.99) - 1] ?? NaN;
  // pgbench on the same server, its own database: TPC-B-like, 50 clients.
  const pgbenchUrl = postgres.url.replace(/\/postgres$/, '/pgbench');
  spawnSync('pgbench', ['-i', '-s', '10', '-q', pgbenchUrl], { stdio: 'ignore' });
  const bench = spawnSync(
    'pgbench',
    ['-c', '50', '-j', '2', '-T', String(seconds), '-n', pgbenchUrl],
    { encoding: 'utf8' },
  );
  const tps = Number(/tps = ([\d.]+)/.exec(bench.stdout)?.[1] ?? NaN);
  rows.push([
    'Joins from the balance alone, 3 copies (50 clients)',
    `${joinsPerSecond}/s`,
    `p99 ${p99} ms`,
    `${ok} joins`,
  ]);
  rows.push([
    'pgbench TPC-B-like, 50 clients, same PostgreSQL',
    `${Math.round(tps)} tps`,
    '',
    `joins / pgbench = ${(joinsPerSecond / tps).toFixed(2)}`,
  ]);
  log(`joins ${joinsPerSecond}/s p99 ${p99}; pgbench ${tps} tps`);
}

async function fanOut() {
  const c = cluster!;
  const database = await createDatabase(config.database);
  // A room of two seats (the smallest): one taken before the sockets open, the other fills it.
  const [room] = await seedRooms(database.db, 1, 2);
  await database.close();
  const [first, player] = players!;
  const firstJoin = await fetch(`${c.url}/api/rooms/${room}/join`, {
    method: 'POST',
    headers: { cookie: first!.cookie, 'content-type': 'application/json', origin: c.url },
    body: '{"metodo":"balance"}',
  });
  if (firstJoin.status !== 200) throw new Error(`fan-out first seat: ${firstJoin.status}`);
  // A socket is a file of this process: Node cannot raise its own limit (`ulimit -n` before).
  const limit = openFilesSoftLimit();
  if (limit < socketCount + 500)
    log(
      `ulimit -n is ${limit}: ${socketCount} sockets need about ${socketCount + 500}; some will fail`,
    );
  const wsUrl = `${c.url.replace(/^http/, 'ws')}/api/ws`;
  const sockets: WebSocket[] = [];
  const gotAt: number[] = [];
  let opened = 0;
  let failed = 0;
  // Opened in batches so the copies' accept queues are not flooded.
  for (let i = 0; i < socketCount; i += 200) {
    const batch = Array.from({ length: Math.min(200, socketCount - i) }, () => {
      const ws = new WebSocket(wsUrl, { origin: c.url });
      sockets.push(ws);
      ws.on('message', (data: Buffer) => {
        const text = data.toString();
        if (text.includes('"type":"draw"') && text.includes(room!)) gotAt.push(Date.now());
      });
      return new Promise<void>((resolve) => {
        ws.once('open', () => {
          opened += 1;
          resolve();
        });
        ws.once('error', () => {
          failed += 1;
          resolve();
        });
      });
    });
    await Promise.all(batch);
  }
  log(`${opened} sockets open (${failed} failed)`);
  await sleep(2000);
  const res = await fetch(`${c.url}/api/rooms/${room}/join`, {
    method: 'POST',
    headers: { cookie: player!.cookie, 'content-type': 'application/json', origin: c.url },
    body: '{"metodo":"balance"}',
  });
  const answeredAt = Date.now();
  if (res.status !== 200) throw new Error(`fan-out join: ${res.status} ${await res.text()}`);
  const deadline = Date.now() + 60_000;
  while (gotAt.length < opened && Date.now() < deadline) await sleep(20);
  const last = gotAt.length ? Math.max(...gotAt) - answeredAt : NaN;
  const sorted = gotAt.map((t) => t - answeredAt).sort((a, b) => a - b);
  rows.push([
    `Fan-out of one draw result, ${opened.toLocaleString('en')} sockets via nginx, 3 copies`,
    `last after ${last} ms`,
    `first after ${sorted[0]} ms, median ${sorted[Math.floor(sorted.length / 2)]} ms`,
    `${gotAt.length} of ${opened} received`,
  ]);
  for (const ws of sockets) ws.terminate();
}

function openFilesSoftLimit(): number {
  const line = readFileSync('/proc/self/limits', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('Max open files'));
  const soft = Number(line?.trim().split(/\s+/)[3]);
  return Number.isFinite(soft) ? soft : Number.POSITIVE_INFINITY;
}

let failedRun = false;
try {
  await seedShared();
  if (parts.includes('mixed')) {
    await mixed(1);
    await mixed(3);
  } else await startCopies(3);
  if (parts.includes('joins')) await joinsBesidePgbench();
  if (parts.includes('fanout')) await fanOut();
} catch (error) {
  failedRun = true;
  console.error(error);
} finally {
  await (cluster as Cluster | null)?.stop().catch(() => undefined);
  postgres.remove();
  rmSync(work, { recursive: true, force: true });
}

const cpu = os.cpus();
const header = `Measured ${new Date().toISOString().slice(0, 10)} by \`npm run bench:cluster\` on ${cpu.length} × ${cpu[0]?.model ?? 'CPU'} (shared with other work), PostgreSQL 15 of its own (fsync off), nginx ${
  spawnSync('/usr/sbin/nginx', ['-v'], { encoding: 'utf8' }).stderr.trim().split('/')[1] ?? ''
}, ${seconds} s per load.`;
const table = [
  '| Scenario | Throughput | Latency | Notes |',
  '| --- | ---: | --- | --- |',
  ...rows.map((r) => `| ${r.join(' | ')} |`),
].join('\n');
console.log(`\n${header}\n\n${table}\n`);
if (!failedRun && process.env.BENCH_WRITE !== 'false') {
  const doc = path.join(root, 'docs/performance.md');
  const start = '<!-- bench:cluster:start -->';
  const end = '<!-- bench:cluster:end -->';
  const block = `${start}\n\n${header}\n\n${table}\n\n${end}`;
  const text = existsSync(doc) ? readFileSync(doc, 'utf8') : '';
  const next =
    text.includes(start) && text.includes(end)
      ? text.replace(new RegExp(`${start}[\\s\\S]*${end}`), block)
      : `${text.trimEnd()}\n\n## Several copies behind nginx\n\n${block}\n`;
  writeFileSync(doc, next);
  spawnSync('npx', ['prettier', '--write', doc], { cwd: root, stdio: 'ignore' });
}
process.exit(failedRun ? 1 : 0);
