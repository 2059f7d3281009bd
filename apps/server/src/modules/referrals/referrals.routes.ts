/** The referral program's routes: the player's card and the administrator's figures. */
import {
  myReferralsSchema,
  referralAdminSchema,
  updateReferralSettingsInputSchema,
} from '@sorteio/shared';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { requirePermission, requireUser } from '../../lib/authz';
import type { App } from '../../lib/fastify';
import { permission } from '../../lib/route-permission';
import { actorOf, writeAudit } from '../audit/audit.service';
import { getSetting, invalidateSettings } from '../settings/settings.service';
import { myReferrals, referralAdmin, updateReferralSettings } from './referrals.service';

export function registerReferralRoutes(app: App, { db, config }: { db: Db; config: Config }) {
  app.get(
    '/api/referrals/me',
    {
      schema: {
        tags: ['referrals'],
        summary: 'Meu link de convite, quantos entraram e quanto ganhei',
        response: { 200: myReferralsSchema },
      },
    },
    async (request) => {
      const me = await requireUser(request);
      return myReferrals(db, me.id, config.baseUrl);
    },
  );

  app.get(
    '/api/admin/referrals',
    {
      preValidation: permission('referrals.read'),
      schema: {
        tags: ['admin'],
        summary: 'Indicações: números e configuração do programa',
        response: { 200: referralAdminSchema },
      },
    },
    async (request) => {
      await requirePermission(request, 'referrals.read');
      return referralAdmin(db);
    },
  );

  app.put(
    '/api/admin/referrals',
    {
      preValidation: permission('referrals.manage'),
      schema: {
        tags: ['admin'],
        summary: 'Ligar ou desligar o programa de indicação e definir o bônus',
        body: updateReferralSettingsInputSchema,
        response: { 200: referralAdminSchema },
      },
    },
    async (request) => {
      const staff = await requirePermission(request, 'referrals.manage');
      const current = {
        enabled: await getSetting(db, 'referrals.enabled'),
        bonusCentavos: await getSetting(db, 'referrals.bonusCentavos'),
      };
      await db.transaction(async (tx) => {
        const change = await updateReferralSettings(tx, request.body, current, staff.id);
        if (Object.keys(change.after).length > 0)
          await writeAudit(tx, actorOf(staff, request), {
            action: 'referrals.settings',
            targetType: 'settings',
            ...change,
          });
      });
      invalidateSettings(db);
      return referralAdmin(db);
    },
  );
}
