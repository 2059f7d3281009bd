import type { AdminTabId } from '@sorteio/shared';
import { type ComponentType, lazy, type LazyExoticComponent } from 'react';

/**
 * The registry of the /admin?tab=<id> tabs (packages/shared/src/permissions.ts lists them with
 * their permission). Each tab is a feature folder whose index.tsx default-exports the screen;
 * features never import each other, so the composition lives here.
 */
export const adminTabComponents: Record<AdminTabId, LazyExoticComponent<ComponentType>> = {
  dashboard: lazy(() => import('@/features/admin-dashboard')),
  analytics: lazy(() => import('@/features/admin-analytics')),
  users: lazy(() => import('./users-tab')),
  rooms: lazy(() => import('@/features/admin-rooms')),
  financial: lazy(() => import('@/features/admin-financial')),
  connections: lazy(() => import('@/features/admin-connections')),
  remarketing: lazy(() => import('@/features/admin-campaigns')),
  certificates: lazy(() => import('@/features/admin-pix-setup')),
  settings: lazy(() => import('@/features/admin-settings')),
  support: lazy(() => import('@/features/admin-support')),
  audit: lazy(() => import('@/features/admin-audit')),
};
