/**
 * The referral program (docs/decisions/025). A player's invite link carries a code; an
 * account created with it is recorded as invited by its owner; when the invited account's first
 * entry is confirmed, the inviter receives a bonus in Cashback through the ledger, once per
 * invited account, unless the two accounts share a CPF, a PIX key or a device.
 *
 * The bonus is paid after the confirmation, in its own money transaction (the confirmation has
 * locked the invited player's accounts; the inviter's may sort before them, and decision 007 takes
 * accounts in one sorted statement). A round of the scheduler pays what an event missed.
 */
import { randomInt } from 'node:crypto';
import {
  REFERRAL_CODE_ALPHABET,
  type MyReferrals,
  type ReferralAdmin,
  type UpdateReferralSettingsInput,
  isReferralCode,
} from '@sorteio/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  participacoes,
  profiles,
  referralCodes,
  referrals,
  session,
  user,
  userSecurityLogs,
  verificacaoUsuario,
} from '../../db/schema';
import { getSetting, setSetting } from '../settings/settings.service';
import { type Tx, moneyTransaction, postTransaction } from '../wallet';

type Refusal = 'same_cpf' | 'same_pix' | 'same_device' | 'disabled';

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

const digits = (value: string | null | undefined) => (value ?? '').replace(/\D/g, '');

/** What identifies a person's money: CPFs (profile, document, a CPF PIX key) and the PIX key. */
async function identityOf(tx: Tx, userId: string) {
  const [row] = await tx
    .select({
      cpf: profiles.cpf,
      chavePix: profiles.chavePix,
      chavePixTipo: profiles.chavePixTipo,
      telefone: profiles.telefone,
      email: user.email,
    })
    .from(user)
    .leftJoin(profiles, eq(profiles.id, user.id))
    .where(eq(user.id, userId));
  const docs = await tx
    .select({ numero: verificacaoUsuario.numeroDocumento })
    .from(verificacaoUsuario)
    .where(eq(verificacaoUsuario.userId, userId));
  const cpfs = new Set(
    [row?.cpf, ...docs.map((d) => d.numero), row?.chavePixTipo === 'cpf' ? row.chavePix : null]
      .map(digits)
      .filter((d) => d.length === 11),
  );
  const pix = row?.chavePix
    ? row.chavePixTipo === 'cpf' || row.chavePixTipo === 'telefone'
      ? digits(row.chavePix)
      : row.chavePix.trim().toLowerCase()
    : null;
  // Where the account's own PIX key could point: its e-mail, phone and CPFs.
  const reachable = new Set(
    [row?.email?.toLowerCase(), digits(row?.telefone), ...cpfs].filter((v): v is string => !!v),
  );
  return { cpfs, pix, reachable };
}

/** Whether two accounts are one person by their CPF, PIX key or device (in that order). */
export async function sharedIdentity(
  tx: Tx,
  referral: {
    inviterId: string;
    invitedId: string;
    signupIp: string | null;
    signupUserAgent: string | null;
  },
): Promise<Refusal | null> {
  const [inviter, invited] = await Promise.all([
    identityOf(tx, referral.inviterId),
    identityOf(tx, referral.invitedId),
  ]);
  if ([...invited.cpfs].some((cpf) => inviter.cpfs.has(cpf))) return 'same_cpf';
  if (
    (invited.pix && (invited.pix === inviter.pix || inviter.reachable.has(invited.pix))) ||
    (inviter.pix && invited.reachable.has(inviter.pix))
  )
    return 'same_pix';
  // A device is the pair (IP address, browser user agent): of the sign-up, the sessions and the
  // sign-ins in the security log. The address alone is shared by whole carrier networks (CGNAT).
  const devicesOf = (userId: string) => sql`
    select ip_address as ip, user_agent as ua from ${session} where user_id = ${userId}
    union select ip_address, user_agent from ${userSecurityLogs} where user_id = ${userId}`;
  const invitedDevices = sql`
    ${devicesOf(referral.invitedId)}
    union select ${referral.signupIp}::text, ${referral.signupUserAgent}::text`;
  const shared: unknown = await tx.execute(sql`
    select 1 as found from (${devicesOf(referral.inviterId)}) a
    join (${invitedDevices}) b on a.ip = b.ip and a.ua = b.ua
    where a.ip is not null and a.ua is not null limit 1`);
  // PGlite and node-postgres both answer { rows }.
  if ((shared as { rows: unknown[] }).rows.length > 0) return 'same_device';
  return null;
}

export interface ReferralDecision {
  referralId: string;
  inviterId: string;
  invitedId: string;
  status: 'paid' | 'refused';
  refusal: Refusal | null;
  bonusCentavos: number;
}

/**
 * Decides the pending referrals whose invited account has a confirmed entry (all of them, or the
 * one of `invitedId`): pays the inviter's bonus or records why not. Each in its own money
 * transaction, under the referral row's lock; safe to run in several copies at once.
 */
export async function payReferralBonuses(
  db: Db,
  options: { invitedId?: string; limit?: number } = {},
): Promise<ReferralDecision[]> {
  const due = await db
    .select({ id: referrals.id })
    .from(referrals)
    .where(
      and(
        eq(referrals.status, 'pending'),
        options.invitedId ? eq(referrals.invitedId, options.invitedId) : undefined,
        sql`exists (select 1 from ${participacoes} p where p.user_id = ${referrals.invitedId} and p.status_pagamento = 'confirmado')`,
      ),
    )
    .orderBy(asc(referrals.createdAt))
    .limit(options.limit ?? 100);
  if (due.length === 0) return [];
  // Read outside the transactions (settings are cached per server copy).
  const [enabled, bonus] = await Promise.all([
    getSetting(db, 'referrals.enabled'),
    getSetting(db, 'referrals.bonusCentavos'),
  ]);
  const decisions: ReferralDecision[] = [];
  for (const { id } of due) {
    const decision = await moneyTransaction(db, async (tx) => {
      const [row] = await tx.select().from(referrals).where(eq(referrals.id, id)).for('update');
      if (!row || row.status !== 'pending') return null;
      const [first] = await tx
        .select({ id: participacoes.id })
        .from(participacoes)
        .where(
          and(
            eq(participacoes.userId, row.invitedId),
            eq(participacoes.statusPagamento, 'confirmado'),
          ),
        )
        .orderBy(asc(participacoes.confirmedAt), asc(participacoes.createdAt))
        .limit(1);
      if (!first) return null;
      const refusal: Refusal | null = enabled ? await sharedIdentity(tx, row) : 'disabled';
      const paid = refusal === null && bonus > 0;
      if (paid)
        await postTransaction(tx, {
          kind: 'referral_bonus',
          idempotencyKey: `referral:${row.invitedId}`,
          description: 'Bônus de indicação',
          userId: row.inviterId,
          metadata: { referralId: row.id, invitedId: row.invitedId },
          entries: [
            { account: { kind: 'platform_cashback' }, amount: -bonus },
            { account: { kind: 'user_cashback', userId: row.inviterId }, amount: bonus },
          ],
        });
      await tx
        .update(referrals)
        .set({
          status: paid ? 'paid' : 'refused',
          refusal: paid ? null : (refusal ?? 'disabled'),
          bonusCentavos: paid ? bonus : null,
          participacaoId: first.id,
          decidedAt: new Date(),
        })
        .where(eq(referrals.id, row.id));
      return {
        referralId: row.id,
        inviterId: row.inviterId,
        invitedId: row.invitedId,
        status: paid ? ('paid' as const) : ('refused' as const),
        refusal: paid ? null : (refusal ?? 'disabled'),
        bonusCentavos: paid ? bonus : 0,
      };
    });
    if (decision) decisions.push(decision);
  }
  return decisions;
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
