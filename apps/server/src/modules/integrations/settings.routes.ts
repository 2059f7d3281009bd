/**
 * The Config. tab (spec 001 "Admin settings tab", section 9 defaults) and what every visitor may
 * read of it, plus the maintenance mode guard: while it is on, players' changes are refused with a
 * clear message and staff keep working.
 */
import {
  integrationMessages,
  publicSettingsSchema,
  systemSettingsSchema,
  updateSettingsInputSchema,
} from '@sorteio/shared';
import type { Db } from '../../db/client';
import { getSessionUser, requirePermission } from '../../lib/authz';
import { permission } from '../../lib/route-permission';
import { AppError } from '../../lib/errors';
import type { App } from '../../lib/fastify';
import { actorOf, writeAudit } from '../admin/audit.service';
import {
  getPublicSettings,
  getSetting,
  getSystemSettings,
  invalidateSettings,
  updateSystemSettings,
} from '../settings/settings.service';

/** Paths players may still call during maintenance: sign-in, staff work, provider webhooks. */
const MAINTENANCE_OPEN = ['/api/auth/', '/api/admin/', '/api/webhooks/', '/api/public/', '/api/r/'];

export function registerSettingsRoutes(app: App, deps: { db: Db }) {
  const { db } = deps;

  app.addHook('preHandler', async (request) => {
    if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS')
      return;
    const url = request.url;
    if (!url.startsWith('/api/') || MAINTENANCE_OPEN.some((p) => url.startsWith(p))) return;
    if (!(await getSetting(db, 'general.maintenanceMode'))) return;
    const user = await getSessionUser(request);
    if (user?.isStaff) return;
    throw new AppError('SERVICE_UNAVAILABLE', {
      message: integrationMessages.maintenance,
      reason: 'MAINTENANCE',
      retryAfterSeconds: 300,
    });
  });

  app.get(
    '/api/public/settings',
    {
      schema: {
        tags: ['system'],
        summary: 'Nome do site, manutenção e formas de pagamento',
        response: { 200: publicSettingsSchema },
      },
    },
    async () => getPublicSettings(db),
  );

  app.get(
    '/api/admin/settings',
    {
      preValidation: permission('settings.read'),
      schema: {
        tags: ['admin'],
        summary: 'Configurações do sistema',
        response: { 200: systemSettingsSchema },
      },
    },
    async (request) => {
      await requirePermission(request, 'settings.read');
      return getSystemSettings(db);
    },
  );

  app.put(
    '/api/admin/settings',
    {
      preValidation: permission('settings.manage'),
      schema: {
        tags: ['admin'],
        summary: 'Salvar configurações do sistema',
        body: updateSettingsInputSchema,
        response: { 200: systemSettingsSchema },
      },
    },
    async (request) => {
      const staff = await requirePermission(request, 'settings.manage');
      await db.transaction(async (tx) => {
        const change = await updateSystemSettings(tx, request.body, staff.id);
        if (Object.keys(change.after).length > 0)
          await writeAudit(tx, actorOf(staff, request), {
            action: 'settings.update',
            targetType: 'settings',
            ...change,
          });
      });
      // After the commit: a read in between would cache the old values again.
      invalidateSettings(db);
      return getSystemSettings(db);
    },
  );
}
