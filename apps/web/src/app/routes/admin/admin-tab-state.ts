import { type AdminTabId, adminTabs, type Role, tabsOf } from '@sorteio/shared';

/** The tab /admin opens without ?tab=: the dashboard, or the first one the role may see. */
export function defaultTabOf(role: Role): AdminTabId {
  const tabs = tabsOf(role);
  return tabs.find((t) => t.id === 'dashboard')?.id ?? tabs[0]?.id ?? 'dashboard';
}

export function isAdminTabId(value: string | null): value is AdminTabId {
  return adminTabs.some((t) => t.id === value);
}
