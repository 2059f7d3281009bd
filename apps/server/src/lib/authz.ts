/** Who is calling: every route declares it with one of these helpers (DESIGN.md section 7). */
import { type Permission, type SessionUser, adminMessages, can } from '@sorteio/shared';
import type { FastifyRequest } from 'fastify';
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
