/**
 * Business and health figures for /metrics, read from the database when Prometheus scrapes
 * (at most once per `minIntervalMs` per server copy, whatever the number of scrapers): entries,
 * revenue, PIX confirmations and their delay, payouts, draw delay, the job queue's oldest due
 * job, the last ledger audit, and the read standby's lag. What each alert made of them means:
 * docs/operations.md, "Alerts".
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { queryRows } from '../db/query-rows';

export interface BusinessFigures {
  databaseUp: boolean;
  entries: number;
  revenueCentavos: number;
  pixConfirmations: number;
  /** Seconds from the payer's PIX to our confirmation, over the last 15 minutes. */
  pixDelay: { p50: number; p95: number } | null;
  payouts: Record<'pendente' | 'enviando' | 'confirmado' | 'devolvido' | 'failing', number>;
  oldestPendingPayoutSeconds: number;
  drawDelaySeconds: number;
  jobQueueOldestSeconds: number | null;
  ledgerAudit: { ok: boolean; ageSeconds: number } | null;
  /** Only with DATABASE_READ_URL. */
  readDatabaseUp: boolean | null;
  replicationLagSeconds: number | null;
}

const num = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));

export async function readBusinessFigures(db: Db, read: Db | null): Promise<BusinessFigures> {
  const figures: BusinessFigures = {
    databaseUp: false,
    entries: 0,
    revenueCentavos: 0,
    pixConfirmations: 0,
    pixDelay: null,
    payouts: { pendente: 0, enviando: 0, confirmado: 0, devolvido: 0, failing: 0 },
    oldestPendingPayoutSeconds: 0,
    drawDelaySeconds: 0,
    jobQueueOldestSeconds: null,
    ledgerAudit: null,
    readDatabaseUp: read ? false : null,
    replicationLagSeconds: null,
  };
  try {
    const [row] = await queryRows<Record<string, unknown>>(
      db,
      sql`select
        (select count(*) from participacoes where status_pagamento = 'confirmado') as entries,
        (select coalesce(sum(e.amount), 0) from ledger_entries e
           join ledger_accounts a on a.id = e.account_id where a.kind = 'platform_revenue') as revenue,
        (select count(*) from pix_received
           where outcome in ('participacao', 'topup', 'late_payment')) as pix,
        (select percentile_cont(0.5) within group (order by extract(epoch from received_at - paid_at))
           from pix_received where received_at > now() - interval '15 minutes') as pix_p50,
        (select percentile_cont(0.95) within group (order by extract(epoch from received_at - paid_at))
           from pix_received where received_at > now() - interval '15 minutes') as pix_p95,
        (select count(*) from payouts where status in ('pendente', 'enviando')
           and last_error is not null) as payouts_failing,
        (select coalesce(extract(epoch from now() - min(created_at)), 0) from payouts
           where status in ('pendente', 'enviando')) as payouts_oldest,
        (select coalesce(max(extract(epoch from now() - case
              when status = 'sorteando' then updated_at else data_sorteio end)), 0)
           from salas where status = 'sorteando'
              or (status = 'aberta' and data_sorteio is not null and data_sorteio < now())) as draw_delay,
        (select ok from ledger_audit_runs order by created_at desc limit 1) as audit_ok,
        (select extract(epoch from now() - max(created_at)) from ledger_audit_runs) as audit_age`,
    );
    figures.databaseUp = true;
    figures.entries = num(row!.entries);
    figures.revenueCentavos = num(row!.revenue);
    figures.pixConfirmations = num(row!.pix);
    figures.pixDelay =
      row!.pix_p50 === null ? null : { p50: num(row!.pix_p50), p95: num(row!.pix_p95) };
    figures.payouts.failing = num(row!.payouts_failing);
    figures.oldestPendingPayoutSeconds = num(row!.payouts_oldest);
    figures.drawDelaySeconds = Math.max(0, num(row!.draw_delay));
    figures.ledgerAudit =
      row!.audit_ok === null || row!.audit_ok === undefined
        ? null
        : { ok: Boolean(row!.audit_ok), ageSeconds: num(row!.audit_age) };
    for (const r of await queryRows<{ status: string; n: unknown }>(
      db,
      sql`select status, count(*) as n from payouts group by status`,
    ))
      if (r.status in figures.payouts)
        figures.payouts[r.status as keyof BusinessFigures['payouts']] = num(r.n);
  } catch {
    return figures;
  }
  try {
    // pg-boss's table (jobs/queue.ts): the oldest job due and not started.
    const [job] = await queryRows<{ age: unknown }>(
      db,
      sql`select extract(epoch from now() - min(start_after)) as age from pgboss.job
          where state in ('created', 'retry') and start_after < now()`,
    );
    figures.jobQueueOldestSeconds = job?.age === null ? 0 : Math.max(0, num(job?.age));
  } catch {
    // No job queue in this database (tests without jobs).
  }
  if (read) {
    try {
      // On a standby: how long ago the last replayed transaction committed, while WAL received
      // is still waiting to be replayed (an idle primary sends nothing: no lag). On a primary: 0.
      const [lag] = await queryRows<{ lag: unknown }>(
        read,
        sql`select case when not pg_is_in_recovery() then 0
              when pg_last_wal_receive_lsn() is not distinct from pg_last_wal_replay_lsn() then 0
              else coalesce(extract(epoch from now() - pg_last_xact_replay_timestamp()), 0)
            end as lag`,
      );
      figures.readDatabaseUp = true;
      figures.replicationLagSeconds = Math.max(0, num(lag?.lag));
    } catch {
      figures.readDatabaseUp = false;
    }
  }
  return figures;
}
