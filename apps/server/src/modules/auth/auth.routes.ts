import {
  adminAccessCheckSchema,
  canOpenAdmin,
  changePasswordInputSchema,
  meResponseSchema,
} from '@sorteio/shared';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { getSessionUser } from '../../lib/authz';
import { AppError } from '../../lib/errors';
import type { App } from '../../lib/fastify';
import { clientInfo, toHeaders } from '../../lib/request';
import type { Auth } from './auth';
import { registerAuthLibraryRoutes } from './auth-library.routes';
import {
  assertPasswordLength,
  hasAdminRecord,
  isResetTokenValid,
  recordPasswordChanged,
  touchActivity,
} from './auth.service';
import { readSessionUser } from './session.service';

export function registerAuthRoutes(
  app: App,
  { auth, config, db }: { auth: Auth; config: Config; db: Db },
) {
  app.decorate('readSessionUser', (request: FastifyRequest) =>
    readSessionUser(auth, config, db, request, toHeaders),
  );

  registerAuthLibraryRoutes(app, { auth, config, db });

  app.get(
    '/api/me',
    {
      schema: {
        tags: ['auth'],
        summary: 'Usuário da sessão atual',
        response: { 200: meResponseSchema },
      },
    },
    async (request) => {
      const current = await getSessionUser(request);
      if (current) await touchActivity(db, current.id);
      return { user: current };
    },
  );

  // A temporary password set by staff is replaced at the first sign-in (also any voluntary change).
  app.post(
    '/api/account/change-password',
    {
      config: { rateLimit: { max: 10, timeWindow: '10 minutes' } },
      schema: {
        tags: ['auth'],
        summary: 'Trocar a senha (obrigatório para senhas temporárias)',
        body: changePasswordInputSchema,
        response: { 200: z.object({ changed: z.boolean() }) },
      },
    },
    async (request, reply) => {
      const me = await getSessionUser(request);
      if (!me) throw new AppError('UNAUTHENTICATED');
      if (request.body.newPassword === request.body.currentPassword)
        throw new AppError('VALIDATION_ERROR', {
          message: 'A nova senha precisa ser diferente da atual.',
          reason: 'SAME_PASSWORD',
        });
      // The setting "Tamanho mínimo da senha" governs every new password (the current one, set
      // under an older minimum, is still accepted to sign in and to authorize this change).
      await assertPasswordLength(db, request.body.newPassword);
      try {
        // Every session of the account ends, this one included, and better-auth opens a new one
        // for this browser: its cookie must reach the browser, or the person is signed out.
        const { headers } = await auth.api.changePassword({
          body: {
            currentPassword: request.body.currentPassword,
            newPassword: request.body.newPassword,
            revokeOtherSessions: true,
          },
          headers: toHeaders(request),
          returnHeaders: true,
        });
        const cookies = headers.getSetCookie();
        if (cookies.length > 0) void reply.header('set-cookie', cookies);
      } catch (error) {
        const status = (error as { statusCode?: number }).statusCode ?? 500;
        if (status === 400 || status === 401)
          throw new AppError('VALIDATION_ERROR', { message: 'A senha atual está incorreta.' });
        throw error;
      }
      await recordPasswordChanged(db, me.id, clientInfo(request));
      return { changed: true };
    },
  );

  app.get(
    '/api/admin-access',
    {
      schema: {
        tags: ['auth'],
        summary: 'test_admin_access: o chamador é administrador? (e precisa ativar o 2FA?)',
        response: { 200: adminAccessCheckSchema },
      },
    },
    async (request) => {
      const current = await getSessionUser(request);
      if (!current)
        return {
          is_admin: false,
          is_authenticated: false,
          admin_record_exists: false,
          two_factor_required: false,
        };
      const twoFactorRequired =
        canOpenAdmin(current.role) &&
        !current.twoFactorEnabled &&
        (await request.server.staffTwoFactorRequired());
      return {
        is_admin: current.isAdmin,
        is_authenticated: true,
        admin_record_exists: await hasAdminRecord(db, current.id),
        two_factor_required: twoFactorRequired,
      };
    },
  );

  app.get(
    '/api/account/password-reset/:token',
    {
      config: { rateLimit: { max: 20, timeWindow: '10 minutes' } },
      schema: {
        tags: ['auth'],
        summary: 'O link de recuperação ainda é válido?',
        params: z.object({ token: z.string().min(1).max(200) }),
        response: { 200: z.object({ valid: z.boolean() }) },
      },
    },
    async (request) => {
      return { valid: await isResetTokenValid(db, request.params.token) };
    },
  );
}
