/** Who is calling: every route declares it with one of these helpers (DESIGN.md section 7). */
import {
  type AccountAction,
  type AccountParty,
  type Permission,
  type SessionUser,
  accountActions,
  adminMessages,
  can,
  mayActOn,
  roleSchema,
} from '@sorteio/shared';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { user } from '../db/schema';
import { AppError } from './errors';

/**
 * The caller as the server reads it: the shared SessionUser, and the player's standing read by the
 * same statement (identity checked, account status), which the join's checks use (never sent).
 */
export type Caller = SessionUser & {
  standing?: { isVerified: boolean; statusConta: string | null };
};

declare module 'fastify' {
  interface FastifyRequest {
    /** Filled once per request by the auth module (undefined until looked up). */
    sessionUserPromise?: Promise<Caller | null>;
  }
}

export type SessionReader = (request: FastifyRequest) => Promise<Caller | null>;

declare module 'fastify' {
  interface FastifyInstance {
    readSessionUser: SessionReader;
  }
}

export function getSessionUser(request: FastifyRequest): Promise<Caller | null> {
  request.sessionUserPromise ??= request.server.readSessionUser(request);
  return request.sessionUserPromise;
}

/** 401 when signed out. */
export async function requireUser(request: FastifyRequest): Promise<Caller> {
  const user = await getSessionUser(request);
  if (!user) throw new AppError('UNAUTHENTICATED');
  return user;
}

/**
 * 403 unless the caller's role has the permission (packages/shared/src/permissions.ts), the one
 * check every administrator route makes. A staff account must also have set its own password
 * (accounts created with a temporary one) and, when the setting "2FA obrigatório" is on, have
 * two-factor sign-in enabled: both answer 403 with a reason the screens act on.
 */
export async function requirePermission(
  request: FastifyRequest,
  permission: Permission,
): Promise<SessionUser> {
  const user = await requireUser(request);
  if (!can(user.role, permission)) throw new AppError('FORBIDDEN');
  if (user.mustChangePassword)
    throw new AppError('FORBIDDEN', {
      message: adminMessages.passwordChangeRequired,
      reason: 'PASSWORD_CHANGE_REQUIRED',
    });
  if (!user.twoFactorEnabled && (await request.server.staffTwoFactorRequired()))
    throw new AppError('FORBIDDEN', {
      message: adminMessages.twoFactorRequired,
      reason: 'TWO_FACTOR_REQUIRED',
    });
  return user;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The setting "2FA obrigatório" for staff (read through the settings service). */
    staffTwoFactorRequired(): Promise<boolean>;
  }
}

/** The account a staff action is about, as the act-on-whom rule reads it. */
export type AccountTarget = AccountParty & { email: string };

/**
 * The check of every route that reads or changes another account (staff-access.ts, `mayActOn`):
 * the action's permission (as requirePermission), then the account itself (404 when unknown), then
 * who may act on whom (403 with the reason). Returns the caller and the account.
 */
export async function requireActOn(
  request: FastifyRequest,
  userId: string,
  action: AccountAction,
): Promise<{ staff: SessionUser; target: AccountTarget }> {
  const staff = await requirePermission(request, accountActions[action].permission);
  const { config, database } = request.server;
  const [found] = await database.db
    .select({ id: user.id, email: user.email, role: user.role })
    .from(user)
    .where(eq(user.id, userId));
  if (!found) throw new AppError('NOT_FOUND', { message: 'Usuário não encontrado.' });
  const isOwner = found.email.toLowerCase() === config.adminEmail;
  const stored = roleSchema.safeParse(found.role);
  // The owner is an administrator whatever the stored role says (as the session reads it).
  const target: AccountTarget = {
    id: found.id,
    email: found.email,
    isOwner,
    role: isOwner ? 'admin' : stored.success ? stored.data : 'user',
  };
  const actor = {
    id: staff.id,
    role: staff.role,
    isOwner: staff.email.toLowerCase() === config.adminEmail,
  };
  const decision = mayActOn(actor, target, action);
  if (!decision.ok)
    throw new AppError('FORBIDDEN', { message: decision.message, reason: decision.reason });
  return { staff, target };
}
