/**
 * A confirmed entry may be an invited player's first: the inviter's bonus is decided after the
 * confirmation's commit (the scheduler's round decides what this misses).
 */
import type { Db } from '../../db/client';
import type { App } from '../../lib/fastify';
import type { ReceiveResult } from '../payments/payments.service';
import { payReferralBonuses } from './referral-bonus';

export function subscribeReferralBonuses(app: App, { db }: { db: Db }) {
  const referralBonus = (userId: string | null) => {
    if (userId)
      payReferralBonuses(db, { invitedId: userId }).catch((error: unknown) =>
        app.log.warn({ err: error }, 'referral bonus not decided: the next round will'),
      );
  };
  app.events.on('participation', (p: { userId: string; statusPagamento: string }) => {
    if (p.statusPagamento === 'confirmado') referralBonus(p.userId);
  });
  app.events.on('pix', (results: ReceiveResult[]) => {
    for (const r of results) if (r.outcome === 'participacao') referralBonus(r.userId);
  });
}
