import {
  dataExportIdParamsSchema,
  dataExportJobSchema,
  dataExportQuerySchema,
  dataExportStateSchema,
  requestDataExportSchema,
  deleteAccountInputSchema,
  locationSchema,
  profilePrivacyInputSchema,
  profileSchema,
  securityLogSchema,
  twoFactorCodeSchema,
  twoFactorStatusSchema,
  updateProfileInputSchema,
} from '@sorteio/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
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
import { listSecurityLogs } from '../security/security.service';
import { deleteOwnAccount } from './account-deletion';
import { sessionLocation, setWinnersPrivacy, updateProfile, viewProfile } from './profile.service';
import { disableTwoFactor, getTwoFactorStatus } from './two-factor';

/** A personal-data file as a private download. */
function sendExportFile(reply: FastifyReply, file: ExportFile) {
  return reply
    .type(file.contentType)
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .header('cache-control', 'private, no-store')
    .send(file.data);
}

export function registerProfileRoutes(
  app: App,
  {
    db,
    storage,
    config,
    dataExports,
  }: {
    db: Db;
    storage: FileStorage;
    config: Config;
    dataExports: DataExportQueue;
  },
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
    '/api/profile',
    { schema: { tags: ['profile'], summary: 'Meu perfil', response: { 200: profileSchema } } },
    async (request) => {
      const me = await requireUser(request);
      return viewProfile({ db, userId: me.id, client: clientInfo(request) });
    },
  );

  app.put(
    '/api/profile',
    {
      schema: {
        tags: ['profile'],
        summary: 'Atualizar meu perfil',
        body: updateProfileInputSchema,
        response: { 200: profileSchema },
      },
    },
    async (request) => {
      const me = await requireUser(request);
      return updateProfile({
        db,
        userId: me.id,
        input: request.body,
        client: clientInfo(request),
      });
    },
  );

  app.put(
    '/api/profile/privacy',
    {
      schema: {
        tags: ['profile'],
        summary: 'Como apareço na página de ganhadores (primeiro nome e inicial, ou Anônimo)',
        body: profilePrivacyInputSchema,
        response: { 200: profileSchema },
      },
    },
    async (request) => {
      const me = await requireUser(request);
      const profile = await setWinnersPrivacy({
        db,
        userId: me.id,
        anonimoNosGanhadores: request.body.anonimoNosGanhadores,
        client: clientInfo(request),
      });
      // The public winners and rankings on this copy show the choice at once (others: the TTL).
      app.publicCache.invalidate('draws', 'stats');
      return profile;
    },
  );

  app.get(
    '/api/profile/2fa',
    {
      schema: {
        tags: ['profile'],
        summary: 'Estado do 2FA',
        response: { 200: twoFactorStatusSchema },
      },
    },
    async (request) => {
      const me = await requireUser(request);
      return getTwoFactorStatus({ db, userId: me.id });
    },
  );

  app.post(
    '/api/profile/2fa/disable',
    {
      config: { rateLimit: { max: 10, timeWindow: '10 minutes' } },
      schema: {
        tags: ['profile'],
        summary: 'Desativar o 2FA com um código válido',
        body: z.object({ code: twoFactorCodeSchema }),
        response: { 200: z.object({ enabled: z.boolean() }) },
      },
    },
    async (request) => {
      const me = await requireUser(request);
      return disableTwoFactor({
        db,
        config,
        userId: me.id,
        code: request.body.code,
        client: clientInfo(request),
      });
    },
  );

  app.get(
    '/api/profile/location',
    {
      schema: {
        tags: ['profile'],
        summary: 'Localização da sessão atual',
        response: { 200: locationSchema },
      },
    },
    async (request) => {
      const me = await requireUser(request);
      return sessionLocation({ db, userId: me.id, ip: request.ip, client: clientInfo(request) });
    },
  );

  app.get(
    '/api/profile/security-logs',
    {
      schema: {
        tags: ['profile'],
        summary: 'Últimos 20 eventos de segurança',
        response: { 200: z.array(securityLogSchema) },
      },
    },
    async (request) => listSecurityLogs(db, (await requireUser(request)).id, 20),
  );

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

  app.post(
    '/api/profile/delete',
    {
      config: { rateLimit: { max: 5, timeWindow: '10 minutes' } },
      schema: {
        tags: ['profile'],
        summary: 'Excluir minha conta (LGPD)',
        body: deleteAccountInputSchema,
        response: { 200: z.object({ deleted: z.boolean() }) },
      },
    },
    async (request, reply) => {
      const me = await requireUser(request);
      await deleteOwnAccount({
        db,
        storage,
        userId: me.id,
        password: request.body.senha,
        client: clientInfo(request),
      });
      void reply.header('set-cookie', [
        'sorteio.session_token=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax',
        '__Secure-sorteio.session_token=; Path=/; Max-Age=0; HttpOnly; Secure; SameSite=Lax',
      ]);
      return { deleted: true };
    },
  );
}
