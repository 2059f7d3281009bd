import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectLiveUpdates, liveUrl } from './live-updates';

class FakeSocket {
  static instances: FakeSocket[] = [];
  readyState = 0;
  sent: string[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.instances.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.readyState = 3;
    this.onclose?.();
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
}

describe('live updates', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeSocket.instances = [];
  });
  afterEach(() => vi.useRealTimers());

  it('builds the socket URL from the page address', () => {
    expect(liveUrl({ protocol: 'https:', host: 'sorteio.example' })).toBe(
      'wss://sorteio.example/api/ws',
    );
    expect(liveUrl({ protocol: 'http:', host: 'localhost:3000' })).toBe(
      'ws://localhost:3000/api/ws',
    );
  });

  it('refetches the queries a message concerns and reconnects by itself after a drop', () => {
    const client = new QueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    const statuses: string[] = [];
    const conn = connectLiveUpdates(client, {
      url: 'ws://x/api/ws',
      createSocket: (u) => new FakeSocket(u) as unknown as WebSocket,
      onStatus: (s) => statuses.push(s),
    });
    FakeSocket.instances[0]!.open();
    invalidate.mockClear();
    FakeSocket.instances[0]!.onmessage?.({ data: JSON.stringify({ type: 'room', roomId: 'r1' }) });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['rooms'] });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['dashboard'] });
    FakeSocket.instances[0]!.onmessage?.({ data: 'not json' });
    FakeSocket.instances[0]!.close();
    expect(conn.status()).toBe('closed');
    vi.advanceTimersByTime(1500);
    expect(FakeSocket.instances).toHaveLength(2);
    FakeSocket.instances[1]!.open();
    expect(statuses).toEqual(['connecting', 'open', 'closed', 'connecting', 'open']);
    conn.close();
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.instances).toHaveLength(2);
  });

  it('refetches what is on screen after a reconnect, not on the first connection', () => {
    const client = new QueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    const conn = connectLiveUpdates(client, {
      url: 'ws://x/api/ws',
      createSocket: (u) => new FakeSocket(u) as unknown as WebSocket,
    });
    FakeSocket.instances[0]!.open();
    expect(invalidate).not.toHaveBeenCalled();
    FakeSocket.instances[0]!.close();
    vi.advanceTimersByTime(1500);
    FakeSocket.instances[1]!.open();
    expect(invalidate).toHaveBeenCalledWith({ type: 'active' });
    conn.close();
  });
});
