/** Personal-data exports of large accounts, prepared off the request path. */
import type PgBoss from 'pg-boss';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { App } from '../../lib/fastify';
import type { FileStorage } from '../../lib/storage';
import type { Mailer } from '../mail/mail.service';
import { type DataExportQueue, createDataExportQueue } from './data-export-job';

export async function registerDataExports(
  app: App,
  deps: { db: Db; config: Config; storage: FileStorage; mailer: Mailer; jobs: PgBoss | null },
): Promise<DataExportQueue> {
  const dataExports = await createDataExportQueue(
    { db: deps.db, storage: deps.storage, config: deps.config, mailer: deps.mailer },
    { boss: deps.jobs, log: app.log },
  );
  app.decorate('dataExports', dataExports);
  app.addHook('onClose', async () => dataExports.close());
  return dataExports;
}
