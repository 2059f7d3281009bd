/**
 * Contracts of the personal-data export (LGPD art. 18, II): the immediate download for most
 * accounts, and the export prepared in the background for large ones (announced by e-mail, kept for
 * a short time), optionally with the identity-check images as files.
 */
import { z } from 'zod';

export const dataExportStatuses = [
  'pendente',
  'processando',
  'pronta',
  'falhou',
  'expirada',
] as const;
export type DataExportStatus = (typeof dataExportStatuses)[number];

export const dataExportJobSchema = z.object({
  id: z.uuid(),
  status: z.enum(dataExportStatuses),
  includeImages: z.boolean(),
  requestedAt: z.string(),
  readyAt: z.string().nullable(),
  /** Until when the file can be downloaded (set when ready). */
  expiresAt: z.string().nullable(),
  sizeBytes: z.number().int().nullable(),
  fileName: z.string().nullable(),
});
export type DataExportJob = z.infer<typeof dataExportJobSchema>;

export const dataExportStateSchema = z.object({
  /** Rows the account holds in the tables that grow with use. */
  rowCount: z.number().int(),
  /** Above this many rows the export is prepared in the background. */
  largeThreshold: z.number().int(),
  large: z.boolean(),
  /** How long a prepared export stays downloadable. */
  ttlHours: z.number().int(),
  /** The latest export asked for (null when none). */
  latest: dataExportJobSchema.nullable(),
});
export type DataExportState = z.infer<typeof dataExportStateSchema>;

export const requestDataExportSchema = z.object({
  incluirImagens: z.boolean({ error: 'Informe se as imagens dos documentos entram na cópia.' }),
});
export type RequestDataExportInput = z.infer<typeof requestDataExportSchema>;

/** ?incluirImagens=true on the immediate download. */
export const dataExportQuerySchema = z.object({
  incluirImagens: z
    .enum(['true', 'false'], { error: 'Use incluirImagens=true ou false.' })
    .optional()
    .transform((v) => v === 'true'),
});

export const dataExportIdParamsSchema = z.object({
  id: z.uuid({ error: 'Exportação não encontrada.' }),
});
