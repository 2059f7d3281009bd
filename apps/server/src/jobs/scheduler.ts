/**
 * Background work: polling active charges (the fallback for lost webhooks), freeing unpaid PIX
 * seats, drawing rooms that are due, and sending prize and withdrawal payouts. Each round is safe to run in several server copies at once: every
 * change is made in a transaction that re-checks the row under a lock, and money moves are
 * idempotent.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { type DrawOutcome, drawDueRooms } from '../modules/draws/draws.service';
import { type PayoutEvent, processPayouts } from '../modules/draws/payouts.service';
import { expireUnpaidSeats } from '../modules/rooms/rooms.service';
import { type ReceiveResult, pollActiveCharges } from '../modules/payments/payments.service';
import type { PixProvider } from '../modules/payments/pix-provider';
import { auditIfDue } from '../modules/wallet/ledger-audit';
import { purgeExpiredSupportData } from '../modules/support/support.service';
import { purgeExpiredDataExports } from '../modules/profile/data-export-storage';
import type { FileStorage } from '../lib/storage';
import { purgeExpiredIdempotencyKeys } from '../lib/idempotency';
import { payReferralBonuses } from '../modules/referrals/referral-bonus';

export interface Scheduler {
  /** One round of every job (tests call it directly). */
  runOnce(): Promise<{
    freedSeats: number;
    received: ReceiveResult[];
    draws: DrawOutcome[];
    payouts: PayoutEvent[];
  }>;
  stop(): Promise<void>;
}

export function createScheduler(options: {
  db: Db;
  config: Config;
  /** The private file storage (prepared data exports past their time are deleted from it). */
  storage?: FileStorage;
  provider: PixProvider | null;
  log: FastifyBaseLogger;
  intervalMs: number;
  onReceived: (results: ReceiveResult[]) => Promise<void>;
  onDraw: (outcome: DrawOutcome) => Promise<void>;
  onPayout: (event: PayoutEvent) => Promise<void>;
  onSeatFreed: (salaId: string) => void;
  autoStart: boolean;
  /** Run the hourly ledger audit in the rounds (off in tests, which call it themselves). */
  auditLedger?: boolean;
}): Scheduler {
  let running: Promise<unknown> | null = null;
  let stopped = false;
  const runOnce = async () => {
    // Polling first: a charge paid at the last second confirms its seat before the seat expires.
    const received = await pollActiveCharges({
      db: options.db,
      config: options.config,
      provider: options.provider,
    });
    if (received.length > 0) await options.onReceived(received);
    const freedRooms = await expireUnpaidSeats(options.db);
    for (const salaId of new Set(freedRooms)) options.onSeatFreed(salaId);
    const freedSeats = freedRooms.length;
    const draws = await drawDueRooms({ db: options.db, config: options.config });
    for (const outcome of draws) await options.onDraw(outcome);
    const payouts = await processPayouts({ db: options.db, provider: options.provider });
    for (const event of payouts) await options.onPayout(event);
    // The ledger audit, hourly; a violation is logged loudly (and shown to the administrators).
    if (options.auditLedger) {
      const audit = await auditIfDue(options.db);
      if (audit && !audit.ok)
        options.log.error(
          { failed: audit.checks.filter((c) => !c.ok) },
          'ledger audit found a violation',
        );
    }
    // Referral bonuses of invited players whose first entry was confirmed.
    await payReferralBonuses(options.db);
    // Support conversations and closed tickets past the retention period (privacy policy).
    await purgeExpiredSupportData(options.db);
    // Prepared personal-data exports past their time (DATA_EXPORT_TTL_HOURS).
    if (options.storage) await purgeExpiredDataExports(options.db, options.storage);
    // Idempotency keys past their 24 hours (lib/idempotency.ts): a retry comes within minutes.
    await purgeExpiredIdempotencyKeys(options.db);
    return { freedSeats, received, draws, payouts };
  };
  const tick = () => {
    if (stopped || running) return;
    running = runOnce()
      .catch((error: unknown) => options.log.error({ err: error }, 'payments job round failed'))
      .finally(() => {
        running = null;
      });
  };
  const timer = options.autoStart ? setInterval(tick, options.intervalMs) : null;
  timer?.unref();
  return {
    runOnce,
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await running;
    },
  };
}
