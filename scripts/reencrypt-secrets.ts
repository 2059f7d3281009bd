/**
 * `npm run secrets:reencrypt`: after a key rotation (APP_SECRET new, APP_SECRET_PREVIOUS the old
 * ones), seals every stored secret again with the current key (two-factor secrets, the PIX
 * configuration and certificates, connection configs, the VAPID private key, prepared data-export
 * files), against the database of DATABASE_URL (or the embedded database in DATA_DIR: stop the
 * server first) and the file storage of the configuration. Run it once per rotation; afterwards
 * the previous key can leave APP_SECRET_PREVIOUS (see docs/decisions/008-key-ring.md for backup
 * codes). Exits 2 when the database cannot be read, 1 when some value opened with no key of the
 * ring (it is left as it was).
 */
import { loadConfig } from '../apps/server/src/config';
import { createDatabase } from '../apps/server/src/db/client';
import { REENCRYPT_KINDS, reencryptSecrets } from '../apps/server/src/jobs/reencrypt-secrets';
import { keyRingOf } from '../apps/server/src/lib/key-ring';
import { createStorage } from '../apps/server/src/lib/storage';

const config = loadConfig(process.env);
let database;
try {
  database = await createDatabase(config.database);
} catch (error) {
  process.stderr.write(`Could not open the database: ${String(error)}\n`);
  process.exit(2);
}
try {
  const ring = keyRingOf(config);
  const report = await reencryptSecrets({
    db: database.db,
    storage: createStorage(config),
    config,
  });
  process.stdout.write(
    `Key ring: ${ring.keys.length} key(s), current version ${ring.keys[0]!.version}.\n`,
  );
  let unreadable = 0;
  for (const [kind, label] of Object.entries(REENCRYPT_KINDS)) {
    const count = report[kind as keyof typeof REENCRYPT_KINDS];
    unreadable += count.unreadable;
    process.stdout.write(
      `${label}: ${count.checked} checked, ${count.resealed} sealed again with the current key` +
        (count.unreadable
          ? `, ${count.unreadable} opened by no key of the ring (left as they were)`
          : '') +
        '.\n',
    );
  }
  if (unreadable > 0) process.exitCode = 1;
} finally {
  await database.close();
}
