/** The ledger as the scale seed writes it. */
import { randomUUID } from 'node:crypto';
import { type ledgerEntries, type ledgerTransactions } from '../../apps/server/src/db/schema';
import { type AccountKey } from './model';

/** The ledger as it is written: rows to insert, cached balances kept (and checked) on the way. */
export class LedgerBook {
  transactions: (typeof ledgerTransactions)['$inferInsert'][] = [];
  entries: (typeof ledgerEntries)['$inferInsert'][] = [];
  balances = new Map<AccountKey, number>();
  ids = new Map<AccountKey, string>();
  constructor(private readonly platform: Record<string, string>) {}

  id(key: AccountKey) {
    if (key in this.platform) return this.platform[key]!;
    let id = this.ids.get(key);
    if (!id) {
      id = randomUUID();
      this.ids.set(key, id);
      this.balances.set(key, 0);
    }
    return id;
  }

  balance(key: AccountKey) {
    return this.balances.get(key) ?? 0;
  }

  post(
    at: number,
    tx: Omit<(typeof ledgerTransactions)['$inferInsert'], 'id' | 'createdAt'>,
    lines: [AccountKey, number][],
  ) {
    const live = lines.filter(([, amount]) => amount !== 0);
    const sum = live.reduce((s, [, amount]) => s + amount, 0);
    if (sum !== 0) throw new Error(`${tx.idempotencyKey} does not sum to zero (${sum})`);
    const id = randomUUID();
    const createdAt = new Date(at);
    this.transactions.push({ ...tx, id, createdAt });
    for (const [key, amount] of live) {
      const accountId = this.id(key);
      if (!(key in this.platform)) {
        const next = this.balance(key) + amount;
        if (next < 0) throw new Error(`${key} would go below zero at ${tx.idempotencyKey}`);
        this.balances.set(key, next);
      }
      this.entries.push({ id: randomUUID(), transactionId: id, accountId, amount, createdAt });
    }
  }
}
