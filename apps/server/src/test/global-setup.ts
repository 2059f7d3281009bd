/**
 * Runs once per test run: migrates a template database that every test file clones.
 * PGlite: an in-memory instance is migrated and its data directory dumped to a file.
 * PostgreSQL (TEST_DB=postgres with TEST_DATABASE_URL): a template database is created and migrated.
 */
import { randomBytes } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createDatabase } from '../db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    testDb:
      | { kind: 'pglite'; templateFile: string }
      | { kind: 'postgres'; adminUrl: string; template: string };
  }
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

export default async function setup(project: TestProject) {
  const kind = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
  if (kind === 'pglite') {
    const database = await createDatabase({ kind: 'pglite', dataDir: null }, { inMemory: true });
    await database.migrate();
    const dump = await database.pglite!.dumpDataDir('none');
    await database.close();
    const templateFile = path.join(
      os.tmpdir(),
      `sorteio-template-${process.pid}-${randomBytes(4).toString('hex')}.tar`,
    );
    writeFileSync(templateFile, Buffer.from(await dump.arrayBuffer()));
    project.provide('testDb', { kind, templateFile });
    return () => rmSync(templateFile, { force: true });
  }
  const adminUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL (or DATABASE_URL)');
  const template = `sorteio_tmpl_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${template}`);
  const database = await createDatabase(
    { kind: 'postgres', url: withDatabase(adminUrl, template), poolMax: 2 },
    { guardTransactions: true },
  );
  await database.migrate();
  await database.close();
  project.provide('testDb', { kind, adminUrl, template });
  return async () => {
    // Test databases of files that crashed are dropped with the template.
    const { rows } = await admin.query<{ datname: string }>(
      `select datname from pg_database where datname like $1 or datname = $2`,
      [`${template.replace('tmpl', 't')}%`, template],
    );
    for (const row of rows)
      await admin.query(`drop database if exists ${row.datname} with (force)`);
    await admin.end();
  };
}
