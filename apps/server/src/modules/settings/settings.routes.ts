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
import { actorOf } from '../audit/audit.service';
import {
  getPublicSettings,
  getSetting,
  getSystemSettings,
  saveSystemSettings,
} from './settings.service';

/** Paths players may still call during maintenance: sign-in, staff work, provider webhooks. */
const MAINTENANCE_OPEN = ['/api/auth/', '/api/admin/', '/api/webhooks/', '/api/public/', '/api/r/'];

/**
 * Where the configuration requires two-factor sign-in of staff (always in production), the
 * setting shows it on and cannot turn it off: it can only make the rule stricter.
 */
const twoFactorFloorMessage =
  'A verificação em duas etapas da equipe é obrigatória neste ambiente e não pode ser desligada.';

export function registerSettingsRoutes(
  app: App,
  deps: { db: Db; staffTwoFactorRequired?: boolean },
) {
  const { db } = deps;
  const withFloor = <T extends { twoFactorRequired: boolean }>(settings: T): T =>
    deps.staffTwoFactorRequired ? { ...settings, twoFactorRequired: true } : settings;

  // Whether staff must use two-factor sign-in (lib/authz.ts): the configuration's floor (always on
  // in production) or the setting, whichever is stricter.
  app.decorate('staffTwoFactorRequired', async () =>
    deps.staffTwoFactorRequired ? true : getSetting(db, 'security.twoFactorRequired'),
  );

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
      return withFloor(await getSystemSettings(db));
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
      if (deps.staffTwoFactorRequired && request.body.twoFactorRequired === false)
        throw new AppError('VALIDATION_ERROR', { message: twoFactorFloorMessage });
      return withFloor(await saveSystemSettings(db, actorOf(staff, request), request.body));
    },
  );
}
