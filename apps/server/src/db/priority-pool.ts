/**
 * A pg pool that serves some waiting callers first. Joins of one room run one after the other (the
 * room's lock, modules/rooms/service/join.ts); when a crowd arrives at once, every one of their session reads
 * queues for a connection first, and the room's next seat, whose caller is already past them,
 * would wait behind all of them (the first seat of a hot room waited for ~1,000 session reads).
 * Work started inside `first(...)` takes the head of the pool's waiting line instead of its tail.
 * Nothing else changes: the same connections, the same limit, FIFO among equals.
 */
import pg from 'pg';

/**
 * Set while `first`'s work runs synchronously. Not an AsyncLocalStorage: Node would carry it
 * into every promise the process creates while it is set, a cost on every request.
 */
let ahead = false;

/**
 * Runs `work` with the connection request it makes before its first `await` served before
 * ordinary waiting ones (a database transaction asks for its connection at once: a money
 * transaction's first attempt; a retry after a deadlock queues as usual).
 */
export function first<T>(work: () => Promise<T>): Promise<T> {
  const outer = ahead;
  ahead = true;
  try {
    return work();
  } finally {
    ahead = outer;
  }
}

/** pg-pool keeps its waiting callers in `_pendingQueue` (pg-pool 3.x), served from the head. */
interface PendingQueue {
  _pendingQueue?: unknown[];
}

export class PriorityPool extends pg.Pool {
  // Overloads of pg.Pool#connect: the promise form (what Drizzle calls) and the callback form.
  override connect(): Promise<pg.PoolClient>;
  override connect(
    callback: (
      err: Error | undefined,
      client: pg.PoolClient | undefined,
      done: (release?: unknown) => void,
    ) => void,
  ): void;
  override connect(...args: unknown[]): unknown {
    const queue = (this as unknown as PendingQueue)._pendingQueue;
    const waitingBefore = queue?.length ?? 0;
    const result = (super.connect as (...a: unknown[]) => unknown).apply(this, args);
    // Queued by this call (no idle connection): move it from the tail to the head.
    if (queue && ahead && queue.length === waitingBefore + 1 && waitingBefore > 0)
      queue.unshift(queue.pop());
    return result;
  }
}
