/**
 * The one permission table of the staff roles (spec 001 section 3; STYLE.md "Administrator
 * screens"). Every administrator route checks it through one server helper, and the screens read
 * it to hide what a role cannot do. Never compare a role name inline.
 *
 * Beside it, staff-access.ts holds who may act on whom (the one rule every route over another
 * account applies) and what each role sees of personal data (the per-role field table), written
 * out for people in docs/staff-data-access.md.
 */
import type { Role } from './auth';

export const permissionTable = {
  'dashboard.read': ['admin', 'manager', 'partner'],
  'analytics.read': ['admin', 'manager', 'partner'],
  'users.read': ['admin', 'manager', 'support', 'attendant'],
  /** Ativar / Suspender (never a staff account for non-admins). */
  'users.status': ['admin', 'manager', 'support'],
  /** Verificar / Desverificar. */
  'users.verify': ['admin', 'manager', 'support'],
  /** Read identity documents and approve or reject them. */
  'identity.review': ['admin', 'manager', 'support'],
  /** Add a player account (/admin/add-user). */
  'users.create': ['admin', 'manager'],
  /** Add employees, change roles. */
  'staff.manage': ['admin'],
  'rooms.read': ['admin', 'manager'],
  'rooms.manage': ['admin', 'manager'],
  'finance.read': ['admin', 'manager', 'partner'],
  'finance.export': ['admin', 'manager', 'partner'],
  /** Retry a payout or credit it to the Saldo; run the ledger audit. */
  'finance.payouts': ['admin', 'manager'],
  'audit.read': ['admin'],
  'settings.read': ['admin'],
  'settings.manage': ['admin'],
  /** PIX provider credentials and certificates. */
  'pix.manage': ['admin'],
  'connections.manage': ['admin'],
  'campaigns.manage': ['admin', 'manager'],
  'services.read': ['admin'],
  /** Put a service in maintenance (a notice to players) or end it. */
  'services.manage': ['admin'],
  'support.tickets': ['admin', 'support', 'attendant'],
  'diagnostics.run': ['admin'],
  /** The referral program's figures; turning it off and its bonus. */
  'referrals.read': ['admin', 'manager', 'partner'],
  'referrals.manage': ['admin'],
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof permissionTable;
export const permissions = Object.keys(permissionTable) as Permission[];

export function can(role: Role | null | undefined, permission: Permission): boolean {
  if (!role) return false;
  return (permissionTable[permission] as readonly Role[]).includes(role);
}

/** Everything a role may do (the screens and the debug card show it). */
export function permissionsOf(role: Role): Permission[] {
  return permissions.filter((p) => can(role, p));
}

/** The tabs of /admin (?tab=...), in sidebar order, with the permission each needs. */
export const adminTabs = [
  { id: 'dashboard', label: 'Visão Geral', permission: 'dashboard.read' },
  { id: 'analytics', label: 'Analytics', permission: 'analytics.read' },
  { id: 'users', label: 'Usuários', permission: 'users.read' },
  { id: 'rooms', label: 'Salas', permission: 'rooms.read' },
  { id: 'financial', label: 'Financeiro', permission: 'finance.read' },
  { id: 'connections', label: 'APIs', permission: 'connections.manage' },
  { id: 'remarketing', label: 'Marketing', permission: 'campaigns.manage' },
  { id: 'certificates', label: 'Certificados', permission: 'pix.manage' },
  { id: 'settings', label: 'Config.', permission: 'settings.manage' },
  { id: 'support', label: 'Suporte', permission: 'support.tickets' },
  { id: 'audit', label: 'Auditoria', permission: 'audit.read' },
] as const satisfies readonly { id: string; label: string; permission: Permission }[];

export type AdminTabId = (typeof adminTabs)[number]['id'];

export function tabsOf(role: Role | null | undefined) {
  return adminTabs.filter((t) => can(role, t.permission));
}

/** A role that may open the administrator area at all. */
export function canOpenAdmin(role: Role | null | undefined): boolean {
  return tabsOf(role).length > 0;
}
