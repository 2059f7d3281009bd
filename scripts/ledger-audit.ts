/**
 * `npm run ledger:audit`: the ledger audit, read-only, against the database of DATABASE_URL (or
 * the embedded database in DATA_DIR when unset: stop the server first, PGlite is single-process).
 * Prints each check and exits 1 on a violation, 2 when the database cannot be read.
 */
import { loadConfig } from '../apps/server/src/config';
import { createDatabase } from '../apps/server/src/db/client';
import { runLedgerAudit } from '../apps/server/src/modules/wallet/ledger-audit';

const config = loadConfig(process.env);
const target =
  config.database.kind === 'postgres' ? new URL(config.database.url).host : config.database.dataDir;
let database;
try {
  database = await createDatabase(config.database);
} catch (error) {
  process.stderr.write(`Could not open the database (${target}): ${String(error)}\n`);
  process.exit(2);
}
try {
  const audit = await runLedgerAudit(database.db);
  process.stdout.write(`Ledger audit of ${target} at ${audit.at} (${audit.durationMs} ms)\n`);
  for (const check of audit.checks)
    process.stdout.write(
      `  ${check.ok ? 'ok  ' : 'FAIL'}  ${check.name}\n        ${check.detail}\n`,
    );
  process.stdout.write(audit.ok ? 'All checks passed.\n' : 'VIOLATIONS FOUND.\n');
  process.exitCode = audit.ok ? 0 : 1;
} finally {
  await database.close();
}
