/**
 * `npm run secrets:reencrypt`: after a key rotation (APP_SECRET new, APP_SECRET_PREVIOUS the old
 * ones), seals every stored secret again with the current key, against the database of
 * DATABASE_URL (or the embedded database in DATA_DIR: stop the server first). Run it once per
 * rotation; afterwards the previous key can leave APP_SECRET_PREVIOUS (see
 * docs/decisions/008-key-ring.md for backup codes). Exits 2 when the database cannot be read.
 */
import { loadConfig } from '../apps/server/src/config';
import { createDatabase } from '../apps/server/src/db/client';
import { buildKeyRing, reencryptSecrets } from '../apps/server/src/lib/key-ring';

const config = loadConfig(process.env);
let database;
try {
  database = await createDatabase(config.database);
} catch (error) {
  process.stderr.write(`Could not open the database: ${String(error)}\n`);
  process.exit(2);
}
try {
  const ring = buildKeyRing(config.appSecret, config.appSecretPrevious);
  const result = await reencryptSecrets(database.db, ring);
  process.stdout.write(
    `Key ring: ${ring.keys.length} key(s), current version ${ring.keys[0]!.version}.\n` +
      `Two-factor secrets: ${result.checked} checked, ${result.resealed} sealed again with the current key.\n`,
  );
} finally {
  await database.close();
}
