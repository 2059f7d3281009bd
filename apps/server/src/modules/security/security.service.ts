/**
 * The security log (spec 000 user_security_logs) with the real client IP, an offline GeoIP
 * lookup and the real user agent. Sign-ins are flagged 'Suspeito' when they come from a new
 * country, after many failures, or from a new device. The sign-in gate that slows down password
 * guessing is in sign-in-gate.ts.
 */
import type { SecurityActionType, SecurityLog } from '@sorteio/shared';
import { and, count, desc, eq, gte } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type RowInsert, rowsFor } from '../../db/row-insert';
import { userSecurityLogs } from '../../db/schema';
import { lookupIp, normalizeIp } from '../../lib/geoip';
import { FAILURE_WINDOW_MS } from './sign-in-gate';

/** Failed sign-ins for one account within the window that make the next sign-in suspicious. */
export const FAILURES_BEFORE_SUSPICIOUS = 3;

export {
  ACCOUNT_FAILURES_BEFORE_DELAY,
  FAILURE_WINDOW_MS,
  MAX_FAILED_SIGN_INS,
  type SignInGate,
  signInFailures,
  signInGate,
} from './sign-in-gate';

export interface ClientInfo {
  ip: string | null;
  userAgent: string | null;
}

/** A coarse device fingerprint: browser family and OS, so a browser update is not "new". */
export function deviceOf(userAgent: string | null): string {
  if (!userAgent) return 'desconhecido';
  const ua = userAgent.toLowerCase();
  const os = ua.includes('android')
    ? 'android'
    : /iphone|ipad|ios/.test(ua)
      ? 'ios'
      : ua.includes('windows')
        ? 'windows'
        : ua.includes('mac os')
          ? 'macos'
          : ua.includes('linux')
            ? 'linux'
            : 'outro';
  const browser = ua.includes('edg/')
    ? 'edge'
    : ua.includes('firefox')
      ? 'firefox'
      : ua.includes('chrome') || ua.includes('chromium')
        ? 'chrome'
        : ua.includes('safari')
          ? 'safari'
          : 'outro';
  return `${browser}/${os}`;
}

async function loginSuspicion(
  db: Db,
  input: {
    userId: string;
    email: string | null;
    countryCode: string | null;
    userAgent: string | null;
  },
): Promise<string | null> {
  const previous = await db
    .select({ country: userSecurityLogs.country, userAgent: userSecurityLogs.userAgent })
    .from(userSecurityLogs)
    .where(and(eq(userSecurityLogs.userId, input.userId), eq(userSecurityLogs.actionType, 'login')))
    .orderBy(desc(userSecurityLogs.timestamp))
    .limit(50);
  const reasons: string[] = [];
  if (input.email) {
    const since = new Date(Date.now() - FAILURE_WINDOW_MS);
    const [failures] = await db
      .select({ n: count() })
      .from(userSecurityLogs)
      .where(
        and(
          eq(userSecurityLogs.email, input.email),
          eq(userSecurityLogs.actionType, 'login_failed'),
          gte(userSecurityLogs.timestamp, since),
        ),
      );
    if ((failures?.n ?? 0) >= FAILURES_BEFORE_SUSPICIOUS)
      reasons.push('Login após várias tentativas com senha errada');
  }
  // The first sign-in of an account sets the baseline: nothing to compare with yet.
  if (previous.length > 0) {
    const country = input.countryCode ? countryNameOf(input.countryCode) : null;
    const knownCountries = new Set(
      previous.map((p) => p.country).filter((c): c is string => Boolean(c)),
    );
    if (country && knownCountries.size > 0 && !knownCountries.has(country))
      reasons.push(`Login de um novo país (${country})`);
    const device = deviceOf(input.userAgent);
    const knownDevices = new Set(previous.map((p) => deviceOf(p.userAgent)));
    if (!knownDevices.has(device)) reasons.push(NEW_DEVICE_REASON);
  }
  return reasons.length > 0 ? reasons.join('; ') : null;
}

const countryNames = new Intl.DisplayNames(['pt-BR'], { type: 'region' });
function countryNameOf(code: string): string {
  try {
    return countryNames.of(code) ?? code;
  } catch {
    return code;
  }
}

/** Where an event came from: the address, normalized, and what GeoIP tells of it. */
async function origin(client: ClientInfo) {
  const ip = client.ip ? normalizeIp(client.ip) : null;
  return { ip, geo: await lookupIp(ip) };
}

/** The log row of one event. */
function logRow(
  input: { userId: string | null; action: SecurityActionType; client: ClientInfo },
  { ip, geo }: Awaited<ReturnType<typeof origin>>,
  email: string | null,
  reason: string | null,
): typeof userSecurityLogs.$inferInsert {
  return {
    userId: input.userId,
    email,
    ipAddress: ip,
    city: geo.city,
    region: geo.region,
    country: geo.country,
    timezone: geo.timezone,
    actionType: input.action,
    userAgent: input.client.userAgent?.slice(0, 500) ?? null,
    isSuspicious: reason !== null,
    suspiciousReason: reason,
  };
}

/** A log row written with another write of the caller (the columns `logRow` sets). */
const logRowInsert = rowsFor(userSecurityLogs, [
  'userId',
  'email',
  'ipAddress',
  'city',
  'region',
  'country',
  'timezone',
  'actionType',
  'userAgent',
  'isSuspicious',
  'suspiciousReason',
]);

/**
 * The log row of one event that is never flagged (not a sign-in), for a caller that writes it with
 * its own statement (a seat's log row goes with the seat: modules/rooms/service/seat-batch.ts, where
 * the rows of a batch of seats are written by one insert).
 */
export async function securityEventInsert(input: {
  userId: string;
  action: Exclude<SecurityActionType, 'login'>;
  client: ClientInfo;
}): Promise<RowInsert> {
  return logRowInsert(logRow(input, await origin(input.client), null, null));
}

/** Writes one event; answers why it was flagged 'Suspeito' (null when it was not). */
export async function recordSecurityEvent(
  db: Db,
  input: {
    userId: string | null;
    email?: string | null;
    action: SecurityActionType;
    client: ClientInfo;
  },
): Promise<string | null> {
  const from = await origin(input.client);
  const email = input.email?.toLowerCase() ?? null;
  const reason =
    input.action === 'login' && input.userId
      ? await loginSuspicion(db, {
          userId: input.userId,
          email,
          countryCode: from.geo.countryCode,
          userAgent: input.client.userAgent,
        })
      : null;
  await db.insert(userSecurityLogs).values(logRow(input, from, email, reason));
  return reason;
}

export const NEW_DEVICE_REASON = 'Login de um novo dispositivo';

export async function listSecurityLogs(db: Db, userId: string, limit = 20): Promise<SecurityLog[]> {
  const rows = await db
    .select()
    .from(userSecurityLogs)
    .where(eq(userSecurityLogs.userId, userId))
    .orderBy(desc(userSecurityLogs.timestamp), desc(userSecurityLogs.id))
    .limit(limit);
  return rows.map((r) => ({
    id: r.id,
    actionType: r.actionType as SecurityActionType,
    ipAddress: r.ipAddress,
    city: r.city,
    region: r.region,
    country: r.country,
    userAgent: r.userAgent,
    isSuspicious: r.isSuspicious,
    suspiciousReason: r.suspiciousReason,
    timestamp: r.timestamp.toISOString(),
  }));
}

/** Was this action logged for the user within the last `ms` (to avoid flooding the log)? */
export async function loggedRecently(
  db: Db,
  userId: string,
  action: SecurityActionType,
  ms: number,
): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(userSecurityLogs)
    .where(
      and(
        eq(userSecurityLogs.userId, userId),
        eq(userSecurityLogs.actionType, action),
        gte(userSecurityLogs.timestamp, new Date(Date.now() - ms)),
      ),
    );
  return (row?.n ?? 0) > 0;
}

/** Writes the event unless the user already has one of that action in the last `ms`. */
export async function recordSecurityEventOnceIn(
  db: Db,
  input: { userId: string; action: SecurityActionType; client: ClientInfo },
  ms: number,
): Promise<void> {
  if (!(await loggedRecently(db, input.userId, input.action, ms)))
    await recordSecurityEvent(db, input);
}
