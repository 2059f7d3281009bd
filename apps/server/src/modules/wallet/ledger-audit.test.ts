/**
 * The ledger audit as the administrator reads it on the finance screen: Portuguese names and
 * details, money in reais (never raw centavos).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestDatabase, createTestDatabase } from '../../test/helpers';
import { postTransaction } from './ledger.service';
import { runLedgerAudit } from './ledger-audit';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database.drop());

describe('ledger audit texts', () => {
  it('names every check in Portuguese and shows the money balance in reais', async () => {
    // A platform credit of R$ 12,34 to a player: it shows in the balances and the credit given.
    await postTransaction(database.db, {
      kind: 'grant',
      idempotencyKey: 'audit-texts:grant',
      description: 'Crédito de teste',
      userId: null,
      entries: [
        { account: { kind: 'platform_grants' }, amount: -1234 },
        { account: { kind: 'platform_revenue' }, amount: 1234 },
      ],
    });
    const audit = await runLedgerAudit(database.db);
    expect(audit.ok).toBe(true);
    expect(audit.checks.map((c) => c.name)).toContain('Toda transação soma zero');
    for (const c of audit.checks) {
      expect(`${c.name} ${c.detail}`).not.toMatch(/\b(every|each|balances|violation|centavos)\b/i);
    }
    const money = audit.checks.at(-1)!;
    expect(money.detail).toMatch(/^entradas R\$\s0,00 = saldos R\$\s0,00 /);
    expect(money.detail).toMatch(/receita R\$\s12,34/);
    expect(money.detail).toMatch(/créditos concedidos R\$\s12,34/);
  });
});
