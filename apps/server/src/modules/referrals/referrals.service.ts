/**
 * The referral program (docs/decisions/025). A player's invite link carries a code; an
 * account created with it is recorded as invited by its owner; when the invited account's first
 * entry is confirmed, the inviter receives a bonus in Cashback through the ledger, once per
 * invited account, unless the two accounts share a CPF, a PIX key or a device.
 *
 * This file holds the codes, the record made at sign-up and the figures; the bonus is paid by
 * referral-bonus.ts, after the check of shared-identity.ts.
 */
import { randomInt } from 'node:crypto';
import {
  REFERRAL_CODE_ALPHABET,
  type MyReferrals,
  type ReferralAdmin,
  type UpdateReferralSettingsInput,
  isReferralCode,
} from '@sorteio/shared';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { referralCodes, referrals, user } from '../../db/schema';
import { getSetting, setSetting } from '../settings/settings.service';
import type { Tx } from '../wallet';
import type { Refusal } from './shared-identity';

function newCode(): string {
  let code = '';
  for (let i = 0; i < 8; i += 1)
    code += REFERRAL_CODE_ALPHABET[randomInt(REFERRAL_CODE_ALPHABET.length)];
  return code;
}

const uniqueViolation = (error: unknown) =>
  (error as { cause?: { code?: string }; code?: string }).cause?.code === '23505' ||
  (error as { code?: string }).code === '23505';

/** The player's code, made on first use (a collision is retried with another code). */
export async function referralCodeOf(db: Db, userId: string): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const [found] = await db
      .select({ code: referralCodes.code })
      .from(referralCodes)
      .where(eq(referralCodes.userId, userId));
    if (found) return found.code;
    try {
      await db.insert(referralCodes).values({ userId, code: newCode() }).onConflictDoNothing({
        target: referralCodes.userId,
      });
    } catch (error) {
      if (!uniqueViolation(error)) throw error;
    }
  }
  throw new Error('could not issue a referral code');
}

export function referralLink(baseUrl: string, code: string): string {
  return `${baseUrl.replace(/\/$/, '')}/register?invite_code=${code}`;
}

/**
 * At sign-up: the new account was invited by the owner of `code` (nothing when the program is off,
 * the code unknown, or the code the account's own). Never fails the sign-up.
 */
export async function recordReferral(
  db: Db,
  input: { invitedId: string; code: string; ip: string | null; userAgent: string | null },
): Promise<boolean> {
  if (!isReferralCode(input.code)) return false;
  if (!(await getSetting(db, 'referrals.enabled'))) return false;
  const code = input.code.trim().toUpperCase();
  const [owner] = await db
    .select({ userId: referralCodes.userId })
    .from(referralCodes)
    .where(eq(referralCodes.code, code));
  if (!owner || owner.userId === input.invitedId) return false;
  const inserted = await db
    .insert(referrals)
    .values({
      inviterId: owner.userId,
      invitedId: input.invitedId,
      code,
      signupIp: input.ip,
      signupUserAgent: input.userAgent?.slice(0, 500) ?? null,
    })
    .onConflictDoNothing({ target: referrals.invitedId })
    .returning({ id: referrals.id });
  return inserted.length > 0;
}

/** The 'Convide amigos' card. */
export async function myReferrals(db: Db, userId: string, baseUrl: string): Promise<MyReferrals> {
  const [code, enabled, bonus, [figures]] = await Promise.all([
    referralCodeOf(db, userId),
    getSetting(db, 'referrals.enabled'),
    getSetting(db, 'referrals.bonusCentavos'),
    db
      .select({
        joined: sql<number>`count(*)::int`,
        rewarded: sql<number>`(count(*) filter (where ${referrals.status} = 'paid'))::int`,
        earned: sql<number>`coalesce(sum(${referrals.bonusCentavos}) filter (where ${referrals.status} = 'paid'), 0)::int`,
      })
      .from(referrals)
      .where(eq(referrals.inviterId, userId)),
  ]);
  return {
    enabled,
    code,
    link: referralLink(baseUrl, code),
    bonusCentavos: bonus,
    joined: figures?.joined ?? 0,
    rewarded: figures?.rewarded ?? 0,
    earnedCentavos: figures?.earned ?? 0,
  };
}

/** The administrator's figures. */
export async function referralAdmin(db: Db): Promise<ReferralAdmin> {
  const [enabled, bonus, byStatus, top] = await Promise.all([
    getSetting(db, 'referrals.enabled'),
    getSetting(db, 'referrals.bonusCentavos'),
    db
      .select({
        status: referrals.status,
        refusal: referrals.refusal,
        n: sql<number>`count(*)::int`,
        total: sql<number>`coalesce(sum(${referrals.bonusCentavos}), 0)::int`,
      })
      .from(referrals)
      .groupBy(referrals.status, referrals.refusal),
    db
      .select({
        userId: referrals.inviterId,
        email: user.email,
        invited: sql<number>`count(*)::int`,
        paid: sql<number>`(count(*) filter (where ${referrals.status} = 'paid'))::int`,
        earnedCentavos: sql<number>`coalesce(sum(${referrals.bonusCentavos}) filter (where ${referrals.status} = 'paid'), 0)::int`,
      })
      .from(referrals)
      .innerJoin(user, eq(user.id, referrals.inviterId))
      .groupBy(referrals.inviterId, user.email)
      .orderBy(sql`count(*) desc`)
      .limit(10),
  ]);
  const count = (status: string) =>
    byStatus.filter((r) => r.status === status).reduce((sum, r) => sum + r.n, 0);
  const refusedBy = (reason: Refusal) =>
    byStatus
      .filter((r) => r.status === 'refused' && r.refusal === reason)
      .reduce((s, r) => s + r.n, 0);
  return {
    enabled,
    bonusCentavos: bonus,
    invited: byStatus.reduce((sum, r) => sum + r.n, 0),
    pending: count('pending'),
    paid: count('paid'),
    refused: count('refused'),
    refusedByReason: {
      same_cpf: refusedBy('same_cpf'),
      same_pix: refusedBy('same_pix'),
      same_device: refusedBy('same_device'),
      disabled: refusedBy('disabled'),
    },
    paidCentavos: byStatus.filter((r) => r.status === 'paid').reduce((s, r) => s + r.total, 0),
    topInviters: top,
  };
}

/**
 * The administrator's change, inside the caller's transaction (with its audit row); `current` is
 * what the settings held before, read by the caller outside the transaction.
 */
export async function updateReferralSettings(
  tx: Tx,
  input: UpdateReferralSettingsInput,
  current: { enabled: boolean; bonusCentavos: number },
  staffId: string,
) {
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  if (input.enabled !== undefined && input.enabled !== current.enabled) {
    before.enabled = current.enabled;
    after.enabled = input.enabled;
    await setSetting(tx, 'referrals.enabled', input.enabled, staffId);
  }
  if (input.bonusCentavos !== undefined && input.bonusCentavos !== current.bonusCentavos) {
    before.bonusCentavos = current.bonusCentavos;
    after.bonusCentavos = input.bonusCentavos;
    await setSetting(tx, 'referrals.bonusCentavos', input.bonusCentavos, staffId);
  }
  return { before, after };
}
