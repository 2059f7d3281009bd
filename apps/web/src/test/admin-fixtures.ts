import type { ActivityItem, AdminAccess, AdminDashboard } from '@sorteio/shared';

/** Answers of the administrator dashboard's routes for screen tests. */
export const dashboardFixture: AdminDashboard = {
  metrics: {
    totalUsers: 1234,
    newUsers24h: 12,
    activeToday: 87,
    openRooms: 0,
    participations: 456,
    revenue: 1_234_500,
    platformFees: 246_900,
    draws: 33,
    pendingPrizes: 2,
    pendingPrizesAmount: 18_000,
  },
  performance: { conversionRate: 0.37, averageTicket: 2707 },
  alerts: [
    {
      id: 'pending-prizes',
      priority: 'high',
      kind: 'warning',
      title: 'Pagamentos Pendentes',
      message: '2 prêmios aguardam pagamento (R$ 180,00).',
    },
    {
      id: 'no-open-rooms',
      priority: 'medium',
      kind: 'info',
      title: 'Nenhuma Sala Ativa',
      message: 'Não há salas abertas no momento. Crie uma sala para os jogadores participarem.',
    },
  ],
  generatedAt: '2026-11-23T12:00:00.000Z',
};

export const activityFixture: ActivityItem[] = [
  {
    id: 'p:1',
    kind: 'participation',
    firstName: 'Maria',
    tipoSala: 'vip_ultra',
    amount: 5000,
    at: new Date().toISOString(),
  },
  {
    id: 'u:2',
    kind: 'signup',
    firstName: 'João',
    tipoSala: null,
    amount: null,
    at: new Date().toISOString(),
  },
];

export const accessFixture: AdminAccess = {
  is_admin: true,
  is_authenticated: true,
  admin_record_exists: true,
  role: 'admin',
  permissions: ['dashboard.read', 'users.read'],
  twoFactorEnabled: false,
};

export const dashboardRoutes = {
  'GET /api/admin-access': {
    body: {
      is_admin: true,
      is_authenticated: true,
      admin_record_exists: true,
      two_factor_required: false,
    },
  },
  'GET /api/admin/dashboard': { body: dashboardFixture },
  'GET /api/admin/activity': { body: activityFixture },
  'GET /api/admin/realtime': {
    body: { openRooms: 0, todayRevenue: 15_000, todayParticipations: 3 },
  },
  'GET /api/admin/access': { body: accessFixture },
  'GET /api/admin/pending-prizes': { body: { count: 2, amount: 18_000 } },
};
