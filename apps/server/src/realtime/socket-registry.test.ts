import { describe, expect, it } from 'vitest';
import { createWindowCounter } from '../lib/window-counter';
import { CLOSE, SocketRegistry } from './socket-registry';

function fakeSocket() {
  return {
    closed: null as number | null,
    close(code?: number) {
      this.closed = code ?? 1000;
    },
  };
}

const caps = {
  maxPerAddress: 3,
  maxPerAccount: 2,
  maxTotal: 4,
  maxMessagesPerWindow: 3,
  messageWindowMs: 1000,
  idleMs: 5000,
};

describe('socket caps', () => {
  it('sheds the oldest anonymous socket first when the total is reached', () => {
    let t = 0;
    const r = new SocketRegistry(caps, () => t);
    const open = (userId: string | null, address: string) => {
      const socket = fakeSocket();
      t += 1;
      return { socket, client: r.admit({ socket, userId, isStaff: false, address }) };
    };
    const a = open('u1', '1.1.1.1');
    const anon1 = open(null, '2.2.2.2');
    const b = open('u2', '3.3.3.3');
    const anon2 = open(null, '4.4.4.4');
    const c = open('u3', '5.5.5.5');
    expect(anon1.socket.closed).toBe(CLOSE.shed);
    expect([a, b, anon2, c].every((s) => s.socket.closed === null)).toBe(true);
    expect(r.size).toBe(4);
    // With no anonymous left, the oldest of all goes.
    open('u4', '6.6.6.6');
    expect(anon2.socket.closed).toBe(CLOSE.shed);
    open('u5', '7.7.7.7');
    expect(a.socket.closed).toBe(CLOSE.shed);
  });

  it('refuses past the address cap, replaces an account’s oldest, limits messages, closes idle ones', () => {
    let t = 0;
    const r = new SocketRegistry({ ...caps, maxTotal: 100 }, () => t);
    const sockets = Array.from({ length: 4 }, () => fakeSocket());
    const clients = sockets.map((socket) =>
      r.admit({ socket, userId: null, isStaff: false, address: 'x' }),
    );
    expect(clients[3]).toBeNull();
    expect(sockets[3]!.closed).toBe(CLOSE.tryAgainLater);

    const mine = Array.from({ length: 3 }, () => fakeSocket());
    const mineClients = mine.map((socket) =>
      r.admit({ socket, userId: 'u', isStaff: false, address: `a${Math.random()}` }),
    );
    expect(mine[0]!.closed).toBe(CLOSE.replaced);
    expect(mine[2]!.closed).toBeNull();

    const flooder = mineClients[2]!;
    expect([1, 2, 3].map(() => r.onMessage(flooder))).toEqual([true, true, true]);
    expect(r.onMessage(flooder)).toBe(false);
    expect(mine[2]!.closed).toBe(CLOSE.policy);

    t += 6000;
    r.onMessage(mineClients[1]!);
    expect(r.sweepIdle()).toBe(3);
    expect(mine[1]!.closed).toBeNull();
    expect(r.size).toBe(1);
  });
  it('closes a socket by its id and reports each removal once', () => {
    const removed: string[] = [];
    const r = new SocketRegistry(caps, Date.now, (c) => removed.push(c.id));
    const sockets = [fakeSocket(), fakeSocket()];
    const [one, two] = sockets.map((socket) =>
      r.admit({ socket, userId: 'u', isStaff: false, address: 'y' }),
    );
    expect(one!.id).not.toBe(two!.id);
    expect(r.closeById(one!.id, CLOSE.replaced, 'replaced')).toBe(true);
    expect(sockets[0]!.closed).toBe(CLOSE.replaced);
    expect(r.closeById(one!.id, CLOSE.replaced, 'replaced')).toBe(false);
    // The socket's own close event comes later: already forgotten.
    r.remove(one!);
    r.remove(two!);
    expect(removed).toEqual([one!.id, two!.id]);
    expect(r.size).toBe(0);
  });
});

describe('window counter', () => {
  it('counts per key per window and forgets the oldest keys past its bound', () => {
    let t = 0;
    const counter = createWindowCounter({ max: 2, windowMs: 1000, maxKeys: 3, now: () => t });
    expect([1, 2, 3].map(() => counter.hit('a').allowed)).toEqual([true, true, false]);
    expect(counter.hit('a').retryAfterMs).toBe(1000);
    t = 1000;
    expect(counter.hit('a').allowed).toBe(true);
    for (const k of ['b', 'c', 'd', 'e']) counter.hit(k);
    expect(counter.size()).toBe(3);
  });
});
