/**
 * Refuses a query on the outer database handle while the same async context (a request, a job)
 * holds a transaction on it. On the embedded database (one connection) such a query waits for the
 * transaction, which waits for the query: the request never ends and every later one, health
 * checks included, queues behind it (issue 36). On PostgreSQL it takes a second pool connection,
 * and enough requests doing it at once exhaust the pool the same way.
 *
 * `db.transaction` runs its callback marked in an AsyncLocalStorage; the driver's entry points
 * (PGlite's query/exec/transaction, the pool's connect, which its query uses) check the mark. The
 * lint rule `local/no-outer-db-in-transaction` catches the visible cases before they run; this
 * catches the rest (a helper that closes over `db`).
 *
 * On: the embedded database (where the mistake would wedge the server) and every test run (both
 * drivers). Off on PostgreSQL outside tests: the mark would ride on every promise of every money
 * transaction (docs/performance.md took such a store off the join path), and there the mistake
 * costs a connection rather than the server.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

/** One transaction in progress: which database it holds, and whether it still does. */
interface Held {
  owner: object;
  open: boolean;
}

const held = new AsyncLocalStorage<readonly Held[]>();

export class OuterHandleInTransactionError extends Error {
  constructor() {
    super(
      'A query on the outer database handle while this request holds a transaction on it: use the ' +
        'transaction handle (tx). On the embedded database this query would wait forever.',
    );
    this.name = 'OuterHandleInTransactionError';
  }
}

/** Throws when the current async context holds an open transaction on `owner`. */
export function assertOutsideTransaction(owner: object): void {
  const store = held.getStore();
  if (store?.some((h) => h.owner === owner && h.open)) throw new OuterHandleInTransactionError();
}

type TransactionFn = (work: (tx: never) => Promise<unknown>, config?: unknown) => Promise<unknown>;

/**
 * Marks the callbacks of `db.transaction` with `owner`. Work started inside and still running
 * after the commit (a deliberate fire-and-forget) is not refused: the mark closes with the
 * transaction.
 */
export function markTransactions(db: { transaction: unknown }, owner: object): void {
  const transaction = (db.transaction as TransactionFn).bind(db);
  const marked: TransactionFn = (work, config) =>
    transaction(async (tx) => {
      const mark: Held = { owner, open: true };
      try {
        return await held.run([...(held.getStore() ?? []), mark], () => work(tx));
      } finally {
        mark.open = false;
      }
    }, config);
  db.transaction = marked;
}

/** Makes `target[method]` check the mark before it runs. */
export function guardMethod<T extends object>(target: T, method: keyof T, owner: object): void {
  const original = target[method] as (...args: unknown[]) => unknown;
  const guarded = function (this: unknown, ...args: unknown[]) {
    assertOutsideTransaction(owner);
    return original.apply(this, args);
  };
  Object.defineProperty(target, method, { value: guarded, configurable: true, writable: true });
}
