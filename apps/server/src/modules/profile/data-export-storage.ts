/**
 * The sealed storage of the personal-data export (docs/decisions/023-data-export.md): the files
 * sealed with a key derived from APP_SECRET into the private file storage, opened only for their
 * owner, deleted when their time is over and sealed again after a key rotation.
 */
import { and, desc, eq, gt, lte } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { dataExports } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { type KeyRing, type ResealCount, keyRingOf } from '../../lib/key-ring';
import { createResealer, createSealer } from '../../lib/sealed';
import type { FileStorage } from '../../lib/storage';
import { EXPORT_JSON_NAME, type ExportFile } from './data-export-files';

const SEAL_PURPOSE = 'data-export';

/**
 * The job's output is two sealed files: the export and the readable summary, so that no request
 * of a large account reads and renders all its rows. The summary sits beside the export's file.
 */
const summaryKeyOf = (fileKey: string) => fileKey.replace(/\.sealed$/, '.resumo.sealed');

/** Seals both files with the current key and stores them; answers the export's file key. */
export async function storeSealedExport({
  storage,
  config,
  exportId,
  file,
  summary,
}: {
  storage: FileStorage;
  config: Config;
  exportId: string;
  file: ExportFile;
  summary: string;
}): Promise<string> {
  const key = `data-export/${exportId}.sealed`;
  const sealer = createSealer(keyRingOf(config), SEAL_PURPOSE);
  await storage.put(key, Buffer.from(sealer.seal(file.data), 'utf8'), 'application/octet-stream');
  await storage.put(
    summaryKeyOf(key),
    Buffer.from(sealer.seal(Buffer.from(summary, 'utf8')), 'utf8'),
    'application/octet-stream',
  );
  return key;
}

export async function deleteStoredExport(storage: FileStorage, fileKey: string) {
  await storage.delete(fileKey);
  await storage.delete(summaryKeyOf(fileKey));
}

/** The owner's prepared file, opened; anyone else gets "not found" (no hint it exists). */
export async function readDataExport({
  db,
  storage,
  config,
  userId,
  exportId,
}: {
  db: Db;
  storage: FileStorage;
  config: Config;
  userId: string;
  exportId: string;
}): Promise<ExportFile> {
  const [row] = await db
    .select()
    .from(dataExports)
    .where(and(eq(dataExports.id, exportId), eq(dataExports.userId, userId)));
  if (!row) throw new AppError('NOT_FOUND', { message: 'Exportação não encontrada.' });
  if (row.status === 'expirada' || (row.expiresAt && row.expiresAt <= new Date()))
    throw new AppError('CONFLICT', {
      status: 410,
      reason: 'EXPORT_EXPIRED',
      message: 'Esta cópia expirou e foi apagada. Peça uma nova no seu perfil.',
    });
  if (row.status !== 'pronta' || !row.fileKey)
    throw new AppError('CONFLICT', {
      reason: 'EXPORT_NOT_READY',
      message: 'Sua exportação ainda está sendo preparada.',
    });
  const data = await openSealed(storage, config, row.fileKey);
  if (!data) throw new AppError('NOT_FOUND', { message: 'Exportação não encontrada.' });
  return {
    data,
    contentType: row.contentType ?? 'application/octet-stream',
    fileName: row.fileName ?? EXPORT_JSON_NAME,
  };
}

/** A stored file opened with the key ring; null when it is not there. */
async function openSealed(
  storage: FileStorage,
  config: Config,
  key: string,
): Promise<Buffer | null> {
  const stored = await storage.get(key);
  if (!stored) return null;
  return createSealer(keyRingOf(config), SEAL_PURPOSE).open(stored.data.toString('utf8'));
}

/**
 * The readable summary of the owner's latest prepared export still within its time; null when
 * there is none (the player asks for an export first).
 */
export async function readPreparedSummary({
  db,
  storage,
  config,
  userId,
}: {
  db: Db;
  storage: FileStorage;
  config: Config;
  userId: string;
}): Promise<string | null> {
  const [row] = await db
    .select({ fileKey: dataExports.fileKey })
    .from(dataExports)
    .where(
      and(
        eq(dataExports.userId, userId),
        eq(dataExports.status, 'pronta'),
        gt(dataExports.expiresAt, new Date()),
      ),
    )
    .orderBy(desc(dataExports.readyAt))
    .limit(1);
  if (!row?.fileKey) return null;
  const data = await openSealed(storage, config, summaryKeyOf(row.fileKey));
  return data ? data.toString('utf8') : null;
}

/** Deletes the files of exports past their time and marks the rows `expirada`. */
export async function purgeExpiredDataExports(
  db: Db,
  storage: FileStorage,
  now = new Date(),
): Promise<number> {
  const due = await db
    .select({ id: dataExports.id, fileKey: dataExports.fileKey })
    .from(dataExports)
    .where(and(eq(dataExports.status, 'pronta'), lte(dataExports.expiresAt, now)));
  for (const row of due) {
    if (row.fileKey) await deleteStoredExport(storage, row.fileKey);
    await db
      .update(dataExports)
      .set({ status: 'expirada', fileKey: null })
      .where(eq(dataExports.id, row.id));
  }
  return due.length;
}

/**
 * After a key rotation: the prepared files (and their summaries) not yet expired, sealed again
 * with the current key under the same storage keys.
 */
export async function resealDataExports(
  db: Db,
  storage: FileStorage,
  ring: KeyRing,
  now = new Date(),
): Promise<ResealCount> {
  const sealer = createSealer(ring, SEAL_PURPOSE);
  const resealer = createResealer();
  const ready = await db
    .select({ fileKey: dataExports.fileKey })
    .from(dataExports)
    .where(and(eq(dataExports.status, 'pronta'), gt(dataExports.expiresAt, now)));
  for (const row of ready) {
    if (!row.fileKey) continue;
    for (const key of [row.fileKey, summaryKeyOf(row.fileKey)]) {
      const stored = await storage.get(key);
      if (!stored) continue;
      const sealed = stored.data.toString('utf8');
      const again = resealer.reseal(sealer, sealed);
      if (again !== sealed)
        await storage.put(key, Buffer.from(again, 'utf8'), 'application/octet-stream');
    }
  }
  return resealer.count;
}
