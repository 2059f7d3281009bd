/**
 * `npm run start:cluster`: the production shape on this machine. Builds once, then starts
 * CLUSTER_COPIES copies (3) of the built server on one PostgreSQL database (DATABASE_URL) behind
 * nginx on CLUSTER_PORT (8080); the copies listen on the next ports. With REDIS_URL the copies
 * count rate limits and socket caps together. Ctrl-C stops everything (each copy drains).
 *
 *   DATABASE_URL=postgres://... npm run start:cluster [-- --copies 3]
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildOnce, root, startCluster } from './cluster/cluster';

const arg = process.argv.indexOf('--copies');
const copies = Number(arg > 0 ? process.argv[arg + 1] : (process.env.CLUSTER_COPIES ?? 3));
const port = Number(process.env.CLUSTER_PORT ?? 8080);
if (!Number.isInteger(copies) || copies < 1 || copies > 32) {
  console.error('--copies / CLUSTER_COPIES: um número de 1 a 32');
  process.exit(64);
}
if (!process.env.DATABASE_URL) {
  console.error(
    'Defina DATABASE_URL (o banco PostgreSQL que todas as cópias compartilham), por exemplo:\n' +
      '  DATABASE_URL=postgres://postgres@127.0.0.1:5432/sorteio npm run start:cluster',
  );
  process.exit(64);
}

// Every copy needs the same secret and the same files folder (on several machines: S3_BUCKET).
const dataDir = path.resolve(process.env.DATA_DIR ?? path.join(root, 'data/cluster'));
mkdirSync(dataDir, { recursive: true });
let appSecret = process.env.APP_SECRET;
if (!appSecret) {
  const file = path.join(dataDir, 'app-secret');
  if (!existsSync(file))
    writeFileSync(file, `${randomBytes(32).toString('base64url')}\n`, { mode: 0o600 });
  appSecret = readFileSync(file, 'utf8').trim();
}

buildOnce();
const cluster = await startCluster({
  copies,
  port,
  runDir: path.join(dataDir, 'run'),
  output: 'inherit',
  env: {
    DATA_DIR: dataDir,
    APP_SECRET: appSecret,
    // The local production shape keeps the demo accounts unless told otherwise.
    SEED_DEMO: process.env.SEED_DEMO ?? 'true',
  },
});
console.log(
  `\n${copies} cópia(s) atrás do nginx em ${cluster.url} ` +
    `(cópias nas portas ${cluster.copies.map((c) => c.port).join(', ')}; ` +
    `Redis: ${process.env.REDIS_URL ? 'compartilhado' : 'não, contagem em memória'})\n`,
);
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    void cluster.stop().then(() => process.exit(0));
  });
