import { act } from '@testing-library/react';
import { vi } from 'vitest';

/**
 * Replaces WebSocket with a fake that the "server" accepts at once, so the app's live connection
 * is 'open'; `emit` delivers a message to the app as /api/ws would. Undo with
 * vi.unstubAllGlobals().
 */
export function installLiveSocket() {
  const sockets: FakeLiveSocket[] = [];

  class FakeLiveSocket {
    static readonly CONNECTING = 0;
    static readonly OPEN = 1;
    static readonly CLOSED = 3;
    readyState = FakeLiveSocket.CONNECTING;
    onopen: (() => void) | null = null;
    onmessage: ((event: { data: string }) => void) | null = null;
    onclose: (() => void) | null = null;

    constructor(readonly url: string) {
      sockets.push(this);
      setTimeout(() => {
        if (this.readyState !== FakeLiveSocket.CONNECTING) return;
        this.readyState = FakeLiveSocket.OPEN;
        this.onopen?.();
      }, 0);
    }

    send() {}

    close() {
      this.readyState = FakeLiveSocket.CLOSED;
      this.onclose?.();
    }
  }

  vi.stubGlobal('WebSocket', FakeLiveSocket);

  return {
    /** Sends `message` (e.g. { type: 'room', roomId }) on the app's current connection. */
    emit(message: Record<string, unknown>) {
      const socket = sockets.at(-1);
      if (!socket) throw new Error('The app opened no live connection.');
      act(() => {
        socket.onmessage?.({ data: JSON.stringify(message) });
      });
    },
  };
}
