/**
 * `npm run db:restore`: puts a backup back (docs/operations.md, "Restore").
 *
 *   npm run db:restore -- --from backups/postgres-x.dump [--target-url postgres://…]
 *       pg_restore into DATABASE_URL (or --target-url), in one transaction: all or nothing
 *   npm run db:restore -- --from backups/pglite-x.tar.gz [--data-dir ./data]
 *       the embedded database (server stopped); the current folder is kept beside it
 *   npm run db:restore -- --to "2026-11-27 03:10" [--base backups/base-…]
 *       point-in-time recovery of the local clusters (scripts/db/pg-local.sh): the newest base
 *       backup taken before that time, then the archived WAL replayed up to it; the copy starts
 *       promoted on PG_PITR_PORT. A time without a zone is UTC.
 *
 * Afterwards the ledger audit runs on what was restored and its counts are printed; exits 1 when
 * the audit fails.
 */
import { existsSync, readFileSync, readdirSync, renameSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../../apps/server/src/config';
import { createDatabase } from '../../apps/server/src/db/client';
import { livePglitePid } from '../../apps/server/src/db/pglite-backup';
import { describeSnapshot, snapshot } from './snapshot';
import { pgLocal, pgTool, run, seconds, stamp } from './tools';

const { values } = parseArgs({
  options: {
    from: { type: 'string' },
    to: { type: 'string' },
    base: { type: 'string' },
    'target-url': { type: 'string' },
    'data-dir': { type: 'string' },
    out: { type: 'string' },
  },
});
const env = { ...process.env, ...(values['data-dir'] ? { DATA_DIR: values['data-dir'] } : {}) };
const started = performance.now();

/** "2026-11-27 03:10" (UTC) or any timestamp PostgreSQL reads, with an explicit zone kept. */
export function recoveryTarget(text: string): string {
  const trimmed = text.trim();
  if (!/^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(trimmed)) {
    if (Number.isNaN(Date.parse(trimmed))) throw new Error(`not a time: ${text}`);
    return trimmed;
  }
  return `${trimmed.replace('T', ' ')}${trimmed.length === 16 ? ':00' : ''}+00`;
}

function newestBaseBefore(dir: string, target: string): string {
  const at = Date.parse(target.replace(' ', 'T').replace(/\+00$/, 'Z'));
  const bases = readdirSync(dir)
    .filter((name) => name.startsWith('base-'))
    .map((name) => path.join(dir, name))
    .filter((base) => existsSync(path.join(base, 'finished-at')))
    .filter((base) => Date.parse(readFileSync(path.join(base, 'finished-at'), 'utf8').trim()) < at)
    .sort();
  const chosen = bases.at(-1);
  if (!chosen) throw new Error(`no base backup in ${dir} finished before ${target}`);
  return chosen;
}

let checkUrl: string | null = null;
let checkDataDir: string | null = null;

if (values.to) {
  const target = recoveryTarget(values.to);
  const backups = path.resolve(values.out ?? process.env.BACKUP_DIR ?? 'backups');
  const base = values.base ? path.resolve(values.base) : newestBaseBefore(backups, target);
  console.info(`Point-in-time recovery to ${target} from ${base}`);
  run(pgLocal, ['pitr', base, target]);
  const port = process.env.PG_PITR_PORT ?? process.env.PG_STANDBY_PORT ?? '5461';
  const dbName = process.env.PITR_DATABASE ?? 'postgres';
  checkUrl = `postgres://postgres@127.0.0.1:${port}/${dbName}`;
} else if (values.from) {
  const file = path.resolve(values.from);
  if (!existsSync(file)) throw new Error(`no such backup: ${file}`);
  if (file.endsWith('.dump')) {
    const config = loadConfig(env);
    const url =
      values['target-url'] ??
      (config.database.kind === 'postgres' ? config.database.url : undefined);
    if (!url) throw new Error('a .dump restores into PostgreSQL: set DATABASE_URL or --target-url');
    // One transaction: a failure leaves the database as it was. --clean drops what the dump
    // recreates, so restoring over a damaged copy of the same database works too.
    run(pgTool('pg_restore'), [
      '--clean',
      '--if-exists',
      '--no-owner',
      '--single-transaction',
      '--exit-on-error',
      '-d',
      url,
      file,
    ]);
    checkUrl = url;
  } else if (file.endsWith('.tar.gz')) {
    const config = loadConfig(env);
    if (config.database.kind !== 'pglite' || !config.database.dataDir)
      throw new Error('a .tar.gz restores the embedded database: unset DATABASE_URL');
    const pid = livePglitePid(config.dataDir);
    if (pid) throw new Error(`stop the server first (pid ${pid} holds ${config.dataDir})`);
    const dir = config.database.dataDir;
    if (existsSync(dir)) {
      const aside = `${dir}.before-restore-${stamp()}`;
      renameSync(dir, aside);
      console.info(`The current database was moved to ${aside}`);
    }
    const { PGlite } = await import('@electric-sql/pglite');
    const client = await PGlite.create({
      dataDir: dir,
      loadDataDir: new Blob([await readFile(file)]),
    });
    // Crash recovery ran while opening; a checkpoint writes its result to the data files.
    await client.exec('checkpoint');
    await client.close();
    checkDataDir = config.dataDir;
  } else {
    throw new Error('--from takes a .dump (PostgreSQL) or a .tar.gz (embedded database)');
  }
} else {
  throw new Error('say what to restore: --from <backup file> or --to "<time>"');
}
console.info(`Restored in ${seconds(performance.now() - started)}`);

const config = loadConfig(
  checkUrl ? { ...env, DATABASE_URL: checkUrl } : { ...env, DATA_DIR: checkDataDir! },
);
const database = await createDatabase(config.database);
try {
  const s = await snapshot(database.db);
  console.info(describeSnapshot(s));
  for (const failure of s.auditFailures) console.info(`  FAIL ${failure}`);
  process.exitCode = s.auditOk ? 0 : 1;
} finally {
  await database.close();
}
