/**
 * The ledger audit: read-only checks that the money is whole, run by `npm run ledger:audit` against
 * any database, by the background rounds (stored for the administrator's finance screen) and by
 * the money storm test. Every figure is recomputed from the entries and from the records that do
 * not depend on the ledger (PIX received, payouts, seats, draws), so a cached balance or a lost
 * write cannot hide.
 */
import { desc } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ledgerAuditRuns } from '../../db/schema';
import { type AuditActor, writeAudit } from '../audit/audit.service';
import { type Check, type Row, ledgerIntegrityChecks, roomChecks } from './ledger-audit-checks';
import { moneyChecks, moneyEquation } from './ledger-audit-money';

export interface AuditCheck {
  name: string;
  ok: boolean;
  detail: string;
}

export interface LedgerAudit {
  ok: boolean;
  at: string;
  durationMs: number;
  checks: AuditCheck[];
}

const sample = (list: Row[], key: string) =>
  list
    .slice(0, 5)
    .map((r) => String(r[key]))
    .join(', ');

export async function runLedgerAudit(db: Db): Promise<LedgerAudit> {
  const started = performance.now();
  const checks: AuditCheck[] = [];
  const check: Check = (name, bad, key, what) =>
    checks.push({
      name,
      ok: bad.length === 0,
      // pt-BR: the administrator's finance screen shows these texts as they are stored.
      detail:
        bad.length === 0
          ? what
          : `${bad.length} ${bad.length === 1 ? 'divergência' : 'divergências'}: ${sample(bad, key)}`,
    });

  await ledgerIntegrityChecks(db, check);
  await roomChecks(db, check);
  await moneyChecks(db, check);
  checks.push(await moneyEquation(db));

  return {
    ok: checks.every((c) => c.ok),
    at: new Date().toISOString(),
    durationMs: Math.round(performance.now() - started),
    checks,
  };
}

/**
 * Runs the audit and keeps its result (the administrator's finance screen shows the latest). A run
 * a staff member asks for is on the staff audit log, written with the stored result.
 */
export async function runAndStoreLedgerAudit(
  db: Db,
  actor: AuditActor | null = null,
): Promise<LedgerAudit> {
  const audit = await runLedgerAudit(db);
  await db.transaction(async (tx) => {
    const [run] = await tx
      .insert(ledgerAuditRuns)
      .values({
        ok: audit.ok,
        checks: audit.checks,
        durationMs: audit.durationMs,
        startedBy: actor?.id ?? null,
        createdAt: new Date(audit.at),
      })
      .returning({ id: ledgerAuditRuns.id });
    if (actor)
      await writeAudit(tx, actor, {
        action: 'finance.audit.run',
        targetType: 'ledger_audit',
        targetId: run!.id,
        after: { ok: audit.ok, durationMs: audit.durationMs },
      });
  });
  return audit;
}

export async function latestLedgerAudit(db: Db): Promise<LedgerAudit | null> {
  const [row] = await db
    .select()
    .from(ledgerAuditRuns)
    .orderBy(desc(ledgerAuditRuns.createdAt))
    .limit(1);
  return row
    ? {
        ok: row.ok,
        at: row.createdAt.toISOString(),
        durationMs: row.durationMs,
        checks: row.checks,
      }
    : null;
}

/** The background rounds run the audit at most once an hour (across server copies). */
export async function auditIfDue(db: Db, everyMs = 60 * 60 * 1000): Promise<LedgerAudit | null> {
  const last = await latestLedgerAudit(db);
  if (last && Date.now() - new Date(last.at).getTime() < everyMs) return null;
  return runAndStoreLedgerAudit(db, null);
}
