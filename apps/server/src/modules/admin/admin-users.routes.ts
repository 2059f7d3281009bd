import {
  adminUserDetailSchema,
  adminUserListQuerySchema,
  adminUserListSchema,
  createAccountInputSchema,
  createAccountResultSchema,
  reviewQueueSchema,
  reviewVerificationInputSchema,
  setUserRoleInputSchema,
  setUserStatusInputSchema,
  setPasswordLinkResultSchema,
  setUserVerifiedInputSchema,
  userIdParamsSchema,
  verificationSchema,
} from '@sorteio/shared';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { requireActOn, requirePermission } from '../../lib/authz';
import { permission } from '../../lib/route-permission';
import type { FileStorage } from '../../lib/storage';
import type { App } from '../../lib/fastify';
import type { Mailer } from '../mail/mail.service';
import { readVerificationFile } from '../identity/identity.service';
import { actorOf } from '../audit/audit.service';
import { recordStaffDocumentRead } from './document-access';
import {
  createAccount,
  setUserRole,
  setUserStatus,
  setUserVerified,
} from './admin-user-changes.service';
import { listReviewQueue, reviewIdentity } from './admin-identity-review.service';
import { getUserDetail, listUsers } from './admin-users.service';
import { resendSetPasswordLink } from './set-password-link.service';

export function registerAdminUserRoutes(
  app: App,
  { db, config, storage, mailer }: { db: Db; config: Config; storage: FileStorage; mailer: Mailer },
) {
  app.get(
    '/api/admin/users',
    {
      preValidation: permission('users.read'),
      schema: {
        tags: ['admin'],
        summary: 'Usuários (busca por nome, chave PIX, e-mail ou CPF; 50 por página)',
        querystring: adminUserListQuerySchema,
        response: { 200: adminUserListSchema },
      },
    },
    async (request) => {
      const staff = await requirePermission(request, 'users.read');
      return listUsers(db, config, staff.role, request.query);
    },
  );

  app.get(
    '/api/admin/users/:userId',
    {
      preValidation: permission('users.read'),
      schema: {
        tags: ['admin'],
        summary: 'Detalhe de um usuário',
        params: userIdParamsSchema,
        response: { 200: adminUserDetailSchema },
      },
    },
    async (request) => {
      const { staff } = await requireActOn(request, request.params.userId, 'view');
      return getUserDetail(db, config, request.params.userId, staff);
    },
  );

  app.post(
    '/api/admin/users/:userId/status',
    {
      preValidation: permission('users.status'),
      schema: {
        tags: ['admin'],
        summary: 'Ativar ou suspender uma conta',
        params: userIdParamsSchema,
        body: setUserStatusInputSchema,
        response: { 200: z.object({ statusConta: z.enum(['ativo', 'suspenso']) }) },
      },
    },
    async (request) => {
      const { staff } = await requireActOn(request, request.params.userId, 'status');
      return setUserStatus({
        db,
        actor: actorOf(staff, request),
        userId: request.params.userId,
        statusConta: request.body.statusConta,
      });
    },
  );

  app.post(
    '/api/admin/users/:userId/verified',
    {
      preValidation: permission('users.verify'),
      schema: {
        tags: ['admin'],
        summary: 'Verificar ou desverificar uma conta',
        params: userIdParamsSchema,
        body: setUserVerifiedInputSchema,
        response: { 200: z.object({ isVerified: z.boolean() }) },
      },
    },
    async (request) => {
      const { staff } = await requireActOn(request, request.params.userId, 'verify');
      const result = await setUserVerified({
        db,
        staff,
        actor: actorOf(staff, request),
        userId: request.params.userId,
        verified: request.body.verified,
      });
      if (result.isVerified) app.events.emit('user-verified', request.params.userId);
      return result;
    },
  );

  app.post(
    '/api/admin/users/:userId/role',
    {
      preValidation: permission('staff.manage'),
      schema: {
        tags: ['admin'],
        summary: 'Mudar o cargo de um membro da equipe (somente administradores)',
        params: userIdParamsSchema,
        body: setUserRoleInputSchema,
        response: { 200: z.object({ role: setUserRoleInputSchema.shape.role }) },
      },
    },
    async (request) => {
      const { staff, target } = await requireActOn(request, request.params.userId, 'role');
      return setUserRole({
        db,
        actor: actorOf(staff, request),
        target,
        role: request.body.role,
      });
    },
  );

  app.post(
    '/api/admin/users',
    {
      preValidation: permission((request) =>
        // An employee is added under staff.manage, a player under users.create.
        (request.body as { kind?: unknown } | undefined)?.kind === 'employee'
          ? 'staff.manage'
          : 'users.create',
      ),
      config: { rateLimit: { max: 30, timeWindow: '10 minutes' } },
      schema: {
        tags: ['admin'],
        summary: 'Adicionar usuário ou funcionário (link por e-mail para definir a senha)',
        body: createAccountInputSchema,
        response: { 200: createAccountResultSchema },
      },
    },
    async (request) => {
      const staff = await requirePermission(
        request,
        request.body.kind === 'employee' ? 'staff.manage' : 'users.create',
      );
      const created = await createAccount({
        db,
        config,
        mailer,
        staff,
        actor: actorOf(staff, request),
        input: request.body,
        log: request.log,
      });
      if (created.isVerified) app.events.emit('user-verified', created.id);
      return created;
    },
  );

  app.post(
    '/api/admin/users/:userId/set-password-link',
    {
      config: { rateLimit: { max: 20, timeWindow: '10 minutes' } },
      preValidation: permission('users.create'),
      schema: {
        tags: ['admin'],
        summary: 'Reenviar o link para definir a senha (conta ainda sem senha)',
        params: userIdParamsSchema,
        response: { 200: setPasswordLinkResultSchema },
      },
    },
    async (request) => {
      const { staff } = await requireActOn(request, request.params.userId, 'password');
      return resendSetPasswordLink({
        db,
        config,
        mailer,
        actor: actorOf(staff, request),
        userId: request.params.userId,
        log: request.log,
      });
    },
  );

  // Identity review: the queue (pending first, oldest first), decisions, and the images.
  app.get(
    '/api/admin/verifications',
    {
      preValidation: permission('identity.review'),
      schema: {
        tags: ['admin'],
        summary: 'Fila de verificação de identidade',
        querystring: z.object({
          status: z.enum(['pendente', 'verificado', 'rejeitado']).default('pendente'),
        }),
        response: { 200: reviewQueueSchema },
      },
    },
    async (request) => {
      const staff = await requirePermission(request, 'identity.review');
      return listReviewQueue(db, config, staff.role, request.query.status);
    },
  );

  app.post(
    '/api/admin/verifications/:userId/review',
    {
      preValidation: permission('identity.review'),
      schema: {
        tags: ['admin'],
        summary: 'Aprovar ou rejeitar uma verificação',
        params: userIdParamsSchema,
        body: reviewVerificationInputSchema,
        response: { 200: verificationSchema },
      },
    },
    async (request) => {
      const { staff } = await requireActOn(request, request.params.userId, 'review');
      return reviewIdentity({
        db,
        config,
        mailer,
        staff,
        actor: actorOf(staff, request),
        userId: request.params.userId,
        decision: request.body,
      });
    },
  );

  app.get(
    '/api/admin/verifications/:userId/files/:kind',
    {
      preValidation: permission('identity.review'),
      schema: {
        tags: ['admin'],
        summary: 'Documento ou selfie de um usuário (quem revisa identidades)',
        params: userIdParamsSchema.extend({ kind: z.enum(['documento', 'selfie']) }),
      },
    },
    async (request, reply) => {
      const { staff } = await requireActOn(request, request.params.userId, 'documents');
      const file = await readVerificationFile({
        db,
        storage,
        userId: request.params.userId,
        kind: request.params.kind,
      });
      await recordStaffDocumentRead(db, actorOf(staff, request), {
        userId: request.params.userId,
        kind: request.params.kind,
        fileKey: file.key,
      });
      return reply
        .type(file.contentType)
        .header('cache-control', 'private, no-store')
        .send(file.data);
    },
  );
}
