export const adminDashboardKeys = {
  all: ['admin', 'dashboard'] as const,
  metrics: () => [...adminDashboardKeys.all, 'metrics'] as const,
  activity: () => [...adminDashboardKeys.all, 'activity'] as const,
  realtime: () => [...adminDashboardKeys.all, 'realtime'] as const,
  access: () => [...adminDashboardKeys.all, 'access'] as const,
};

/** Spec 001 section 9: the refresh intervals of the administrator dashboard. */
export const METRICS_REFRESH_MS = 30_000;
export const ACTIVITY_REFRESH_MS = 60_000;
export const REALTIME_REFRESH_MS = 15_000;
