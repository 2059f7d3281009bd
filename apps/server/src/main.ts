/** Reads config, builds the app, listens, and shuts down gracefully. Nothing else. */
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { describeCredentials, seedDemo } from './seed';

let config;
try {
  config = loadConfig(process.env);
} catch (error) {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(78); // EX_CONFIG
  }
  throw error;
}

const app = await buildApp(config);
const demo = config.seedDemo ? await seedDemo({ db: app.database.db, config }) : null;
await app.listen({ host: config.host, port: config.port });
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
  app.log.info({ signal }, 'shutting down: finishing requests in flight');
  const timer = setTimeout(() => {
    app.log.error('shutdown timed out after 10 s');
    process.exit(1);
  }, 10_000);
  timer.unref();
  try {
    await app.close();
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'error while shutting down');
    process.exit(1);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
