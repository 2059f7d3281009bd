/** Who is calling: every route declares it with one of these helpers (DESIGN.md section 7). */
import type { Role, SessionUser } from '@sorteio/shared';
import type { FastifyRequest } from 'fastify';
import { AppError } from './errors';

declare module 'fastify' {
  interface FastifyRequest {
    /** Filled once per request by the auth module (undefined until looked up). */
    sessionUserPromise?: Promise<SessionUser | null>;
  }
}

export type SessionReader = (request: FastifyRequest) => Promise<SessionUser | null>;

declare module 'fastify' {
  interface FastifyInstance {
    readSessionUser: SessionReader;
  }
}

export function getSessionUser(request: FastifyRequest): Promise<SessionUser | null> {
  request.sessionUserPromise ??= request.server.readSessionUser(request);
  return request.sessionUserPromise;
}

/** 401 when signed out. */
export async function requireUser(request: FastifyRequest): Promise<SessionUser> {
  const user = await getSessionUser(request);
  if (!user) throw new AppError('UNAUTHENTICATED');
  return user;
}

/** 403 unless the caller has one of the roles. */
export async function requireRole(
  request: FastifyRequest,
  roles: readonly Role[],
): Promise<SessionUser> {
  const user = await requireUser(request);
  if (!roles.includes(user.role)) throw new AppError('FORBIDDEN');
  return user;
}

/** Staff who may review identity documents. */
export const verificationReviewers: readonly Role[] = ['admin', 'manager', 'support'];
