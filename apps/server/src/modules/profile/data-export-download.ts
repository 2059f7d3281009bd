/**
 * The one path of a personal-data download (LGPD): the copy made now or one prepared in the
 * background, the file read only for its owner, and the download written to the security log.
 * The readable summary follows the same split: built now for an account up to
 * DATA_EXPORT_LARGE_ROWS, otherwise read from the latest export the job prepared.
 */
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { FileStorage } from '../../lib/storage';
import { type ClientInfo, recordSecurityEvent } from '../security/security.service';
import { type ExportFile, buildExportFile, buildExportSummary } from './data-export-files';
import { readDataExport, readPreparedSummary } from './data-export-storage';
import { countExportRows } from './data-export-job';

const tooLarge = () =>
  new AppError('CONFLICT', {
    reason: 'EXPORT_LARGE',
    message:
      'Sua conta tem muitos registros: peça a exportação no perfil e avisaremos por e-mail quando ela estiver pronta.',
  });

export type DataExportSource =
  { kind: 'now'; includeImages: boolean } | { kind: 'prepared'; exportId: string };

export async function downloadDataExport({
  db,
  storage,
  config,
  userId,
  source,
  client,
}: {
  db: Db;
  storage: FileStorage;
  config: Config;
  userId: string;
  source: DataExportSource;
  client: ClientInfo;
}): Promise<ExportFile> {
  let file: ExportFile;
  if (source.kind === 'now') {
    // Large accounts get their copy prepared in the background (data-export-job.ts).
    if ((await countExportRows(db, userId)) > config.dataExport.largeRows) throw tooLarge();
    file = await buildExportFile({ db, storage, userId, includeImages: source.includeImages });
  } else {
    file = await readDataExport({ db, storage, config, userId, exportId: source.exportId });
  }
  await recordSecurityEvent(db, { userId, action: 'data_export', client });
  return file;
}

/** The readable summary (HTML) of the player's data. */
export async function viewDataExportSummary({
  db,
  storage,
  config,
  userId,
  client,
}: {
  db: Db;
  storage: FileStorage;
  config: Config;
  userId: string;
  client: ClientInfo;
}): Promise<string> {
  let html: string | null;
  if ((await countExportRows(db, userId)) > config.dataExport.largeRows) {
    html = await readPreparedSummary({ db, storage, config, userId });
    if (html === null) throw tooLarge();
  } else {
    html = await buildExportSummary(db, userId);
  }
  await recordSecurityEvent(db, { userId, action: 'data_export', client });
  return html;
}
