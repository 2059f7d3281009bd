/**
 * Staff over other people's accounts, beside the permission table (permissions.ts):
 *
 * 1. Who may act on whom: one rule for every route that reads or changes another account
 *    (`mayActOn`). The server applies it through `requireActOn` (apps/server/src/lib/authz.ts);
 *    the screens read it to hide the actions a role cannot take on a given account.
 * 2. What each role sees of a person's data: a per-role field table (`personalFieldTable`) and the
 *    one function that turns a stored value into what a role may see (`viewField`). The server's
 *    mapping to the administrator contracts goes through it; the screens read the table to mark a
 *    masked value and to offer only the searches a role may make.
 *
 * The same tables, written out for people: docs/staff-data-access.md.
 */
import { type Role, isStaffRole } from './auth';
import { type Permission, can } from './permissions';

// ---------------------------------------------------------------- who may act on whom

/**
 * Everything staff do to another account, with the permission it needs and whether it changes the
 * account (`changes: false` only reads it). A new staff route over an account adds its action here
 * and calls `requireActOn`; the generated test (act-on-whom.test.ts) then covers it for every pair.
 */
export const accountActions = {
  /** The user detail: profile, balance, participations, security log. */
  view: { permission: 'users.read', changes: false },
  /** Open the identity document or the selfie. */
  documents: { permission: 'identity.review', changes: false },
  /** Ativar / Suspender (a suspension also ends the sessions). */
  status: { permission: 'users.status', changes: true },
  /** Verificar / Desverificar. */
  verify: { permission: 'users.verify', changes: true },
  /** Approve or reject the identity documents sent. */
  review: { permission: 'identity.review', changes: true },
  /** Change the role (a new role ends the sessions). */
  role: { permission: 'staff.manage', changes: true },
  /** End a live session of a staff account ('Sessões da equipe'). */
  sessions: { permission: 'staff.manage', changes: true },
  /** Send again the link that sets the password of an account added by staff. */
  password: { permission: 'users.create', changes: true },
} as const satisfies Record<string, { permission: Permission; changes: boolean }>;

export type AccountAction = keyof typeof accountActions;
export const accountActionList = Object.keys(accountActions) as AccountAction[];

/** One side of an act-on-whom decision. `isOwner`: the account of ADMIN_EMAIL. */
export interface AccountParty {
  id: string;
  role: Role;
  isOwner: boolean;
}

export type ActOnRefusal = 'PERMISSION' | 'SELF' | 'OWNER' | 'STAFF';
export type ActOnDecision = { ok: true } | { ok: false; reason: ActOnRefusal; message: string };

export const actOnMessages = {
  self: 'Você não pode alterar a sua própria conta por aqui.',
  selfReview: 'Você não pode revisar a sua própria verificação.',
  owner: 'A conta do proprietário só pode ser alterada por ele mesmo, no próprio perfil.',
  ownerStatus: 'A conta do proprietário não pode ser suspensa.',
  ownerRole: 'O proprietário é sempre administrador.',
  staffChange: 'Somente administradores podem alterar contas da equipe.',
  staffRead: 'Somente administradores podem ver contas da equipe e os seus registros.',
  permission: 'Você não tem permissão para esta ação.',
} as const;

/** Staff accounts (and the owner's) are read and changed by administrators only. */
export const canSeeStaffAccounts = (role: Role | null | undefined) => can(role, 'staff.manage');

/**
 * The one rule of who may act on whom:
 * - the action's permission first (permissions.ts);
 * - on oneself: reading is fine, changing is not (one's own account changes through the profile,
 *   so nobody approves their own documents or lifts their own suspension);
 * - the owner's account is changed by nobody through staff routes (the last administrator cannot
 *   be locked out), and read by administrators only;
 * - any other staff account is read and changed by administrators only;
 * - a player's account by every role the action's permission allows.
 */
export function mayActOn(
  actor: AccountParty,
  target: AccountParty,
  action: AccountAction,
): ActOnDecision {
  const rule = accountActions[action];
  if (!can(actor.role, rule.permission))
    return { ok: false, reason: 'PERMISSION', message: actOnMessages.permission };
  if (actor.id === target.id)
    return rule.changes
      ? {
          ok: false,
          reason: 'SELF',
          message: action === 'review' ? actOnMessages.selfReview : actOnMessages.self,
        }
      : { ok: true };
  if (target.isOwner && rule.changes)
    return {
      ok: false,
      reason: 'OWNER',
      message:
        action === 'status'
          ? actOnMessages.ownerStatus
          : action === 'role'
            ? actOnMessages.ownerRole
            : actOnMessages.owner,
    };
  if ((target.isOwner || isStaffRole(target.role)) && !canSeeStaffAccounts(actor.role))
    return {
      ok: false,
      reason: 'STAFF',
      message: rule.changes ? actOnMessages.staffChange : actOnMessages.staffRead,
    };
  return { ok: true };
}

// ---------------------------------------------------------------- personal data per role

/** How a role sees a field: all of it, a masked form (***.456.789-**), or nothing ("•••"). */
export type FieldView = 'full' | 'masked' | 'hidden';

/** Shown in place of a value the role may not see. */
export const HIDDEN_VALUE = '•••';

/**
 * The per-role field table (docs/staff-data-access.md explains each choice). A role left out of a
 * row sees the field hidden; a new role starts seeing nothing until it is added here.
 * Identity reviewers (identity.review) see identity data in full, because comparing it with the
 * documents is their work; the attendant (support tickets, reading users) sees enough to recognise
 * the person they are helping; the partner (finance) only money figures.
 */
export const personalFieldTable = {
  cpf: { admin: 'full', manager: 'full', support: 'full', attendant: 'masked' },
  telefone: { admin: 'full', manager: 'full', support: 'full', attendant: 'masked' },
  dataNascimento: { admin: 'full', manager: 'full', support: 'full' },
  enderecoCompleto: { admin: 'full', manager: 'full', support: 'full' },
  /** The number of the identity document sent for verification. */
  numeroDocumento: { admin: 'full', manager: 'full', support: 'full' },
  /** A PIX key may be a CPF or a phone: shown to whoever sees those in full. */
  chavePix: { admin: 'full', manager: 'full', support: 'full' },
  /** IP addresses in the security log (city and country, coarser, stay visible). */
  ipAddress: { admin: 'full', manager: 'full', support: 'full' },
  email: { admin: 'full', manager: 'full', support: 'full', attendant: 'full', partner: 'masked' },
} as const satisfies Record<string, Partial<Record<Role, FieldView>>>;

export type PersonalField = keyof typeof personalFieldTable;
export const personalFields = Object.keys(personalFieldTable) as PersonalField[];

export function fieldView(role: Role | null | undefined, field: PersonalField): FieldView {
  if (!role) return 'hidden';
  return (personalFieldTable[field] as Partial<Record<Role, FieldView>>)[role] ?? 'hidden';
}

/** The fields of the users search (GET /api/admin/users?q=): each only for who sees it in full. */
export const searchableFields = ['nomeCompleto', 'email', 'chavePix', 'cpf'] as const;
export type SearchableField = (typeof searchableFields)[number];
export function canSearchBy(role: Role | null | undefined, field: SearchableField): boolean {
  // The name is not personal data of the table: every role that reads users searches by it.
  return field === 'nomeCompleto' ? can(role, 'users.read') : fieldView(role, field) === 'full';
}

const digitsOf = (v: string) => v.replace(/\D/g, '');

/** The masked form of a field (only fields a role may see `masked`). */
const maskers: Partial<Record<PersonalField, (value: string) => string>> = {
  // The six middle digits, as the government's own services show a CPF: ***.456.789-**
  cpf: (v) => {
    const d = digitsOf(v);
    return d.length === 11 ? `***.${d.slice(3, 6)}.${d.slice(6, 9)}-**` : HIDDEN_VALUE;
  },
  // The area code and the last four digits: (11) *****-4321
  telefone: (v) => {
    const d = digitsOf(v);
    if (d.length < 10) return HIDDEN_VALUE;
    return `(${d.slice(0, 2)}) ${'*'.repeat(d.length - 6)}-${d.slice(-4)}`;
  },
  // The first letter and the domain: j***@gmail.com
  email: (v) => {
    const at = v.lastIndexOf('@');
    return at > 0 ? `${v[0]}***${v.slice(at)}` : HIDDEN_VALUE;
  },
};

/**
 * A stored value as `role` may see it: itself, its masked form, or "•••". An absent value stays
 * absent (null / empty), so "not informed" still reads as such.
 */
export function viewField<T extends string | null | undefined>(
  role: Role | null | undefined,
  field: PersonalField,
  value: T,
): T | string {
  if (value === null || value === undefined || value === '') return value;
  const view = fieldView(role, field);
  if (view === 'full') return value;
  const mask = maskers[field];
  return view === 'masked' && mask ? mask(value) : HIDDEN_VALUE;
}
