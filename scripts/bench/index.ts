/**
 * `npm run bench`: measures the product through its HTTP API on a temporary embedded database,
 * and on PostgreSQL when BENCH_DATABASE_URL is set (a fresh database is created there and dropped
 * afterwards). Prints a table and notes.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { benchAccounts } from './accounts';
import { type LoadResult, printTable, runLoad } from './harness';
import { benchDrawProtocol, benchLastSeatToDraw } from './draws';
import { benchJoins } from './joins';

async function benchTarget(
  label: string,
  env: Record<string, string>,
): Promise<{ rows: LoadResult[]; notes: string[] }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sorteio-bench-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PORT: '0',
    SEED_DEMO: 'false',
    RATE_LIMIT_MAX: '1000000',
    RATE_LIMIT_JOIN_MAX: '1000000',
    RATE_LIMIT_ADDRESS_MAX: '1000000',
    RATE_LIMIT_SIGN_IN_MAX: '1000000',
    TRUST_PROXY: 'true',
    ...env,
  });
  const app = await buildApp(config, { startJobs: false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const get = async (url: string, cookie?: string) => {
    const res = await fetch(base + url, cookie ? { headers: { cookie } } : {});
    if (!res.ok) throw new Error(String(res.status));
    await res.arrayBuffer();
  };
  try {
    await get('/api/health');
    const rows: LoadResult[] = [
      await runLoad({
        name: `${label}: GET /api/health`,
        clients: 50,
        total: 5000,
        task: () => get('/api/health'),
      }),
      await runLoad({
        name: `${label}: GET /api/public/stats`,
        clients: 50,
        total: 2000,
        task: () => get('/api/public/stats'),
      }),
      ...(await benchAccounts(app, base, label)),
    ];
    const joins = await benchJoins(app, base, label);
    rows.push(...joins.rows);
    const cookie = joins.sampleCookie;
    rows.push(
      await runLoad({
        name: `${label}: GET /api/dashboard (1 client)`,
        clients: 1,
        total: 200,
        task: () => get('/api/dashboard', cookie),
      }),
    );
    rows.push(
      await runLoad({
        name: `${label}: GET /api/dashboard (50 clients)`,
        clients: 50,
        total: 2000,
        task: () => get('/api/dashboard', cookie),
      }),
    );
    return { rows, notes: [...joins.notes, ...(await benchLastSeatToDraw(app, base, label))] };
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const rows: LoadResult[] = [];
const notes: string[] = [...(await benchDrawProtocol(100_000))];
const pglite = await benchTarget('PGlite', {});
rows.push(...pglite.rows);
notes.push(...pglite.notes);
const pgUrl = process.env.BENCH_DATABASE_URL;
if (pgUrl) {
  const name = `sorteio_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  try {
    const url = new URL(pgUrl);
    url.pathname = `/${name}`;
    const result = await benchTarget('PostgreSQL', {
      DATABASE_URL: url.toString(),
      DATABASE_POOL_MAX: '20',
    });
    rows.push(...result.rows);
    notes.push(...result.notes);
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
printTable(rows);
for (const note of notes) console.log(note);
