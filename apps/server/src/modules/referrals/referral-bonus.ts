/**
 * The inviter's bonus (docs/decisions/025): paid in Cashback through the ledger once the invited
 * account's first entry is confirmed, once per invited account, unless the two accounts are one
 * person. Each referral is decided in its own money transaction (the confirmation has locked the
 * invited player's accounts; the inviter's may sort before them, and decision 007 takes accounts in
 * one sorted statement); a round of the scheduler pays what an event missed.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { participacoes, referrals } from '../../db/schema';
import { getSetting } from '../settings/settings.service';
import { moneyTransaction, postTransaction } from '../wallet';
import { type Refusal, sharedIdentity } from './shared-identity';

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
