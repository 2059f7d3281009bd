/**
 * The standby's replication lag, sampled while a load runs (scripts/db/failover-drill.ts): on the
 * standby, the age of the last replayed commit while WAL remains to replay (the query behind
 * sorteio_replication_lag_seconds; 0 when it has replayed all it received); on the primary,
 * pg_stat_replication's replay_lag (measured by the primary from the standby's replies) and the
 * bytes sent but not yet replayed.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';

export interface LagFigures {
  samples: number;
  /** Seconds, from the standby's view. */
  standby: { median: number; p95: number; max: number };
  /** Seconds, pg_stat_replication.replay_lag (null while the standby is caught up). */
  replayLag: { median: number; p95: number; max: number };
  /** Bytes sent but not replayed. */
  bytes: { median: number; p95: number; max: number };
}

const spread = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { median: at(0.5), p95: at(0.95), max: sorted.at(-1) ?? 0 };
};

/** Samples every `everyMs` until `stop()` resolves with the figures. */
export async function sampleLag(primaryUrl: string, standbyUrl: string, everyMs = 200) {
  const primary = new pg.Client({ connectionString: primaryUrl });
  const standby = new pg.Client({ connectionString: standbyUrl });
  await primary.connect();
  await standby.connect();
  const standbyLag: number[] = [];
  const replayLag: number[] = [];
  const bytes: number[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const [s, p] = await Promise.all([
        standby.query<{ lag: number }>(
          `select case when pg_last_wal_receive_lsn() is not distinct from pg_last_wal_replay_lsn()
             then 0 else coalesce(extract(epoch from now() - pg_last_xact_replay_timestamp()), 0)
           end::float8 as lag`,
        ),
        primary.query<{ lag: number | null; bytes: string | null }>(
          `select extract(epoch from max(replay_lag))::float8 as lag,
             max(pg_wal_lsn_diff(sent_lsn, replay_lsn))::text as bytes from pg_stat_replication`,
        ),
      ]);
      standbyLag.push(s.rows[0]?.lag ?? 0);
      replayLag.push(p.rows[0]?.lag ?? 0);
      bytes.push(Number(p.rows[0]?.bytes ?? 0));
      await sleep(everyMs);
    }
  })();
  return {
    async stop(): Promise<LagFigures> {
      running = false;
      await loop;
      await Promise.all([primary.end(), standby.end()]);
      return {
        samples: standbyLag.length,
        standby: spread(standbyLag),
        replayLag: spread(replayLag),
        bytes: spread(bytes),
      };
    },
  };
}

export const ms = (seconds: number) => `${Math.round(seconds * 1000)} ms`;
