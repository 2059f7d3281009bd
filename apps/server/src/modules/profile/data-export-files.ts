/**
 * The files of the personal-data export (docs/decisions/023-data-export.md): built (the JSON, or a
 * zip with the readable summary and the images), sealed with a key derived from APP_SECRET into
 * the private file storage, opened only for their owner, and deleted when their time is over.
 */
import { strToU8, zipSync } from 'fflate';
import { and, desc, eq, gt, lte } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { dataExports, verificacaoUsuario } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { type KeyRing, type ResealCount, keyRingOf } from '../../lib/key-ring';
import { createResealer, createSealer } from '../../lib/sealed';
import type { FileStorage } from '../../lib/storage';
import { renderPersonalDataHtml } from './data-export-html';
import { exportPersonalData } from './profile.service';

export const EXPORT_JSON_NAME = 'meus-dados-sorteio-certo.json';
export const EXPORT_ZIP_NAME = 'meus-dados-sorteio-certo.zip';

const SEAL_PURPOSE = 'data-export';

export interface ExportFile {
  data: Buffer;
  contentType: string;
  fileName: string;
}

const extensionOf = (contentType: string) =>
  contentType === 'image/png' ? 'png' : contentType === 'image/webp' ? 'webp' : 'jpg';

/**
 * The export as one file: the JSON alone, or with the images a zip holding the JSON, the readable
 * summary and `documentos/` with the document photo and the selfie as sent (re-encoded on upload).
 */
async function assembleExportFile({
  db,
  storage,
  userId,
  json,
  summary,
  includeImages,
}: {
  db: Db;
  storage: FileStorage;
  userId: string;
  json: string;
  summary: string;
  includeImages: boolean;
}): Promise<ExportFile> {
  if (!includeImages)
    return {
      data: Buffer.from(json, 'utf8'),
      contentType: 'application/json; charset=utf-8',
      fileName: EXPORT_JSON_NAME,
    };
  const files: Record<string, Uint8Array | [Uint8Array, { level: 0 }]> = {
    [EXPORT_JSON_NAME]: strToU8(json),
    'resumo.html': strToU8(summary),
  };
  const [row] = await db
    .select({ doc: verificacaoUsuario.fotoDocumentoKey, selfie: verificacaoUsuario.selfieKey })
    .from(verificacaoUsuario)
    .where(eq(verificacaoUsuario.userId, userId));
  for (const [name, key] of [
    ['documento', row?.doc],
    ['selfie', row?.selfie],
  ] as const) {
    if (!key) continue;
    const file = await storage.get(key);
    // JPEG is already compressed: stored as is.
    if (file)
      files[`documentos/${name}.${extensionOf(file.contentType)}`] = [
        new Uint8Array(file.data),
        { level: 0 },
      ];
  }
  return {
    data: Buffer.from(zipSync(files, { level: 6 })),
    contentType: 'application/zip',
    fileName: EXPORT_ZIP_NAME,
  };
}

/** The export built now, in the request (accounts up to DATA_EXPORT_LARGE_ROWS). */
export async function buildExportFile({
  db,
  storage,
  userId,
  includeImages,
}: {
  db: Db;
  storage: FileStorage;
  userId: string;
  includeImages: boolean;
}): Promise<ExportFile> {
  const data = await exportPersonalData({ db, userId });
  return assembleExportFile({
    db,
    storage,
    userId,
    json: JSON.stringify(data, null, 2),
    summary: includeImages ? renderPersonalDataHtml(data) : '',
    includeImages,
  });
}

/** The readable summary built now, in the request (accounts up to DATA_EXPORT_LARGE_ROWS). */
export async function buildExportSummary(db: Db, userId: string): Promise<string> {
  return renderPersonalDataHtml(await exportPersonalData({ db, userId }));
}

/**
 * The job's output is two sealed files: the export and the readable summary, so that no request
 * of a large account reads and renders all its rows. The summary sits beside the export's file.
 */
const summaryKeyOf = (fileKey: string) => fileKey.replace(/\.sealed$/, '.resumo.sealed');

/** The export and its readable summary from one read of the player's data (the job's output). */
export async function buildPreparedExport({
  db,
  storage,
  userId,
  includeImages,
}: {
  db: Db;
  storage: FileStorage;
  userId: string;
  includeImages: boolean;
}): Promise<{ file: ExportFile; summary: string }> {
  const data = await exportPersonalData({ db, userId });
  const summary = renderPersonalDataHtml(data);
  const file = await assembleExportFile({
    db,
    storage,
    userId,
    json: JSON.stringify(data, null, 2),
    summary,
    includeImages,
  });
  return { file, summary };
}

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
