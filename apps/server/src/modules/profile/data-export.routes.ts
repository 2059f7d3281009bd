/** The LGPD personal-data export routes of the profile: download now, ask for it, its summary. */
import {
  dataExportIdParamsSchema,
  dataExportJobSchema,
  dataExportQuerySchema,
  dataExportStateSchema,
  requestDataExportSchema,
} from '@sorteio/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { requireUser } from '../../lib/authz';
import type { App } from '../../lib/fastify';
import type { FileStorage } from '../../lib/storage';
import { clientInfo } from '../../lib/request';
import {
  type DataExportSource,
  downloadDataExport,
  viewDataExportSummary,
} from './data-export-download';
import {
  type DataExportQueue,
  dataExportState,
  requestDataExport,
  toDataExportJob,
} from './data-export-job';
import type { ExportFile } from './data-export-files';

/** A personal-data file as a private download. */
function sendExportFile(reply: FastifyReply, file: ExportFile) {
  return reply
    .type(file.contentType)
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .header('cache-control', 'private, no-store')
    .send(file.data);
}

/** What the profile's routes (these among them) need from the app. */
export interface ProfileRouteDeps {
  db: Db;
  storage: FileStorage;
  config: Config;
  dataExports: DataExportQueue;
}

export function registerDataExportRoutes(
  app: App,
  { db, storage, config, dataExports }: ProfileRouteDeps,
) {
  /** The caller's personal-data file from `source`, as a private download. */
  const sendMyExport = async (
    request: FastifyRequest,
    reply: FastifyReply,
    source: DataExportSource,
  ) => {
    const me = await requireUser(request);
    const file = await downloadDataExport({
      db,
      storage,
      config,
      userId: me.id,
      source,
      client: clientInfo(request),
    });
    return sendExportFile(reply, file);
  };

  app.get(
    '/api/profile/export',
    {
      schema: {
        tags: ['profile'],
        summary:
          'Baixar todos os meus dados (LGPD); com incluirImagens=true, um zip com as imagens',
        querystring: dataExportQuerySchema,
      },
    },
    async (request, reply) =>
      sendMyExport(request, reply, { kind: 'now', includeImages: request.query.incluirImagens }),
  );

  app.get(
    '/api/profile/export/estado',
    {
      schema: {
        tags: ['profile'],
        summary: 'Tamanho da minha conta e a última exportação pedida',
        response: { 200: dataExportStateSchema },
      },
    },
    async (request) => dataExportState(db, config, (await requireUser(request)).id),
  );

  app.post(
    '/api/profile/export/pedidos',
    {
      config: { rateLimit: { max: 5, timeWindow: '1 hour' } },
      schema: {
        tags: ['profile'],
        summary: 'Pedir a exportação dos meus dados em segundo plano (avisada por e-mail)',
        body: requestDataExportSchema,
        response: { 200: dataExportJobSchema },
      },
    },
    async (request) => {
      const me = await requireUser(request);
      const { row, created } = await requestDataExport({
        db,
        userId: me.id,
        includeImages: request.body.incluirImagens,
        client: clientInfo(request),
      });
      if (created) await dataExports.enqueue(row.id);
      return toDataExportJob(row);
    },
  );

  app.get(
    '/api/profile/export/pedidos/:id/arquivo',
    {
      schema: {
        tags: ['profile'],
        summary: 'Baixar a exportação preparada (só com a sessão do titular)',
        params: dataExportIdParamsSchema,
      },
    },
    async (request, reply) =>
      sendMyExport(request, reply, { kind: 'prepared', exportId: request.params.id }),
  );

  app.get(
    '/api/profile/export/resumo',
    { schema: { tags: ['profile'], summary: 'Resumo legível de todos os meus dados (LGPD)' } },
    async (request, reply) => {
      const me = await requireUser(request);
      const html = await viewDataExportSummary({
        db,
        storage,
        config,
        userId: me.id,
        client: clientInfo(request),
      });
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'private, no-store')
        .send(html);
    },
  );
}
