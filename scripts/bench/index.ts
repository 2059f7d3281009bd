/**
 * `npm run bench`: measures the product through its HTTP API on a temporary embedded database
 * (and on PostgreSQL when BENCH_DATABASE_URL is set). Prints a table.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { benchAccounts } from './accounts';
import { type LoadResult, printTable, runLoad } from './harness';

async function benchTarget(label: string, env: Record<string, string>): Promise<LoadResult[]> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sorteio-bench-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PORT: '0',
    RATE_LIMIT_MAX: '1000000',
    TRUST_PROXY: 'true',
    ...env,
  });
  const app = await buildApp(config);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const get = async (url: string) => {
    const res = await fetch(base + url);
    if (!res.ok) throw new Error(String(res.status));
    await res.arrayBuffer();
  };
  try {
    await get('/api/health');
    return [
      await runLoad({
        name: `${label}: GET /api/health`,
        clients: 50,
        total: 5000,
        task: () => get('/api/health'),
      }),
      ...(await benchAccounts(app, base, label)),
      await runLoad({
        name: `${label}: GET /api/public/stats`,
        clients: 50,
        total: 5000,
        task: () => get('/api/public/stats'),
      }),
    ];
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const rows: LoadResult[] = [];
rows.push(...(await benchTarget('PGlite', {})));
const pgUrl = process.env.BENCH_DATABASE_URL;
if (pgUrl)
  rows.push(...(await benchTarget('PostgreSQL', { DATABASE_URL: pgUrl, SEED_DEMO: 'false' })));
printTable(rows);
