/** The database side of the account routes: backup codes, password rules, reset links, activity. */
import { integrationMessages } from '@sorteio/shared';
import { and, eq, gt, like, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { profiles, twoFactor, user, userActivity, verification } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { type KeyRing, backupCodeHashes } from '../../lib/key-ring';
import { type ClientInfo, recordSecurityEvent } from '../security/security.service';
import { getSetting } from '../settings/settings.service';

/**
 * A backup code is stored as a keyed hash: a code made before a key rotation is found under the
 * previous key of the ring (docs/decisions/008-key-ring.md).
 */
export async function backupCodeHash(db: Db, ring: KeyRing, code: string): Promise<string> {
  const [current, ...older] = backupCodeHashes(ring, code);
  for (const hash of older) {
    const [found] = await db
      .select({ id: twoFactor.id })
      .from(twoFactor)
      .where(like(twoFactor.backupCodes, `%${hash}%`))
      .limit(1);
    if (found) return hash;
  }
  return current!;
}

/** The setting "Tamanho mínimo da senha" (Segurança), on top of the library's fixed floor. */
export async function assertPasswordLength(db: Db, password: unknown) {
  const min = await getSetting(db, 'security.passwordMinLength');
  if (typeof password === 'string' && password.length < min)
    throw new AppError('VALIDATION_ERROR', {
      message: integrationMessages.passwordTooShort(min),
      reason: 'PASSWORD_TOO_SHORT',
    });
}

/** The account a password-reset token belongs to (expired or not), else null. */
export async function resetTokenOwner(db: Db, token: string): Promise<string | null> {
  const [row] = await db
    .select({ value: verification.value })
    .from(verification)
    .where(eq(verification.identifier, `reset-password:${token}`));
  return row?.value ?? null;
}

/** Whether a password-reset link can still be used. */
export async function isResetTokenValid(db: Db, token: string): Promise<boolean> {
  const [row] = await db
    .select({ id: verification.id })
    .from(verification)
    .where(
      and(
        eq(verification.identifier, `reset-password:${token}`),
        gt(verification.expiresAt, new Date()),
      ),
    );
  return Boolean(row);
}

/** Spec 000 section 4: the last-activity record is upserted whenever a session appears. */
export async function touchActivity(db: Db, userId: string) {
  await db
    .insert(userActivity)
    .values({ userId, lastActivity: new Date() })
    .onConflictDoUpdate({
      target: userActivity.userId,
      set: { lastActivity: sql`now()` },
      // A minute's precision is enough; skips the write on rapid reloads.
      setWhere: sql`${userActivity.lastActivity} < now() - interval '1 minute'`,
    });
}

/** After a password change: a temporary password is no longer pending, and the log says so. */
export async function recordPasswordChanged(db: Db, userId: string, client: ClientInfo) {
  await db
    .update(profiles)
    .set({ mustChangePassword: false, updatedAt: new Date() })
    .where(eq(profiles.id, userId));
  await recordSecurityEvent(db, { userId, action: 'password_changed', client });
}

/** Whether the stored role is administrator (the owner address is one without a stored role). */
export async function hasAdminRecord(db: Db, userId: string): Promise<boolean> {
  const [row] = await db.select({ role: user.role }).from(user).where(eq(user.id, userId));
  return row?.role === 'admin';
}
