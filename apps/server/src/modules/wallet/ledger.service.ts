/**
 * The double-entry ledger (docs/decisions/002-money-in-centavos.md) and the one way money moves
 * (docs/decisions/007-money-lock-order.md):
 * - every money-moving database transaction runs through `moneyTransaction`, which retries a
 *   deadlock or serialization failure with jitter (the same idempotency keys, so nothing is charged
 *   twice) and turns the last failure into a 503 with Retry-After, never a 500;
 * - inside it, the lock order is: the business row that the request is about (a charge, a payout),
 *   then the room row, then the participation, then the ledger accounts — all of them in ONE
 *   statement, sorted by id (`lockAccounts`), before any is read or written;
 * - platform-wide accounts (revenue, cashback source, PIX clearing) are never locked and their row
 *   is never updated: their balance is the sum of their entries, so no transaction queues behind
 *   another on them;
 * - a transaction's entries sum to zero, player and room balances are cached on their row in the
 *   same transaction with a CHECK that they never go below zero, and the idempotency key makes a
 *   retried request a no-op.
 */
export {
  type AccountKind,
  type AccountRef,
  type DbOrTx,
  type Tx,
  balanceOf,
  checkInvariants,
  isCached,
  walletOf,
} from './ledger-reads';
export {
  type LockedAccount,
  type LockedAccountRow,
  LockOrderError,
  accountId,
  adoptLocked,
  lockAccounts,
  lockedBalance,
} from './ledger-locks';
export { contentionMessage, moneyContention, moneyTransaction } from './money-transaction';
export {
  InsufficientFundsError,
  type PostInput,
  postTransaction,
  postTransactions,
} from './ledger-posts';
