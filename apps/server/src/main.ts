/** Reads config, builds the app, listens, and shuts down gracefully. Nothing else. */
import { spawn } from 'node:child_process';
import pino from 'pino';
import { buildApp } from './app';
import { type Config, ConfigError, loadConfig } from './config';
import { createDatabase } from './db/client';
import { answerBackupRequests } from './db/pglite-backup';
import { postgresSchemaCurrent } from './db/schema-current';
import { createJobQueue } from './jobs/queue';
import { describeCredentials, seedDemo } from './seed';

/** Argument of the short-lived child that migrates and seeds the embedded database. */
const PREPARE_DATABASE = '--prepare-database';

let config: Config;
try {
  config = loadConfig(process.env);
} catch (error) {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(78); // EX_CONFIG
  }
  throw error;
}

if (process.argv.includes(PREPARE_DATABASE)) {
  // The child: migrating (and the first start's seed) grows PGlite's WebAssembly heap, which
  // never shrinks, and leaves the server's own heap larger (migration files, the seed's password
  // hashing); done here, that memory goes back to the system when this process exits.
  const database = await createDatabase(config.database);
  await database.migrate();
  if (config.seedDemo) await seedDemo({ db: database.db, config });
  // The job queue's own tables and functions (created on its first start) too.
  const boss = await createJobQueue(database, pino({ level: 'warn' }));
  await boss.stop({ graceful: false, wait: true });
  await database.close();
  process.exit(0);
}

// The embedded database is opened by one process at a time: the child finishes before we open it.
// On PostgreSQL too, so that an idle server does not keep what its first start used; but not when
// the database already has this build's schema (a copy started again in a running cluster): the
// child would load the whole server once more before this process may start. An in-memory
// embedded database (no DATA_DIR) exists only in this process: it is prepared here.
const prepared = config.database.kind === 'postgres' || config.database.dataDir !== null;
const current =
  config.database.kind === 'postgres' && (await postgresSchemaCurrent(config.database.url));
if (prepared && !current) {
  const script = process.argv[1];
  if (!script) throw new Error('Cannot find the server script to prepare the database');
  // Same loader flags (tsx in development), but a child that watches files would never exit.
  const flags = process.execArgv.filter((flag) => !flag.startsWith('--watch'));
  // A stop asked while the child prepares waits for it, then ends this process: stopped at once,
  // this process would leave the child writing to the database after the stop had returned (and
  // whoever stopped it could already be copying or removing the data folder).
  let stopAsked = false;
  const rememberStop = () => {
    stopAsked = true;
  };
  process.on('SIGTERM', rememberStop);
  process.on('SIGINT', rememberStop);
  const status = await new Promise<number>((resolve) => {
    const child = spawn(process.execPath, [...flags, script, PREPARE_DATABASE], {
      stdio: 'inherit',
      env: process.env,
    });
    child.on('error', () => resolve(1));
    child.on('exit', (code) => resolve(code ?? 1));
  });
  process.off('SIGTERM', rememberStop);
  process.off('SIGINT', rememberStop);
  if (status !== 0) process.exit(status);
  if (stopAsked) process.exit(0);
}

const app = await buildApp(config, { skipMigrations: prepared });
const demo = config.seedDemo ? await seedDemo({ db: app.database.db, config }) : null;
await app.listen({ host: config.host, port: config.port });
// The embedded database can only be copied by the process holding it: `npm run db:backup` asks
// this one (SIGUSR2) while it keeps serving (db/pglite-backup.ts).
const stopAnsweringBackups =
  app.database.pglite && config.database.kind === 'pglite' && config.database.dataDir
    ? answerBackupRequests({ dataDir: config.dataDir, client: app.database.pglite, log: app.log })
    : () => undefined;
// Started with --expose-gc (scripts/server-process.mjs): the garbage of starting up (modules,
// the database's start, the demo data) is collected once, right after, instead of whenever V8
// next finds the process idle, so an idle server holds its idle memory from the start.
const collectGarbage = (globalThis as { gc?: () => void }).gc;
if (collectGarbage) setTimeout(collectGarbage, 2_000).unref();
if (app.pix && app.pix.kind === 'efi') {
  // The provider must know where to notify us; failing here is logged, the polling job covers it.
  const url = `${config.baseUrl}/api/webhooks/pix/${config.pix.webhookSecret}`;
  app.pix
    .registerWebhook(url)
    .catch((error: unknown) => app.log.error({ err: error }, 'EFI webhook registration failed'));
}
if (demo && config.mail.kind === 'outbox')
  process.stdout.write(describeCredentials(config.baseUrl, demo));
else if (demo)
  process.stdout.write(describeCredentials(config.baseUrl, demo).replace(/\n.*outbox.*\n/, '\n'));

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.systemState.ready = false;
  app.log.info(
    { signal, drainMs: config.shutdownDrainMs },
    'shutting down: finishing requests in flight',
  );
  const timer = setTimeout(() => {
    app.log.error('shutdown timed out');
    process.exit(1);
  }, 10_000 + config.shutdownDrainMs);
  timer.unref();
  try {
    if (config.shutdownDrainMs > 0) {
      // Behind a load balancer: keep answering while it notices (/api/ready is 503), closing each
      // connection after its answer so none is reused, then stop accepting connections.
      app.server.closeIdleConnections();
      await new Promise((resolve) => setTimeout(resolve, config.shutdownDrainMs));
    }
    await app.close();
    stopAnsweringBackups();
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'error while shutting down');
    process.exit(1);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
