/**
 * The files of the personal-data export (docs/decisions/023-data-export.md): the JSON, or a zip
 * with the readable summary and the images, built from one read of the player's data. Their sealed
 * storage is in data-export-storage.ts.
 */
import { strToU8, zipSync } from 'fflate';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { verificacaoUsuario } from '../../db/schema';
import type { FileStorage } from '../../lib/storage';
import { renderPersonalDataHtml } from './data-export-html';
import { exportPersonalData } from './profile.service';

export const EXPORT_JSON_NAME = 'meus-dados-sorteio-certo.json';
export const EXPORT_ZIP_NAME = 'meus-dados-sorteio-certo.zip';

export interface ExportFile {
  data: Buffer;
  contentType: string;
  fileName: string;
}

const extensionOf = (contentType: string) =>
  contentType === 'image/png' ? 'png' : contentType === 'image/webp' ? 'webp' : 'jpg';

/** Whose export, where its images are stored, and whether the file carries them. */
type ExportInput = { db: Db; storage: FileStorage; userId: string; includeImages: boolean };

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
}: ExportInput & { json: string; summary: string }): Promise<ExportFile> {
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
export async function buildExportFile(input: ExportInput): Promise<ExportFile> {
  const data = await exportPersonalData(input);
  return assembleExportFile({
    ...input,
    json: JSON.stringify(data, null, 2),
    summary: input.includeImages ? renderPersonalDataHtml(data) : '',
  });
}

/** The readable summary built now, in the request (accounts up to DATA_EXPORT_LARGE_ROWS). */
export async function buildExportSummary(db: Db, userId: string): Promise<string> {
  return renderPersonalDataHtml(await exportPersonalData({ db, userId }));
}

/** The export and its readable summary from one read of the player's data (the job's output). */
export async function buildPreparedExport(
  input: ExportInput,
): Promise<{ file: ExportFile; summary: string }> {
  const data = await exportPersonalData(input);
  const summary = renderPersonalDataHtml(data);
  const file = await assembleExportFile({ ...input, json: JSON.stringify(data, null, 2), summary });
  return { file, summary };
}
