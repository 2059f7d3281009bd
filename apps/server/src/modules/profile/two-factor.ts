/** The player's two-factor state on the profile screen, and turning it off with a valid code. */
import { eq } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { twoFactor, user } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { buildKeyRing, unseal } from '../../lib/key-ring';
import { type ClientInfo, recordSecurityEvent } from '../security/security.service';

export async function getTwoFactorStatus({ db, userId }: { db: Db; userId: string }) {
  const [u] = await db
    .select({ enabled: user.twoFactorEnabled })
    .from(user)
    .where(eq(user.id, userId));
  const [tf] = await db
    .select({ verified: twoFactor.verified })
    .from(twoFactor)
    .where(eq(twoFactor.userId, userId));
  const enabled = Boolean(u?.enabled);
  return { enabled, pendingSetup: !enabled && Boolean(tf) };
}

export async function disableTwoFactor({
  db,
  config,
  userId,
  code,
  client,
}: {
  db: Db;
  config: Config;
  userId: string;
  code: string;
  client: ClientInfo;
}) {
  const [tf] = await db.select().from(twoFactor).where(eq(twoFactor.userId, userId));
  if (!tf) throw new AppError('BAD_REQUEST', { message: 'O 2FA não está ativo.' });
  const secret = await unseal(buildKeyRing(config.appSecret, config.appSecretPrevious), tf.secret);
  // The TOTP library is loaded with the first use, not when the server starts.
  const { verifySync } = await import('otplib');
  const { valid } = verifySync({
    secret: new TextEncoder().encode(secret),
    token: code,
    epochTolerance: 30,
  });
  if (!valid)
    throw new AppError('BAD_REQUEST', {
      message: 'O código informado está incorreto ou expirou.',
      reason: 'INVALID_CODE',
    });
  await db.transaction(async (tx) => {
    await tx.delete(twoFactor).where(eq(twoFactor.userId, userId));
    await tx
      .update(user)
      .set({ twoFactorEnabled: false, updatedAt: new Date() })
      .where(eq(user.id, userId));
  });
  await recordSecurityEvent(db, { userId, action: '2fa_disabled', client });
  return { enabled: false };
}
