/**
 * Backups of the embedded database (docs/decisions/022-backups-and-standby.md).
 *
 * PGlite is PostgreSQL in one process, one backend, no background writer: every write to the
 * data folder happens while a query runs, and PGlite runs one query at a time under its query
 * lock. `dumpDataDir` takes that same lock and tars the whole folder (data files, pg_control and
 * the WAL) while no query can write: a crash-consistent snapshot, what the folder would hold had
 * the power gone at that instant. Loading it starts PostgreSQL's crash recovery, which replays
 * the WAL from the last checkpoint: every committed transaction is there, a transaction open at
 * that instant is rolled back. A CHECKPOINT just before keeps that replay short.
 *
 * Copying the folder from outside the process (cp, tar, even right after a CHECKPOINT) is NOT a
 * backup: nothing stops a query from writing while the copy runs, so files can be copied half
 * old and half new. Only the process that holds the database can take the snapshot, so a running
 * server takes it when asked (SIGUSR2, scripts/db/backup.ts); a stopped database is opened and
 * dumped by the script itself.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';

/** Written by a server holding an embedded database in DATA_DIR; removed when it stops. */
export const SERVER_PID_FILE = 'server.pid';
/** Where `npm run db:backup` asks a running server for a snapshot (then sends SIGUSR2). */
export const BACKUP_REQUEST_FILE = 'backup-request.json';

export interface DumpResult {
  file: string;
  bytes: number;
  ms: number;
}

/** Writes a gzipped tarball of the data folder to `file` (atomically: temp file then rename). */
export async function dumpPglite(client: PGlite, file: string): Promise<DumpResult> {
  const started = performance.now();
  await client.exec('checkpoint');
  const blob = await client.dumpDataDir('gzip');
  const bytes = Buffer.from(await blob.arrayBuffer());
  mkdirSync(path.dirname(file), { recursive: true });
  const partial = `${file}.partial`;
  await writeFile(partial, bytes);
  renameSync(partial, file);
  return { file, bytes: bytes.length, ms: performance.now() - started };
}

/** The pid of a live server holding the embedded database in `dataDir`, or null. */
export function livePglitePid(dataDir: string): number | null {
  const file = path.join(dataDir, SERVER_PID_FILE);
  if (!existsSync(file)) return null;
  const pid = Number(readFileSync(file, 'utf8').trim());
  if (!Number.isSafeInteger(pid) || pid <= 0) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch {
    return null;
  }
}

export interface BackupSignalOptions {
  dataDir: string;
  client: PGlite;
  log: { info(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

/**
 * Marks this process as the holder of the embedded database and answers backup requests: on
 * SIGUSR2 it reads DATA_DIR/backup-request.json ({ "file": "/abs/path.tar.gz" }), writes the
 * snapshot there, or `<file>.error` with the reason. Returns the function that undoes it.
 */
export function answerBackupRequests({ dataDir, client, log }: BackupSignalOptions): () => void {
  const pidFile = path.join(dataDir, SERVER_PID_FILE);
  writeFileSync(pidFile, `${process.pid}\n`);
  let busy = false;
  const onSignal = () => {
    if (busy) return;
    busy = true;
    const requestFile = path.join(dataDir, BACKUP_REQUEST_FILE);
    let target: string | null = null;
    void (async () => {
      try {
        const request = JSON.parse(readFileSync(requestFile, 'utf8')) as { file?: unknown };
        if (typeof request.file !== 'string' || !path.isAbsolute(request.file))
          throw new Error('backup request without an absolute "file"');
        target = request.file;
        rmSync(requestFile, { force: true });
        const result = await dumpPglite(client, target);
        log.info(result, 'embedded database backup written');
      } catch (error) {
        log.error({ err: error }, 'embedded database backup failed');
        if (target) writeFileSync(`${target}.error`, `${String(error)}\n`);
      } finally {
        busy = false;
      }
    })();
  };
  process.on('SIGUSR2', onSignal);
  return () => {
    process.off('SIGUSR2', onSignal);
    rmSync(pidFile, { force: true });
  };
}
