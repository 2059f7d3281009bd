/**
 * The sign-in gate: failed sign-ins counted from the security log, and whether the next attempt
 * may go ahead (docs/limits.md).
 */
import { countOf } from '@sorteio/shared';
import { and, count, desc, eq, gte } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { userSecurityLogs } from '../../db/schema';
import { normalizeIp } from '../../lib/geoip';

/** The window failed sign-ins are counted in. */
export const FAILURE_WINDOW_MS = 15 * 60 * 1000;

/**
 * Sign-in abuse without locking players out (docs/limits.md). Failures are counted per account
 * and address, so a stranger guessing from elsewhere cannot lock the owner out:
 * - from one address, 5 failures in 15 minutes close that address to the account for the rest of
 *   the window, and from the 3rd failure on each attempt must wait a growing delay (2 s, 4 s);
 * - across all addresses, from the 10th failure on, addresses the account never signed in from
 *   wait a delay that doubles with every failure (1 s, 2 s, 4 s … up to 15 minutes); addresses the
 *   owner signed in from in the last 90 days are not slowed down.
 * Counted in the database (the security log), so the rule holds across server copies.
 */
export const MAX_FAILED_SIGN_INS = 5;
export const ACCOUNT_FAILURES_BEFORE_DELAY = 10;
const ADDRESS_FAILURES_BEFORE_DELAY = 3;
const KNOWN_ADDRESS_MS = 90 * 24 * 60 * 60 * 1000;

export interface SignInGate {
  code: 'TOO_MANY_ATTEMPTS' | 'SLOW_DOWN';
  message: string;
  retryAfterSeconds: number;
}

export async function signInFailures(db: Db, email: string, ip: string | null) {
  const since = new Date(Date.now() - FAILURE_WINDOW_MS);
  const rows = await db
    .select({ ip: userSecurityLogs.ipAddress, at: userSecurityLogs.timestamp })
    .from(userSecurityLogs)
    .where(
      and(
        eq(userSecurityLogs.email, email.toLowerCase()),
        eq(userSecurityLogs.actionType, 'login_failed'),
        gte(userSecurityLogs.timestamp, since),
      ),
    )
    .orderBy(desc(userSecurityLogs.timestamp));
  const address = ip ? normalizeIp(ip) : null;
  const fromAddress = rows.filter((r) => r.ip === address);
  return {
    total: rows.length,
    fromAddress: fromAddress.length,
    lastAt: rows[0]?.at ?? null,
    lastFromAddressAt: fromAddress[0]?.at ?? null,
  };
}

async function isKnownAddress(db: Db, email: string, ip: string): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(userSecurityLogs)
    .where(
      and(
        eq(userSecurityLogs.email, email.toLowerCase()),
        eq(userSecurityLogs.actionType, 'login'),
        eq(userSecurityLogs.ipAddress, normalizeIp(ip)),
        gte(userSecurityLogs.timestamp, new Date(Date.now() - KNOWN_ADDRESS_MS)),
      ),
    );
  return (row?.n ?? 0) > 0;
}

/** Whether this sign-in attempt may go ahead; a refusal says when to try again. */
export async function signInGate(
  db: Db,
  email: string,
  ip: string | null,
  now = Date.now(),
): Promise<SignInGate | null> {
  const f = await signInFailures(db, email, ip);
  if (f.fromAddress >= MAX_FAILED_SIGN_INS) {
    return {
      code: 'TOO_MANY_ATTEMPTS',
      message:
        'Muitas tentativas de login para esta conta. Aguarde 15 minutos ou redefina sua senha.',
      retryAfterSeconds: Math.ceil(FAILURE_WINDOW_MS / 1000),
    };
  }
  const wait = (last: Date | null, seconds: number): SignInGate | null => {
    if (!last) return null;
    const remaining = Math.ceil((last.getTime() + seconds * 1000 - now) / 1000);
    if (remaining <= 0) return null;
    return {
      code: 'SLOW_DOWN',
      message: `Muitas tentativas de login para esta conta. Aguarde ${countOf(remaining, 'segundo', 'segundos')} e tente novamente.`,
      retryAfterSeconds: remaining,
    };
  };
  if (f.fromAddress >= ADDRESS_FAILURES_BEFORE_DELAY) {
    const gate = wait(
      f.lastFromAddressAt,
      2 ** (f.fromAddress - ADDRESS_FAILURES_BEFORE_DELAY + 1),
    );
    if (gate) return gate;
  }
  if (f.total >= ACCOUNT_FAILURES_BEFORE_DELAY && !(ip && (await isKnownAddress(db, email, ip)))) {
    const seconds = Math.min(
      2 ** (f.total - ACCOUNT_FAILURES_BEFORE_DELAY),
      FAILURE_WINDOW_MS / 1000,
    );
    return wait(f.lastAt, seconds);
  }
  return null;
}
