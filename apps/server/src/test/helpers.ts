/**
 * Test helpers: every test file gets its own fresh, migrated database cloned from the template
 * made by global-setup (PGlite in memory, or a PostgreSQL database created from a template).
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../app';
import { type Config, loadConfig } from '../config';
import { type Database, createDatabase } from '../db/client';
import type { App } from '../lib/fastify';
import type { MailMessage, Mailer } from '../modules/mail/mail.service';

let templateBlob: Blob | null = null;

export interface TestDatabase extends Database {
  drop(): Promise<void>;
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const target = inject('testDb');
  if (target.kind === 'pglite') {
    templateBlob ??= new Blob([readFileSync(target.templateFile)]);
    const database = await createDatabase(
      { kind: 'pglite', dataDir: null },
      { inMemory: true, loadDataDir: templateBlob },
    );
    return { ...database, drop: () => database.close() };
  }
  const name = `${target.template.replace('tmpl', 't')}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: target.adminUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${target.template}`);
  const url = new URL(target.adminUrl);
  url.pathname = `/${name}`;
  const database = await createDatabase({ kind: 'postgres', url: url.toString(), poolMax: 10 });
  return {
    ...database,
    async drop() {
      await database.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/** A mailer that keeps messages in memory for assertions. */
export function createMemoryMailer(): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return {
    sent,
    outbox: null,
    send: async (message) => {
      sent.push(message);
    },
    close() {},
  };
}

export const TEST_BASE_URL = 'http://localhost:3000';

export function testConfig(
  overrides: Partial<Config> = {},
  env: Record<string, string> = {},
): Config {
  return loadConfig(
    {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: '/nonexistent-test-data',
      BASE_URL: TEST_BASE_URL,
      ...env,
    },
    {
      overrides: {
        appSecret: 'test-secret-test-secret-test-secret-0123',
        staticDir: null,
        ...overrides,
      },
    },
  );
}

export interface TestContext {
  app: App;
  database: TestDatabase;
  mailer: ReturnType<typeof createMemoryMailer>;
  config: Config;
  close(): Promise<void>;
}

export async function createTestApp(
  options: { config?: Partial<Config>; env?: Record<string, string>; mailer?: Mailer } = {},
): Promise<TestContext> {
  const database = await createTestDatabase();
  const mailer = createMemoryMailer();
  const config = testConfig(options.config, options.env);
  const app = await buildApp(config, {
    database,
    mailer: options.mailer ?? mailer,
    skipMigrations: true,
  });
  return {
    app,
    database,
    mailer,
    config,
    async close() {
      await app.close();
      await database.drop();
    },
  };
}

/** Headers a browser on our own origin would send with a JSON body. */
export const jsonHeaders = { 'content-type': 'application/json', origin: TEST_BASE_URL };
