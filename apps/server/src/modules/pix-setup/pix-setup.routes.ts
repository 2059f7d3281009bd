/** /gerencianet-config and the Certificados tab (spec 001 "PIX provider configuration"). */
import {
  activatePixOverrideInputSchema,
  certificateListSchema,
  certificateRefreshResultSchema,
  efiConfigSchema,
  efiTestResultSchema,
  saveEfiCredentialsInputSchema,
  uploadCertificateInputSchema,
} from '@sorteio/shared';
import { z } from 'zod';
import { requirePermission } from '../../lib/authz';
import { permission } from '../../lib/route-permission';
import type { App } from '../../lib/fastify';
import { actorOf } from '../audit/audit.service';
import type { PixRuntime } from './pix-setup.service';

export function registerPixConfigRoutes(app: App, deps: { runtime: PixRuntime }) {
  const { runtime } = deps;

  app.get(
    '/api/admin/pix/config',
    {
      preValidation: permission('pix.manage'),
      schema: {
        tags: ['admin'],
        summary: 'check_config: credenciais (mascaradas), certificado e status da API',
        response: { 200: efiConfigSchema },
      },
    },
    async (request) => {
      await requirePermission(request, 'pix.manage');
      return runtime.getConfig();
    },
  );

  app.put(
    '/api/admin/pix/credentials',
    {
      preValidation: permission('pix.manage'),
      schema: {
        tags: ['admin'],
        summary: 'save_credentials (clientId, clientSecret, chavePix)',
        body: saveEfiCredentialsInputSchema,
        response: { 200: efiConfigSchema },
      },
    },
    async (request) => {
      const staff = await requirePermission(request, 'pix.manage');
      return runtime.saveCredentials(request.body, actorOf(staff, request));
    },
  );

  app.post(
    '/api/admin/pix/certificate',
    {
      preValidation: permission('pix.manage'),
      bodyLimit: 512 * 1024,
      schema: {
        tags: ['admin'],
        summary: 'save-certificate (.p12/.pfx em base64 e a senha)',
        body: uploadCertificateInputSchema,
        response: { 200: efiConfigSchema },
      },
    },
    async (request) => {
      const staff = await requirePermission(request, 'pix.manage');
      return runtime.saveCertificate(request.body, actorOf(staff, request));
    },
  );

  app.post(
    '/api/admin/pix/test',
    {
      preValidation: permission('pix.manage'),
      schema: {
        tags: ['admin'],
        summary:
          'test_connection: pedido de token OAuth por mTLS; se passar, a configuração salva fica ativa',
        response: { 200: efiTestResultSchema },
      },
    },
    async (request) => {
      const staff = await requirePermission(request, 'pix.manage');
      return runtime.test(actorOf(staff, request));
    },
  );

  app.post(
    '/api/admin/pix/activate',
    {
      preValidation: permission('pix.manage'),
      schema: {
        tags: ['admin'],
        summary: 'Ativar a configuração salva sem teste bem-sucedido (com motivo, auditado)',
        body: activatePixOverrideInputSchema,
        response: { 200: efiConfigSchema },
      },
    },
    async (request) => {
      const staff = await requirePermission(request, 'pix.manage');
      return runtime.activateOverride(request.body, actorOf(staff, request));
    },
  );

  app.post(
    '/api/admin/pix/deactivate',
    {
      preValidation: permission('pix.manage'),
      schema: {
        tags: ['admin'],
        summary: 'Voltar ao provedor do ambiente (a configuração continua salva)',
        response: { 200: efiConfigSchema },
      },
    },
    async (request) => {
      const staff = await requirePermission(request, 'pix.manage');
      return runtime.deactivate(actorOf(staff, request));
    },
  );

  app.delete(
    '/api/admin/pix/config',
    {
      preValidation: permission('pix.manage'),
      schema: {
        tags: ['admin'],
        summary: 'Remover a configuração salva (volta à do ambiente)',
        response: { 200: efiConfigSchema },
      },
    },
    async (request) => {
      const staff = await requirePermission(request, 'pix.manage');
      return runtime.remove(actorOf(staff, request));
    },
  );

  app.get(
    '/api/admin/pix/certificates',
    {
      preValidation: permission('pix.manage'),
      schema: {
        tags: ['admin'],
        summary: 'Certificados enviados, com os contadores Ativo / Expirando / Expirado',
        response: { 200: certificateListSchema },
      },
    },
    async (request) => {
      await requirePermission(request, 'pix.manage');
      return runtime.listCertificates();
    },
  );

  app.post(
    '/api/admin/pix/certificates/refresh',
    {
      preValidation: permission('pix.manage'),
      schema: {
        tags: ['admin'],
        summary: 'Atualizar status: reabre cada certificado e relê a validade',
        response: { 200: certificateRefreshResultSchema },
      },
    },
    async (request) => {
      const staff = await requirePermission(request, 'pix.manage');
      return runtime.refreshCertificates(actorOf(staff, request));
    },
  );

  app.delete(
    '/api/admin/pix/certificates/:id',
    {
      preValidation: permission('pix.manage'),
      schema: {
        tags: ['admin'],
        summary: 'Excluir um certificado que não está em uso',
        params: z.object({ id: z.uuid({ error: 'Certificado não encontrado.' }) }),
        response: { 200: certificateListSchema },
      },
    },
    async (request) => {
      const staff = await requirePermission(request, 'pix.manage');
      return runtime.deleteCertificate(request.params.id, actorOf(staff, request));
    },
  );
}
