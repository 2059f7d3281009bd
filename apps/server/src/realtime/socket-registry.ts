/**
 * The open live-update sockets of one server copy, with their caps (docs/limits.md):
 * - per address (generous: carrier NAT puts many players behind one): a new socket past the cap is
 *   refused;
 * - per account: a new tab past the cap closes that account's oldest socket (with REDIS_URL also
 *   counted across the copies: shared-socket-counts.ts);
 * - in total: past the cap, the oldest anonymous socket is shed first, then the oldest of all. This
 *   cap stays per copy on purpose: it guards the copy's own memory and file descriptors, so a fleet
 *   holds copies × cap;
 * - per socket: a message rate (the browser only sends a keep-alive every 25 s) and an idle
 *   timeout (no message for idleMs).
 */
export interface SocketLike {
  close(code?: number, reason?: string): void;
}

export interface LiveClient<S extends SocketLike = SocketLike> {
  /** Unique within this copy. */
  id: string;
  socket: S;
  userId: string | null;
  isStaff: boolean;
  address: string;
  openedAt: number;
  lastSeenAt: number;
  windowStart: number;
  messagesInWindow: number;
}

export interface SocketCaps {
  maxPerAddress: number;
  maxPerAccount: number;
  maxTotal: number;
  maxMessagesPerWindow: number;
  messageWindowMs: number;
  idleMs: number;
}

export const CLOSE = {
  policy: 1008,
  goingAway: 1001,
  tryAgainLater: 1013,
  /** Application codes (4000-4999). */
  replaced: 4000,
  shed: 4001,
} as const;

export class SocketRegistry<S extends SocketLike = SocketLike> {
  readonly clients = new Set<LiveClient<S>>();
  private readonly byAddress = new Map<string, number>();
  private readonly byAccount = new Map<string, LiveClient<S>[]>();
  private readonly byId = new Map<string, LiveClient<S>>();
  private lastId = 0;

  constructor(
    private readonly caps: SocketCaps,
    private readonly now: () => number = Date.now,
    /** Runs once for each socket forgotten (closed by either side, replaced, shed, idle). */
    private readonly onRemove: (client: LiveClient<S>) => void = () => undefined,
  ) {}

  get size(): number {
    return this.clients.size;
  }

  /** This copy's open sockets per address. */
  get addresses(): ReadonlyMap<string, number> {
    return this.byAddress;
  }

  /** Admits a socket, shedding others when a cap says so; null when it is refused. */
  admit(input: {
    socket: S;
    userId: string | null;
    isStaff: boolean;
    address: string;
  }): LiveClient<S> | null {
    if ((this.byAddress.get(input.address) ?? 0) >= this.caps.maxPerAddress) {
      input.socket.close(CLOSE.tryAgainLater, 'too many connections from this address');
      return null;
    }
    if (input.userId) {
      // remove() replaces the account's list, so it is read again on every turn.
      let mine = this.byAccount.get(input.userId) ?? [];
      while (mine.length >= this.caps.maxPerAccount) {
        this.drop(mine[0]!, CLOSE.replaced, 'replaced');
        mine = this.byAccount.get(input.userId) ?? [];
      }
    }
    while (this.clients.size >= this.caps.maxTotal) {
      let victim: LiveClient<S> | undefined;
      for (const c of this.clients) {
        if (c.userId === null) {
          victim = c;
          break;
        }
      }
      victim ??= this.clients.values().next().value;
      if (!victim) break;
      this.drop(victim, CLOSE.shed, 'server busy');
    }
    const t = this.now();
    this.lastId += 1;
    const client: LiveClient<S> = {
      ...input,
      id: String(this.lastId),
      openedAt: t,
      lastSeenAt: t,
      windowStart: t,
      messagesInWindow: 0,
    };
    this.clients.add(client);
    this.byId.set(client.id, client);
    this.byAddress.set(input.address, (this.byAddress.get(input.address) ?? 0) + 1);
    if (input.userId) {
      const mine = this.byAccount.get(input.userId) ?? [];
      mine.push(client);
      this.byAccount.set(input.userId, mine);
    }
    return client;
  }

  /** Counts a message; false (and the socket closed) when it is over the rate. */
  onMessage(client: LiveClient<S>): boolean {
    const t = this.now();
    client.lastSeenAt = t;
    if (t - client.windowStart >= this.caps.messageWindowMs) {
      client.windowStart = t;
      client.messagesInWindow = 0;
    }
    client.messagesInWindow += 1;
    if (client.messagesInWindow <= this.caps.maxMessagesPerWindow) return true;
    this.drop(client, CLOSE.policy, 'too many messages');
    return false;
  }

  /** Closes sockets that sent nothing for idleMs; returns how many. */
  sweepIdle(): number {
    const cutoff = this.now() - this.caps.idleMs;
    let closed = 0;
    for (const c of [...this.clients]) {
      if (c.lastSeenAt < cutoff) {
        this.drop(c, CLOSE.goingAway, 'idle');
        closed += 1;
      }
    }
    return closed;
  }

  /** Closes the socket with this id, when this copy holds it; false when it does not. */
  closeById(id: string, code: number, reason: string): boolean {
    const client = this.byId.get(id);
    if (!client) return false;
    this.drop(client, code, reason);
    return true;
  }

  /** Forgets a socket that closed (by either side). */
  remove(client: LiveClient<S>): void {
    if (!this.clients.delete(client)) return;
    this.byId.delete(client.id);
    const n = (this.byAddress.get(client.address) ?? 1) - 1;
    if (n <= 0) this.byAddress.delete(client.address);
    else this.byAddress.set(client.address, n);
    if (client.userId) {
      const mine = (this.byAccount.get(client.userId) ?? []).filter((c) => c !== client);
      if (mine.length === 0) this.byAccount.delete(client.userId);
      else this.byAccount.set(client.userId, mine);
    }
    this.onRemove(client);
  }

  private drop(client: LiveClient<S>, code: number, reason: string) {
    this.remove(client);
    client.socket.close(code, reason);
  }
}
