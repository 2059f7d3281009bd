import {
  deleteAccountInputSchema,
  locationSchema,
  profilePrivacyInputSchema,
  profileSchema,
  securityLogSchema,
  twoFactorCodeSchema,
  twoFactorStatusSchema,
  updateProfileInputSchema,
} from '@sorteio/shared';
import { z } from 'zod';
import { requireUser } from '../../lib/authz';
import type { App } from '../../lib/fastify';
import { clientInfo } from '../../lib/request';
import { type ProfileRouteDeps, registerDataExportRoutes } from './data-export.routes';
import { listSecurityLogs } from '../security/security.service';
import { deleteOwnAccount } from './account-deletion';
import { sessionLocation, setWinnersPrivacy, updateProfile, viewProfile } from './profile.service';
import { disableTwoFactor, getTwoFactorStatus } from './two-factor';

export function registerProfileRoutes(app: App, deps: ProfileRouteDeps) {
  const { db, storage, config } = deps;
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

  registerDataExportRoutes(app, deps);

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
