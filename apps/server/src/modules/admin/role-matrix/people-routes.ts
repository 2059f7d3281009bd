import { eq } from 'drizzle-orm';
import { session } from '../../../db/schema';
import { createAccount } from '../admin-user-changes.service';
import { createUser, signIn } from '../../../test/helpers';
import { type RouteSpec, ctx, newEmail, target } from './setup';

/** The overview, analytics, user accounts and staff sessions. */
export const peopleRoutes: Record<string, RouteSpec> = {
  'GET /api/admin/dashboard': {
    permission: 'dashboard.read',
    call: async () => ({ url: '/api/admin/dashboard' }),
  },
  'GET /api/admin/activity': {
    permission: 'dashboard.read',
    call: async () => ({ url: '/api/admin/activity' }),
  },
  'GET /api/admin/realtime': {
    permission: 'dashboard.read',
    call: async () => ({ url: '/api/admin/realtime' }),
  },
  'GET /api/admin/access': {
    permission: 'dashboard.read',
    call: async () => ({ url: '/api/admin/access' }),
  },
  'GET /api/admin/pending-prizes': {
    permission: 'finance.read',
    call: async () => ({ url: '/api/admin/pending-prizes' }),
  },
  'GET /api/admin/analytics/revenue': {
    permission: 'analytics.read',
    call: async () => ({ url: '/api/admin/analytics/revenue?days=7' }),
  },
  'GET /api/admin/analytics/signups': {
    permission: 'analytics.read',
    call: async () => ({ url: '/api/admin/analytics/signups?days=30' }),
  },
  'GET /api/admin/analytics/room-types': {
    permission: 'analytics.read',
    call: async () => ({ url: '/api/admin/analytics/room-types?days=90' }),
  },
  'GET /api/admin/analytics/funnel': {
    permission: 'analytics.read',
    call: async () => ({ url: '/api/admin/analytics/funnel' }),
  },
  'GET /api/admin/users': {
    permission: 'users.read',
    call: async () => ({ url: '/api/admin/users?q=jogador' }),
  },
  'GET /api/admin/users/:userId': {
    permission: 'users.read',
    call: async () => ({ url: `/api/admin/users/${target.id}` }),
  },
  'POST /api/admin/users/:userId/status': {
    permission: 'users.status',
    call: async () => ({
      url: `/api/admin/users/${(await createUser(ctx)).id}/status`,
      body: { statusConta: 'suspenso' },
    }),
  },
  'POST /api/admin/users/:userId/verified': {
    permission: 'users.verify',
    call: async () => ({
      url: `/api/admin/users/${(await createUser(ctx)).id}/verified`,
      body: { verified: true },
    }),
  },
  'POST /api/admin/users/:userId/role': {
    permission: 'staff.manage',
    call: async () => ({
      url: `/api/admin/users/${(await createUser(ctx, { role: 'attendant' })).id}/role`,
      body: { role: 'support' },
    }),
  },
  'POST /api/admin/users': {
    permission: 'users.create',
    call: async () => ({
      url: '/api/admin/users',
      body: {
        kind: 'user',
        nome_completo: 'Pessoa Nova',
        email: newEmail(),
        role: 'user',
      },
    }),
  },
  'POST /api/admin/users/:userId/set-password-link': {
    permission: 'users.create',
    call: async () => {
      // A player added by staff who has not used the e-mailed link yet.
      const staff = {
        id: target.id,
        email: 'matriz@teste.com.br',
        name: 'Matriz',
        role: 'admin' as const,
        isAdmin: true,
        isStaff: true,
        emailVerified: true,
        twoFactorEnabled: false,
        mustChangePassword: false,
      };
      const added = await createAccount({
        db: ctx.database.db,
        config: ctx.config,
        mailer: ctx.mailer,
        staff,
        actor: { id: staff.id, email: staff.email, role: staff.role, ip: null },
        input: { kind: 'user', nome_completo: 'Pessoa Sem Senha', email: newEmail(), role: 'user' },
      });
      return { url: `/api/admin/users/${added.id}/set-password-link`, body: {} };
    },
  },
  'GET /api/admin/staff-sessions': {
    permission: 'staff.manage',
    call: async () => ({ url: '/api/admin/staff-sessions' }),
  },
  'POST /api/admin/staff-sessions/:id/end': {
    permission: 'staff.manage',
    call: async () => {
      const member = await createUser(ctx, { role: 'attendant' });
      await signIn(ctx, member, '198.18.97.1');
      const [row] = await ctx.database.db
        .select({ id: session.id })
        .from(session)
        .where(eq(session.userId, member.id));
      return { url: `/api/admin/staff-sessions/${row!.id}/end`, body: {} };
    },
  },
};
