/** Asking the provider about active charges (the fallback for lost webhooks) and telling payers. */
import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { pixCharges, user } from '../../db/schema';
import type { Mailer } from '../mail/mail.service';
import { pixCreditedMail } from '../mail';
import type { PixProvider } from './pix-provider';
import { type ReceiveResult, receivePix } from './pix-receipts';

export async function refreshCharge({
  db,
  config,
  provider,
  txid,
}: {
  db: Db;
  config: Config;
  provider: PixProvider | null;
  txid: string;
}) {
  const [row] = await db.select().from(pixCharges).where(eq(pixCharges.txid, txid));
  if (!row || row.status !== 'ATIVA' || !provider || provider.kind !== row.provider) return [];
  const state = await provider.getCharge(txid);
  await db.update(pixCharges).set({ checkedAt: new Date() }).where(eq(pixCharges.txid, txid));
  const results: ReceiveResult[] = [];
  if (state.status === 'CONCLUIDA') {
    for (const pix of state.payments)
      results.push(await receivePix({ db, config, pix: { ...pix, txid: pix.txid ?? txid } }));
  }
  return results;
}

/** Fallback for lost webhooks: active charges not checked in the last 30 s, a batch at a time. */
export async function pollActiveCharges({
  db,
  config,
  provider,
}: {
  db: Db;
  config: Config;
  provider: PixProvider | null;
}) {
  if (!provider) return [];
  const cutoff = new Date(Date.now() - 30_000);
  const due = await db
    .select({ txid: pixCharges.txid })
    .from(pixCharges)
    .where(
      and(
        eq(pixCharges.status, 'ATIVA'),
        eq(pixCharges.provider, provider.kind),
        lt(pixCharges.createdAt, cutoff),
        // Charges a little past their expiry are still asked about: a PIX can land at the last second.
        gt(pixCharges.expiresAt, new Date(Date.now() - 10 * 60_000)),
        or(isNull(pixCharges.checkedAt), lt(pixCharges.checkedAt, cutoff)),
      ),
    )
    .orderBy(sql`${pixCharges.checkedAt} nulls first`)
    .limit(50);
  const results: ReceiveResult[] = [];
  for (const { txid } of due) {
    try {
      results.push(...(await refreshCharge({ db, config, provider, txid })));
    } catch {
      // One unreachable charge must not stop the batch; it is tried again on the next round.
    }
  }
  await db
    .update(pixCharges)
    .set({ status: 'EXPIRADA' })
    .where(
      and(
        eq(pixCharges.status, 'ATIVA'),
        lt(pixCharges.expiresAt, new Date(Date.now() - 10 * 60_000)),
      ),
    );
  return results;
}

/** Tells the payer when a PIX could not pay what it was for and went to their Saldo. */
export async function notifyReceipts(
  db: Db,
  mailer: Mailer,
  config: Config,
  results: ReceiveResult[],
) {
  for (const r of results) {
    if (r.outcome !== 'late_payment' && r.outcome !== 'amount_mismatch') continue;
    if (!r.userId) continue;
    const [u] = await db.select({ email: user.email }).from(user).where(eq(user.id, r.userId));
    if (!u) continue;
    await mailer.send(
      pixCreditedMail({ to: u.email, outcome: r.outcome, baseUrl: config.baseUrl }),
    );
  }
}
