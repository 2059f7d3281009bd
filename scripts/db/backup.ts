/**
 * `npm run db:backup`: a backup of the database the server uses (docs/operations.md, "Backups").
 *
 *   npm run db:backup [-- --out ./backups]       PostgreSQL (DATABASE_URL): pg_dump -Fc
 *                                                embedded (DATA_DIR): a snapshot of PGlite
 *   npm run db:backup -- --base [--out ./backups] PostgreSQL: a base backup (pg_basebackup) for
 *                                                point-in-time recovery with the WAL archive
 *
 * The embedded database is copied by the process that holds it: a running server is asked
 * (SIGUSR2, db/pglite-backup.ts) and keeps serving; a stopped one is opened here. Prints the file
 * and the time taken; exits 1 on failure.
 */
import { existsSync, mkdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
import { loadConfig } from '../../apps/server/src/config';
import { createDatabase } from '../../apps/server/src/db/client';
import {
  BACKUP_REQUEST_FILE,
  dumpPglite,
  livePglitePid,
} from '../../apps/server/src/db/pglite-backup';
import { pgTool, run, seconds, stamp } from './tools';

const { values } = parseArgs({
  options: { out: { type: 'string' }, base: { type: 'boolean', default: false } },
});
const config = loadConfig(process.env);
const outDir = path.resolve(values.out ?? process.env.BACKUP_DIR ?? 'backups');
mkdirSync(outDir, { recursive: true });
const started = performance.now();

if (config.database.kind === 'postgres') {
  const url = new URL(config.database.url);
  const dbName = url.pathname.replace(/^\//, '') || 'postgres';
  if (values.base) {
    const dir = path.join(outDir, `base-${stamp()}`);
    // Tar format, compressed, with the WAL written during the copy: restorable alone, and the
    // start of point-in-time recovery with the archived WAL after it.
    run(pgTool('pg_basebackup'), [
      `--dbname=${config.database.url}`,
      '-D',
      dir,
      '-Ft',
      '-z',
      '-X',
      'stream',
      '-c',
      'fast',
    ]);
    writeFileSync(path.join(dir, 'finished-at'), `${new Date().toISOString()}\n`);
    console.info(`Base backup ${dir} in ${seconds(performance.now() - started)}`);
  } else {
    const file = path.join(outDir, `postgres-${dbName}-${stamp()}.dump`);
    // -Fc: compressed, restorable table by table; one snapshot of the whole database.
    run(pgTool('pg_dump'), ['-Fc', '-f', `${file}.partial`, config.database.url]);
    rmSync(file, { force: true });
    renameSync(`${file}.partial`, file);
    console.info(
      `Backup ${file} (${(statSync(file).size / 1e6).toFixed(1)} MB) in ${seconds(performance.now() - started)}`,
    );
  }
} else {
  if (values.base) throw new Error('--base is for PostgreSQL (DATABASE_URL)');
  const dataDir = config.dataDir;
  const file = path.join(outDir, `pglite-${stamp()}.tar.gz`);
  const pid = livePglitePid(dataDir);
  if (pid) {
    // A running server holds the database: it writes the snapshot while it keeps serving.
    writeFileSync(path.join(dataDir, BACKUP_REQUEST_FILE), JSON.stringify({ file }));
    process.kill(pid, 'SIGUSR2');
    const deadline = Date.now() + 15 * 60_000;
    while (!existsSync(file)) {
      if (existsSync(`${file}.error`)) throw new Error(`the server could not write ${file}`);
      if (Date.now() > deadline) throw new Error(`no backup from the server (pid ${pid})`);
      await sleep(100);
    }
    console.info(`Backup ${file} written by the running server (pid ${pid})`);
  } else {
    const database = await createDatabase(config.database);
    try {
      await dumpPglite(database.pglite!, file);
    } finally {
      await database.close();
    }
  }
  console.info(
    `Backup ${file} (${(statSync(file).size / 1e6).toFixed(1)} MB) in ${seconds(performance.now() - started)}`,
  );
}
