/**
 * `npm run test:backup`: every backup of docs/operations.md made and restored, on throwaway
 * databases, comparing what came back (row counts of the business tables, money sums, the ledger
 * audit) with what was there. Run by CI (.ci/run); exits 1 on any difference.
 *
 * 1. PostgreSQL: a primary of our own with WAL archiving (scripts/db/pg-local.sh), filled by the
 *    scale seed; `npm run db:backup` (pg_dump -Fc), `npm run db:restore` into a new database.
 * 2. Point-in-time recovery: `npm run db:backup -- --base`, a change after it (a new room), the
 *    time T, then an operator's mistake (a balance changed by hand, the audit history deleted);
 *    `npm run db:restore -- --to T` must give back the state at T: the change kept, the mistake
 *    gone, the audit clean.
 * 3. The embedded database: the server running on it and answering requests while
 *    `npm run db:backup` takes its snapshot; the snapshot restored into another folder.
 *
 * Sizes: ROUNDTRIP_USERS (200), ROUNDTRIP_PARTICIPATIONS (2000), ROUNDTRIP_PGLITE_PARTICIPATIONS
 * (500); `ROUNDTRIP_USERS=10000 ROUNDTRIP_PARTICIPATIONS=100000
 * ROUNDTRIP_PGLITE_PARTICIPATIONS=100000` gives the timings of docs/operations.md. Ports: PG_PRIMARY_PORT (5460),
 * PG_PITR_PORT (5461), ROUNDTRIP_SERVER_PORT (4450). ROUNDTRIP_SKIP_PGLITE=1 skips step 3;
 * ROUNDTRIP_ONLY_PGLITE=1 runs step 3 alone (its timings at a large size without the PostgreSQL
 * steps: `ROUNDTRIP_ONLY_PGLITE=1 ROUNDTRIP_USERS=10000 ROUNDTRIP_PGLITE_PARTICIPATIONS=100000`).
 */
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../../apps/server/src/config';
import { createDatabase } from '../../apps/server/src/db/client';
import { queryRows } from '../../apps/server/src/db/query-rows';
import { createRoom } from '../../apps/server/src/modules/rooms/rooms.service';
import { optionsFromEnv, seedScale } from '../seed-scale';
import { type Snapshot, compareSnapshots, describeSnapshot, snapshot } from './snapshot';
import { output, pgLocal, pgTool, repoRoot, seconds } from './tools';

const primaryPort = process.env.PG_PRIMARY_PORT ?? '5460';
const pitrPort = process.env.PG_PITR_PORT ?? process.env.PG_STANDBY_PORT ?? '5461';
const serverPort = process.env.ROUNDTRIP_SERVER_PORT ?? '4450';
const users = process.env.ROUNDTRIP_USERS ?? '200';
const participations = process.env.ROUNDTRIP_PARTICIPATIONS ?? '2000';
/** The embedded database is seeded smaller (its bulk insert is several times slower). */
const pgliteParticipations = process.env.ROUNDTRIP_PGLITE_PARTICIPATIONS ?? '500';
const work = mkdtempSync(path.join(os.tmpdir(), 'sorteio-backup-'));
// The clusters run as the postgres user when this runs as root: it must reach its folder.
chmodSync(work, 0o755);
const pgDir = path.join(work, 'pg');
const backups = path.join(work, 'backups');
const baseEnv: NodeJS.ProcessEnv = {
  ...process.env,
  PG_LOCAL_DIR: pgDir,
  PG_PRIMARY_PORT: primaryPort,
  PG_PITR_PORT: pitrPort,
  BACKUP_DIR: backups,
  LOG_LEVEL: 'warn',
};
delete baseEnv.DATABASE_URL;
const url = (port: string, db: string) => `postgres://postgres@127.0.0.1:${port}/${db}`;
const timings: [string, string][] = [];
const problems: string[] = [];

function cli(script: string, args: string[], env: NodeJS.ProcessEnv) {
  const t0 = performance.now();
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', path.join(repoRoot, 'scripts/db', script), ...args],
    { stdio: 'inherit', env, cwd: repoRoot },
  );
  if (result.status !== 0) throw new Error(`${script} ${args.join(' ')} exited ${result.status}`);
  return performance.now() - t0;
}

async function snapshotOf(target: { url: string } | { dataDir: string }) {
  const config = loadConfig(
    'url' in target
      ? { ...baseEnv, DATABASE_URL: target.url }
      : { ...baseEnv, DATA_DIR: target.dataDir },
  );
  const database = await createDatabase(config.database);
  try {
    return await snapshot(database.db);
  } finally {
    await database.close();
  }
}

function expectSame(what: string, before: Snapshot, after: Snapshot) {
  const differences = compareSnapshots(before, after);
  if (differences.length === 0) console.info(`  ${what}: identical (${describeSnapshot(after)})`);
  else {
    console.error(`  ${what}: DIFFERENT`);
    for (const d of differences) console.error(`    ${d}`);
    problems.push(...differences.map((d) => `${what}: ${d}`));
  }
}

async function seed(env: NodeJS.ProcessEnv, participations: string) {
  const config = loadConfig(env);
  const database = await createDatabase(config.database);
  try {
    await database.migrate();
    const result = await seedScale({
      db: database.db,
      config,
      options: {
        ...optionsFromEnv(env, config, {
          users,
          participations,
          // The designated player's entries are part of the participations.
          'player-entries': String(Math.min(1000, Math.floor(Number(participations) / 4))),
        }),
        log: () => undefined,
      },
    });
    timings.push([`seed (${participations} participations)`, seconds(result.seconds * 1000)]);
  } finally {
    await database.close();
  }
}

async function postgresRoundTrip() {
  console.info('1. PostgreSQL: pg_dump and pg_restore');
  output(pgLocal, ['primary'], baseEnv);
  const psql = (port: string, db: string, command: string) =>
    output(pgTool('psql'), [
      '-h',
      '127.0.0.1',
      '-p',
      port,
      '-U',
      'postgres',
      '-d',
      db,
      '-Atqc',
      command,
    ]);
  psql(primaryPort, 'postgres', 'create database sorteio');
  psql(primaryPort, 'postgres', 'create database restored');
  const primary = url(primaryPort, 'sorteio');
  await seed({ ...baseEnv, DATABASE_URL: primary }, participations);
  const before = await snapshotOf({ url: primary });
  if (!before.auditOk) throw new Error('the seeded database fails its own audit');
  timings.push([
    'pg_dump -Fc',
    seconds(cli('backup.ts', [], { ...baseEnv, DATABASE_URL: primary })),
  ]);
  const dump = readdirSync(backups).find((f) => f.endsWith('.dump'))!;
  timings.push([
    'pg_restore (one transaction)',
    seconds(
      cli(
        'restore.ts',
        ['--from', path.join(backups, dump), '--target-url', url(primaryPort, 'restored')],
        baseEnv,
      ),
    ),
  ]);
  expectSame(
    'pg_dump -> pg_restore',
    before,
    await snapshotOf({ url: url(primaryPort, 'restored') }),
  );

  console.info('2. PostgreSQL: point-in-time recovery');
  timings.push([
    'base backup (pg_basebackup)',
    seconds(cli('backup.ts', ['--base'], { ...baseEnv, DATABASE_URL: primary })),
  ]);
  const config = loadConfig({ ...baseEnv, DATABASE_URL: primary });
  const database = await createDatabase(config.database);
  let atTarget: Snapshot;
  let target: string;
  try {
    // A change after the base backup, which the recovery must replay from the archive.
    await createRoom({
      db: database.db,
      input: { tipoSala: 'ouro', valorEntradaCentavos: 2500, maxParticipantes: 20, taxaBp: 1500 },
    });
    atTarget = await snapshot(database.db);
    await sleep(1100);
    const now = await queryRows<{ t: string }>(
      database.db,
      sql`select to_char(now() at time zone 'utc', 'YYYY-MM-DD HH24:MI:SS.US') as t`,
    );
    target = now[0]!.t;
    await sleep(1100);
    // The mistake, after the target: a balance changed by hand and the audit history deleted.
    await database.db.execute(sql`update ledger_accounts set balance = balance + 100
      where id = (select id from ledger_accounts where kind = 'user_saldo' order by id limit 1)`);
    await database.db.execute(sql`delete from ledger_audit_runs`);
    const broken = await snapshot(database.db);
    if (broken.auditOk) throw new Error('the audit did not see the mistake');
    // Close the WAL segment holding the mistake and wait until it is archived.
    const seg = await queryRows<{ f: string }>(
      database.db,
      sql`select pg_walfile_name(pg_switch_wal()) as f`,
    );
    const wanted = seg[0]!.f;
    for (let i = 0; ; i += 1) {
      const archived = await queryRows<{ f: string | null }>(
        database.db,
        sql`select last_archived_wal as f from pg_stat_archiver`,
      );
      if ((archived[0]?.f ?? '') >= wanted) break;
      if (i > 300) throw new Error(`WAL segment ${wanted} was not archived`);
      await sleep(100);
    }
  } finally {
    await database.close();
  }
  timings.push([
    'point-in-time recovery (base + archived WAL)',
    seconds(cli('restore.ts', ['--to', target], { ...baseEnv, PITR_DATABASE: 'sorteio' })),
  ]);
  expectSame(
    `recovery to ${target} UTC`,
    atTarget,
    await snapshotOf({ url: url(pitrPort, 'sorteio') }),
  );
}

async function pgliteRoundTrip() {
  console.info('3. Embedded database: a snapshot taken while the server runs');
  const dataDir = path.join(work, 'data');
  const restoredDir = path.join(work, 'data-restored');
  const env = { ...baseEnv, DATA_DIR: dataDir, SEED_DEMO: 'false' };
  await seed(env, pgliteParticipations);
  const before = await snapshotOf({ dataDir });
  const server = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(repoRoot, 'apps/server/src/main.ts')],
    {
      env: { ...env, PORT: serverPort, HOST: '127.0.0.1', NODE_ENV: 'development' },
      stdio: 'inherit',
    },
  );
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  try {
    const health = `http://127.0.0.1:${serverPort}/api/health`;
    for (let i = 0; ; i += 1) {
      const ok = await fetch(health).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      if (i > 1800) throw new Error('the server did not start');
      await sleep(100);
    }
    // Requests keep coming while the snapshot is taken: each must be answered.
    let answered = 0;
    let failed = 0;
    let slowest = 0;
    let stop = false;
    const load = (async () => {
      while (!stop) {
        const t0 = performance.now();
        const res = await fetch(`http://127.0.0.1:${serverPort}/api/public/stats`).catch(
          () => null,
        );
        if (res?.ok) answered += 1;
        else failed += 1;
        await res?.arrayBuffer();
        slowest = Math.max(slowest, performance.now() - t0);
        await sleep(20);
      }
    })();
    timings.push(['PGlite snapshot, server running', seconds(cli('backup.ts', [], env))]);
    stop = true;
    await load;
    // The snapshot holds the database (and builds the archive on the server's thread): requests
    // wait for it, none fails.
    console.info(
      `  requests during the snapshot: ${answered} answered, ${failed} failed, slowest ${seconds(slowest)}`,
    );
    if (failed > 0) problems.push(`${failed} requests failed during the embedded snapshot`);
  } finally {
    server.kill('SIGTERM');
    await exited;
  }
  const file = readdirSync(backups).find((f) => f.startsWith('pglite-') && f.endsWith('.tar.gz'))!;
  timings.push([
    'PGlite restore',
    seconds(
      cli('restore.ts', ['--from', path.join(backups, file), '--data-dir', restoredDir], env),
    ),
  ]);
  expectSame('embedded snapshot -> restore', before, await snapshotOf({ dataDir: restoredDir }));
}

try {
  if (process.env.ROUNDTRIP_ONLY_PGLITE !== '1') await postgresRoundTrip();
  if (process.env.ROUNDTRIP_SKIP_PGLITE !== '1') await pgliteRoundTrip();
  console.info('\nTimings');
  for (const [what, time] of timings) console.info(`  ${what}: ${time}`);
  if (problems.length > 0) {
    console.error(`\n${problems.length} difference(s): the round trip FAILED`);
    process.exitCode = 1;
  } else console.info('\nEvery backup restored to what was saved; ledger audit clean.');
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  spawnSync(pgLocal, ['destroy'], { env: baseEnv, stdio: 'inherit' });
  rmSync(work, { recursive: true, force: true });
}
