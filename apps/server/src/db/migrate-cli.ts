/** `npm run db:migrate`: applies the committed migrations to the configured database. */
import { loadConfig } from '../config';
import { createDatabase } from './client';

const config = loadConfig(process.env);
const database = await createDatabase(config.database);
await database.migrate();
await database.close();
process.stdout.write(`Migrações aplicadas (${database.driver}).\n`);
