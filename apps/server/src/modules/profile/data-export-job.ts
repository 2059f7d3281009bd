/**
 * The personal-data export for large accounts, and the identity-check images on request
 * (docs/decisions/023-data-export.md).
 *
 * - Size: the rows an account holds in the tables that grow with use are counted first. Up to
 *   DATA_EXPORT_LARGE_ROWS (default 5000) the export is built in the request, as before; above it
 *   the request only records a `data_exports` row and the file is built off the request path.
 * - The job: a pg-boss job (queue `data-export`, retried) when the background jobs are on,
 *   otherwise in this process one at a time (tests, `idle()`). The file (JSON, or a zip of the
 *   JSON, the readable summary and the images) and the readable summary on its own are sealed
 *   and stored (data-export-files.ts); the player is e-mailed a link to the profile, where the
 *   download and the summary need their own session.
 * - Expiry: the file is kept DATA_EXPORT_TTL_HOURS (default 48 h); the background rounds delete it
 *   and mark the row `expirada` (`purgeExpiredDataExports`).
 */
import type { DataExportJob, DataExportState } from '@sorteio/shared';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import {
  dataExports,
  ledgerAccounts,
  ledgerEntries,
  ledgerTransactions,
  notificationMessages,
  participacoes,
  payouts,
  pixCharges,
  privateRoomMessages,
  supportChatLog,
  supportTickets,
  user,
  userSecurityLogs,
} from '../../db/schema';
import type { FileStorage } from '../../lib/storage';
import type { Mailer } from '../mail/mail.service';
import { type ClientInfo, recordSecurityEvent } from '../security/security.service';
import { renderMail } from '../mail';
import { brazilDateTimeText } from '../../lib/brazil-time';
import { buildPreparedExport } from './data-export-files';
import { deleteStoredExport, storeSealedExport } from './data-export-storage';

export const DATA_EXPORT_QUEUE = 'data-export';

/**
 * Rows the account holds in the tables that grow with use (entries, charges, the statement,
 * payouts, notifications, the security log, support and room messages): what makes an export
 * slow and heavy. Profile-like tables hold one row each and are left out of the count.
 */
export async function countExportRows(db: Db, userId: string): Promise<number> {
  const count = (table: unknown, column: unknown) =>
    sql`(select count(*) from ${table} where ${column} = ${userId})`;
  const result = await db.execute(sql`select ${count(participacoes, participacoes.userId)}
      + ${count(pixCharges, pixCharges.userId)}
      + ${count(ledgerTransactions, ledgerTransactions.userId)}
      + (select count(*) from ${ledgerEntries} join ${ledgerAccounts}
           on ${ledgerAccounts.id} = ${ledgerEntries.accountId}
         where ${ledgerAccounts.userId} = ${userId})
      + ${count(payouts, payouts.userId)}
      + ${count(notificationMessages, notificationMessages.userId)}
      + ${count(userSecurityLogs, userSecurityLogs.userId)}
      + ${count(supportChatLog, supportChatLog.userId)}
      + ${count(supportTickets, supportTickets.userId)}
      + ${count(privateRoomMessages, privateRoomMessages.userId)} as n`);
  // node-postgres answers { rows }, PGlite the rows themselves.
  const [row] = (result as { rows?: { n: string }[] }).rows ?? (result as { n: string }[]);

  return Number(row?.n ?? 0);
}

type ExportRow = typeof dataExports.$inferSelect;

export function toDataExportJob(row: ExportRow): DataExportJob {
  return {
    id: row.id,
    status: row.status,
    includeImages: row.includeImages,
    requestedAt: row.requestedAt.toISOString(),
    readyAt: row.readyAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    sizeBytes: row.sizeBytes,
    fileName: row.fileName,
  };
}

export async function dataExportState(
  db: Db,
  config: Config,
  userId: string,
): Promise<DataExportState> {
  const rowCount = await countExportRows(db, userId);
  const [latest] = await db
    .select()
    .from(dataExports)
    .where(eq(dataExports.userId, userId))
    .orderBy(desc(dataExports.requestedAt))
    .limit(1);
  return {
    rowCount,
    largeThreshold: config.dataExport.largeRows,
    large: rowCount > config.dataExport.largeRows,
    ttlHours: config.dataExport.ttlHours,
    latest: latest ? toDataExportJob(latest) : null,
  };
}

/** Records an export to prepare; one at a time per account (a running one is returned as is). */
export async function requestDataExport({
  db,
  userId,
  includeImages,
  client,
}: {
  db: Db;
  userId: string;
  includeImages: boolean;
  client: ClientInfo;
}): Promise<{ row: ExportRow; created: boolean }> {
  const rowCount = await countExportRows(db, userId);
  const requested = await db.transaction(async (tx) => {
    // The account row serialises two requests of the same player.
    await tx.select({ id: user.id }).from(user).where(eq(user.id, userId)).for('update');
    const [running] = await tx
      .select()
      .from(dataExports)
      .where(
        and(
          eq(dataExports.userId, userId),
          inArray(dataExports.status, ['pendente', 'processando']),
        ),
      );
    if (running) return { row: running, created: false };
    const [row] = await tx
      .insert(dataExports)
      .values({ userId, status: 'pendente', includeImages, rowCount })
      .returning();
    return { row: row!, created: true };
  });
  if (requested.created) await recordSecurityEvent(db, { userId, action: 'data_export', client });
  return requested;
}

export interface DataExportDeps {
  db: Db;
  storage: FileStorage;
  config: Config;
  mailer: Mailer;
}

const formatBrasilia = (d: Date) =>
  brazilDateTimeText(d, {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });

/** Builds, seals and stores one export, then e-mails its owner. Safe to run twice. */
export async function runDataExport(
  deps: DataExportDeps,
  exportId: string,
): Promise<ExportRow | null> {
  const { db, storage, config } = deps;
  const [claimed] = await db
    .update(dataExports)
    .set({ status: 'processando' })
    .where(
      and(eq(dataExports.id, exportId), inArray(dataExports.status, ['pendente', 'processando'])),
    )
    .returning();
  if (!claimed) return null;
  try {
    const { file, summary } = await buildPreparedExport({
      db,
      storage,
      userId: claimed.userId,
      includeImages: claimed.includeImages,
    });
    const key = await storeSealedExport({ storage, config, exportId: claimed.id, file, summary });
    const now = new Date();
    const expiresAt = new Date(now.getTime() + config.dataExport.ttlHours * 3600_000);
    const [ready] = await db
      .update(dataExports)
      .set({
        status: 'pronta',
        fileKey: key,
        fileName: file.fileName,
        contentType: file.contentType,
        sizeBytes: file.data.length,
        readyAt: now,
        expiresAt,
        error: null,
      })
      .where(and(eq(dataExports.id, claimed.id), eq(dataExports.status, 'processando')))
      .returning();
    if (!ready) {
      await deleteStoredExport(storage, key);
      return null;
    }
    const [owner] = await db
      .select({ email: user.email })
      .from(user)
      .where(eq(user.id, claimed.userId));
    if (owner)
      await deps.mailer.send(
        renderMail({
          to: owner.email,
          subject: 'Sua cópia dos dados está pronta — Sorteio Certo',
          heading: 'Sua cópia dos dados está pronta',
          paragraphs: [
            `A cópia de todos os dados que mantemos sobre você (LGPD, art. 18, II) está pronta${
              claimed.includeImages ? ', com as imagens dos documentos' : ''
            }.`,
            `Baixe pelo seu perfil, entrando na sua conta, até ${formatBrasilia(expiresAt)} (horário de Brasília). Depois disso o arquivo é apagado e você pode pedir uma nova cópia.`,
          ],
          action: { label: 'Baixar meus dados', url: `${config.baseUrl}/profile` },
          footnote: 'Se você não pediu esta cópia, troque sua senha e fale com o suporte.',
        }),
      );
    return ready;
  } catch (error) {
    await db
      .update(dataExports)
      .set({ status: 'falhou', error: String((error as Error).message ?? error).slice(0, 500) })
      .where(eq(dataExports.id, claimed.id));
    throw error;
  }
}

export interface DataExportQueue {
  enqueue(exportId: string): Promise<void>;
  /** Resolves when the in-process work is done (tests, shutdown). */
  idle(): Promise<void>;
  close(): Promise<void>;
}

export async function createDataExportQueue(
  deps: DataExportDeps,
  options: { boss: PgBoss | null; log: FastifyBaseLogger },
): Promise<DataExportQueue> {
  const { boss, log } = options;
  const run = async (exportId: string) => {
    const started = performance.now();
    const done = await runDataExport(deps, exportId);
    if (done)
      log.info(
        { exportId, sizeBytes: done.sizeBytes, ms: Math.round(performance.now() - started) },
        'data export ready',
      );
  };
  if (boss) {
    await boss.createQueue(DATA_EXPORT_QUEUE);
    await boss.work<{ exportId: string }>(
      DATA_EXPORT_QUEUE,
      { pollingIntervalSeconds: 2 },
      async (jobs) => {
        for (const job of jobs) await run(job.data.exportId);
      },
    );
    return {
      async enqueue(exportId) {
        await boss.send(
          DATA_EXPORT_QUEUE,
          { exportId },
          { retryLimit: 3, retryDelay: 30, retryBackoff: true, expireInSeconds: 900 },
        );
      },
      idle: async () => {},
      close: async () => {},
    };
  }
  let chain: Promise<void> = Promise.resolve();
  let closed = false;
  const queue: DataExportQueue = {
    async enqueue(exportId) {
      chain = chain.then(async () => {
        if (closed) return;
        await run(exportId).catch((error: unknown) =>
          log.error({ err: error, exportId }, 'data export failed'),
        );
      });
    },
    idle: () => chain,
    async close() {
      closed = true;
      await chain;
    },
  };
  // Without the durable queue, exports left waiting by a restart are picked up again.
  const waiting = await deps.db
    .select({ id: dataExports.id })
    .from(dataExports)
    .where(inArray(dataExports.status, ['pendente', 'processando']));
  for (const w of waiting) await queue.enqueue(w.id);
  return queue;
}
