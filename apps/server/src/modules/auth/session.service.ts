/**
 * Who is calling: the session cookie checked and read in one statement (batched when requests
 * arrive together), the session timeout of the settings, and the staff idle limit.
 */
import { type SessionUser, canOpenAdmin, roleSchema } from '@sorteio/shared';
import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import { compiled } from '../../db/compiled';
import type { Db } from '../../db/client';
import { profiles, session, user } from '../../db/schema';
import type { Caller } from '../../lib/authz';
import { verifiedSessionToken } from '../../lib/request';
import { getSetting } from '../settings/settings.service';
import {
  type Auth,
  SESSION_EXPIRES_IN_SECONDS,
  SESSION_UPDATE_AGE_SECONDS,
  cookieSecret,
} from './auth';

type LookedUp = {
  session: { id: string; createdAt: Date; lastActiveAt?: Date | null };
  user: {
    id: string;
    email: string;
    name: string;
    role?: string | null;
    emailVerified: boolean;
    twoFactorEnabled?: boolean | null;
  };
  profile?: {
    statusConta: string | null;
    mustChangePassword: boolean | null;
    isVerified: boolean | null;
  } | null;
};

/** A session with its user and profile, by token (several tokens at once: `token = any($1)`). */
const sessionFields = {
  token: session.token,
  sessionId: session.id,
  createdAt: session.createdAt,
  lastActiveAt: session.lastActiveAt,
  expiresAt: session.expiresAt,
  id: user.id,
  email: user.email,
  name: user.name,
  role: user.role,
  emailVerified: user.emailVerified,
  twoFactorEnabled: user.twoFactorEnabled,
  statusConta: profiles.statusConta,
  mustChangePassword: profiles.mustChangePassword,
  isVerified: profiles.isVerified,
};

const sessionByToken = compiled('session_by_token', (db, name) =>
  db
    .select(sessionFields)
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .leftJoin(profiles, eq(profiles.id, session.userId))
    .where(eq(session.token, sql.placeholder('token')))
    .prepare(name),
);

const sessionsByTokens = compiled('sessions_by_tokens', (db, name) =>
  db
    .select(sessionFields)
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .leftJoin(profiles, eq(profiles.id, session.userId))
    .where(sql`${session.token} = any(${sql.placeholder('tokens')}::text[])`)
    .prepare(name),
);

type SessionRow = Awaited<ReturnType<typeof sessionByToken>>[number];

/**
 * Session reads arriving together (in one turn of the event loop: a crowd of requests read off
 * their sockets at once) go to the database as ONE statement; a read alone goes as before. Each
 * gets exactly its own token's row.
 */
interface WaitingRead {
  resolve: (row: SessionRow | undefined) => void;
  reject: (error: unknown) => void;
}
const waitingReads = new WeakMap<Db, Map<string, WaitingRead[]>>();

/** Statements sent for session reads, and the reads they answered (for the tests). */
export const sessionReads = { statements: 0, reads: 0 };

export function readSessionRow(db: Db, token: string): Promise<SessionRow | undefined> {
  return new Promise((resolve, reject) => {
    let waiting = waitingReads.get(db);
    if (!waiting) {
      const batch = new Map<string, WaitingRead[]>();
      waitingReads.set(db, (waiting = batch));
      setImmediate(() => void readTogether(db, batch));
    }
    waiting.set(token, [...(waiting.get(token) ?? []), { resolve, reject }]);
  });
}

async function readTogether(db: Db, waiting: Map<string, WaitingRead[]>) {
  waitingReads.delete(db);
  const tokens = [...waiting.keys()];
  const readers = [...waiting.values()].flat();
  try {
    const rows =
      tokens.length === 1
        ? await sessionByToken(db, { token: tokens[0]! })
        : await sessionsByTokens(db, { tokens });
    sessionReads.statements += 1;
    sessionReads.reads += readers.length;
    const byToken = new Map(rows.map((r) => [r.token, r]));
    for (const [token, waiters] of waiting) for (const w of waiters) w.resolve(byToken.get(token));
  } catch (error) {
    for (const w of readers) w.reject(error);
  }
}

/**
 * The common case in ONE statement: a validly signed cookie whose session is live and not yet due
 * for its hourly refresh, read with its user and profile. Anything else (no or unsigned cookie,
 * unknown or expired session, a refresh due) returns undefined and goes through the auth library,
 * which decides, cleans up and refreshes exactly as before.
 */
async function lookUpSession(
  db: Db,
  secret: string,
  request: FastifyRequest,
): Promise<LookedUp | undefined> {
  const token = verifiedSessionToken(request.headers.cookie, secret);
  if (!token) return undefined;
  const found = await readSessionRow(db, token);
  const now = Date.now();
  if (!found || found.expiresAt.getTime() <= now) return undefined;
  // The token stays here: nothing after this reads it.
  const { token: _token, ...row } = found;
  const refreshDue =
    row.expiresAt.getTime() -
      SESSION_EXPIRES_IN_SECONDS * 1000 +
      SESSION_UPDATE_AGE_SECONDS * 1000 <=
    now;
  if (refreshDue) return undefined;
  return {
    session: { id: row.sessionId, createdAt: row.createdAt, lastActiveAt: row.lastActiveAt },
    user: row,
    profile: {
      statusConta: row.statusConta,
      mustChangePassword: row.mustChangePassword,
      isVerified: row.isVerified,
    },
  };
}

/** How stale a session's last-activity mark may get before a request writes it again. */
const ACTIVITY_WRITE_MS = 60 * 1000;

/**
 * Staff sessions end after STAFF_IDLE_TIMEOUT_MINUTES without a request (issue 35, "Staff
 * accounts"): an unattended staff browser does not stay open on the money and the personal data for
 * the players' 24 hours. The mark is written at most once a minute, so a busy session costs one
 * small update a minute, and the idle limit is exact to that minute.
 */
async function staffSessionAlive(
  db: Db,
  config: Config,
  current: { id: string; createdAt: Date; lastActiveAt?: Date | null },
): Promise<boolean> {
  let lastActiveAt = current.lastActiveAt;
  if (lastActiveAt === undefined)
    lastActiveAt =
      (
        await db
          .select({ lastActiveAt: session.lastActiveAt })
          .from(session)
          .where(eq(session.id, current.id))
      )[0]?.lastActiveAt ?? null;
  const seen = (lastActiveAt ?? current.createdAt).getTime();
  const now = Date.now();
  if (now - seen > config.staffIdleTimeoutMinutes * 60 * 1000) {
    await db.delete(session).where(eq(session.id, current.id));
    return false;
  }
  if (now - seen >= ACTIVITY_WRITE_MS)
    await db
      .update(session)
      .set({ lastActiveAt: new Date(now) })
      .where(eq(session.id, current.id));
  return true;
}

/**
 * The caller of a request from its session cookie: the fast read above, else the auth library
 * (given the request's headers as it reads them); null when signed out, timed out or suspended.
 */
export async function readSessionUser(
  auth: Auth,
  config: Config,
  db: Db,
  request: FastifyRequest,
  libraryHeaders: (request: FastifyRequest) => Headers,
): Promise<Caller | null> {
  let result: LookedUp | null | undefined = await lookUpSession(db, cookieSecret(config), request);
  if (!result) result = await auth.api.getSession({ headers: libraryHeaders(request) });
  if (!result) return null;
  // The session timeout of the settings (spec 001 section 9), counted from the sign-in; read
  // through the settings cache, so a change applies on every copy within SETTINGS_CACHE_MS.
  const timeoutHours = await getSetting(db, 'security.sessionTimeoutHours');
  if (result.session.createdAt.getTime() + timeoutHours * 60 * 60 * 1000 <= Date.now()) {
    await db.delete(session).where(eq(session.id, result.session.id));
    return null;
  }
  const u = result.user;
  const profile =
    result.profile !== undefined
      ? result.profile
      : (
          await db
            .select({
              statusConta: profiles.statusConta,
              mustChangePassword: profiles.mustChangePassword,
              isVerified: profiles.isVerified,
            })
            .from(profiles)
            .where(eq(profiles.id, u.id))
        )[0];
  // A suspended account's sessions end: treat it as signed out (its sessions are also deleted).
  if (profile?.statusConta === 'suspenso') return null;
  const email = u.email.toLowerCase();
  // The owner address is always an administrator (DESIGN.md section 8).
  const stored = roleSchema.safeParse(u.role ?? 'user');
  const role: SessionUser['role'] =
    email === config.adminEmail ? 'admin' : stored.success ? stored.data : 'user';
  if (role !== 'user' && !(await staffSessionAlive(db, config, result.session))) return null;
  return {
    id: u.id,
    email,
    name: u.name,
    role,
    isAdmin: role === 'admin',
    isStaff: canOpenAdmin(role),
    emailVerified: u.emailVerified,
    twoFactorEnabled: Boolean(u.twoFactorEnabled),
    mustChangePassword: profile?.mustChangePassword ?? false,
    standing: {
      isVerified: profile?.isVerified ?? false,
      statusConta: profile?.statusConta ?? null,
    },
  };
}
