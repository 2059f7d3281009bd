/**
 * What an idle server does not need stays out of memory until first used (docs/performance.md,
 * "Memory"): loading the server's modules (app.ts and everything it imports, as at start) must
 * not load any of these packages. Checked in a fresh Node process, whose module loader records
 * every module it resolves.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

/** Loaded on first use (lib/lazy-module.ts and dynamic imports); never at start. */
const LAZY_PACKAGES = [
  '@electric-sql/pglite', // PostgreSQL servers never load it; the embedded database on open
  '@aws-sdk/client-s3',
  'csv-stringify',
  'maxmind',
  'minisearch',
  'node-forge',
  'openai',
  'otplib',
  'qrcode',
  'sharp',
  'snowball-stemmers',
];

const serverRoot = path.resolve(import.meta.dirname, '../..');

function packagesLoadedBy(entry: string): Set<string> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'lazy-modules-'));
  try {
    const log = path.join(dir, 'resolved.txt');
    writeFileSync(log, '');
    const hooks = path.join(dir, 'hooks.mjs');
    writeFileSync(
      hooks,
      `import { appendFileSync } from 'node:fs';
export async function resolve(specifier, context, next) {
  const result = await next(specifier, context);
  appendFileSync(${JSON.stringify(log)}, result.url + '\\n');
  return result;
}
`,
    );
    const register = path.join(dir, 'register.mjs');
    writeFileSync(
      register,
      `import { register } from 'node:module';
register(${JSON.stringify(pathToFileURL(hooks).href)});
`,
    );
    const child = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        '--import',
        pathToFileURL(register).href,
        '--input-type=module',
        '-e',
        `await import(${JSON.stringify(pathToFileURL(entry).href)});`,
      ],
      { cwd: serverRoot, encoding: 'utf8', timeout: 120_000 },
    );
    expect(child.status, child.stderr).toBe(0);
    const packages = new Set<string>();
    for (const url of readFileSync(log, 'utf8').split('\n')) {
      const match = url.match(/\/node_modules\/((?:@[^/]+\/)?[^/]+)\//);
      if (match) packages.add(match[1]!);
    }
    return packages;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('modules loaded at start', () => {
  it('loads the server without the packages kept for first use', { timeout: 120_000 }, () => {
    const loaded = packagesLoadedBy(path.join(serverRoot, 'src/app.ts'));
    // The recording works: what the server does need at start is there.
    expect(loaded).toContain('fastify');
    expect(loaded).toContain('pg-boss');
    expect(LAZY_PACKAGES.filter((name) => loaded.has(name))).toEqual([]);
  });
});
