/** Shared by the backup, restore, round-trip and drill scripts: PostgreSQL tools and timing. */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

/** PostgreSQL's client tools: PG_BIN, else Debian's PostgreSQL 15, else the PATH. */
export function pgTool(name: string): string {
  const dir =
    process.env.PG_BIN ??
    (existsSync('/usr/lib/postgresql/15/bin/pg_dump') ? '/usr/lib/postgresql/15/bin' : null);
  return dir ? path.join(dir, name) : name;
}

/** Runs a command, streaming its output; throws with its exit status on failure. */
export function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env) {
  const result = spawnSync(command, args, { stdio: 'inherit', env });
  if (result.status !== 0)
    throw new Error(`${path.basename(command)} ${args[0] ?? ''} failed (exit ${result.status})`);
}

/** Runs a command and returns its standard output. */
export function output(command: string, args: string[], env: NodeJS.ProcessEnv = process.env) {
  const result = spawnSync(command, args, { encoding: 'utf8', env });
  if (result.status !== 0)
    throw new Error(`${path.basename(command)} failed (exit ${result.status}): ${result.stderr}`);
  return result.stdout;
}

export const repoRoot = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
export const pgLocal = path.join(repoRoot, 'scripts/db/pg-local.sh');

/** 2026-11-27T03-10-22Z: sortable and safe in a file name. */
export function stamp(date = new Date()) {
  return date
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/:/g, '-');
}

export function seconds(ms: number) {
  return `${(ms / 1000).toFixed(1)} s`;
}
