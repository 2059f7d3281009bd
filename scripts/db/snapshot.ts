/**
 * What a restore must give back: row counts of the business tables, the money sums and the
 * ledger audit. The backup round trip (backup-roundtrip.ts) compares two of these.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/db/client';
import { queryRows } from '../../apps/server/src/db/query-rows';
import { runLedgerAudit } from '../../apps/server/src/modules/wallet/ledger-audit';

/** Tables whose rows a restore must bring back exactly (jobs, health checks and limits excluded). */
export const BUSINESS_TABLES = [
  'user',
  'account',
  'profiles',
  'salas',
  'participacoes',
  'sorteios',
  'pix_charges',
  'pix_received',
  'payouts',
  'ledger_accounts',
  'ledger_transactions',
  'ledger_entries',
  'user_security_logs',
  'staff_audit_log',
] as const;

export interface Snapshot {
  counts: Record<string, number>;
  sums: Record<string, string>;
  auditOk: boolean;
  auditFailures: string[];
}

export async function snapshot(db: Db): Promise<Snapshot> {
  const counts: Record<string, number> = {};
  for (const table of BUSINESS_TABLES) {
    const rows = await queryRows<{ n: string }>(
      db,
      sql`select count(*)::text as n from ${sql.identifier(table)}`,
    );
    counts[table] = Number(rows[0]!.n);
  }
  const money = await queryRows<{ name: string; total: string }>(
    db,
    sql`
    select 'entries:' || a.kind as name, coalesce(sum(e.amount), 0)::text as total
      from ledger_entries e join ledger_accounts a on a.id = e.account_id group by a.kind
    union all
    select 'balances:' || kind, coalesce(sum(balance), 0)::text from ledger_accounts group by kind
    union all
    select 'participacoes:' || status_pagamento, coalesce(sum(valor_pago), 0)::text
      from participacoes group by status_pagamento
    union all
    select 'payouts:' || status, coalesce(sum(amount), 0)::text from payouts group by status
    union all
    select 'prizes', coalesce(sum(valor_premio_liquido), 0)::text from sorteios`,
  );
  const sums = Object.fromEntries(
    money.map((r) => [r.name, r.total] as const).sort(([a], [b]) => a.localeCompare(b)),
  );
  const audit = await runLedgerAudit(db);
  return {
    counts,
    sums,
    auditOk: audit.ok,
    auditFailures: audit.checks.filter((c) => !c.ok).map((c) => `${c.name}: ${c.detail}`),
  };
}

/** Lines naming every difference between two snapshots (empty when they agree). */
export function compareSnapshots(before: Snapshot, after: Snapshot): string[] {
  const out: string[] = [];
  for (const [name, n] of Object.entries(before.counts))
    if (after.counts[name] !== n)
      out.push(`${name}: ${n} rows before, ${after.counts[name]} after`);
  const names = new Set([...Object.keys(before.sums), ...Object.keys(after.sums)]);
  for (const name of names)
    if (before.sums[name] !== after.sums[name])
      out.push(`${name}: ${before.sums[name]} before, ${after.sums[name]} after`);
  if (!after.auditOk) out.push(`ledger audit fails after: ${after.auditFailures.join('; ')}`);
  return out;
}

export function describeSnapshot(s: Snapshot): string {
  return (
    Object.entries(s.counts)
      .map(([k, v]) => `${k}=${v}`)
      .join(' ') + ` | ledger audit ${s.auditOk ? 'ok' : 'FAILED'}`
  );
}
