/**
 * Live updates: one WebSocket to /api/ws per tab, reconnecting by itself. Each message is a hint
 * that some data changed; the matching queries are refetched. The screens keep their polling as
 * the fallback, so a closed socket only makes updates slower.
 */
import type { QueryClient } from '@tanstack/react-query';

export type LiveStatus = 'connecting' | 'open' | 'closed';

export interface LiveMessage {
  type: string;
  roomId?: string;
  [field: string]: unknown;
}

/** Which query families each message invalidates (the first element of each feature's keys). */
const invalidations: Record<string, string[][]> = {
  room: [['rooms'], ['dashboard'], ['landing']],
  draw: [['draws'], ['dashboard'], ['history'], ['rooms'], ['stats'], ['landing']],
  payment: [['pix'], ['payments'], ['wallet'], ['dashboard'], ['history'], ['rooms'], ['stats']],
  payout: [['wallet'], ['dashboard'], ['draws'], ['history']],
  chat: [['private-rooms']],
  // A private room's seats or draw (its members and staff only; roomId is the private room's id).
  'private-room': [['private-rooms'], ['dashboard'], ['history'], ['wallet'], ['stats']],
  // A room the player is in filled, was drawn or paid the prize (shown by PlayerNotices).
  notice: [['dashboard'], ['history'], ['wallet'], ['draws'], ['private-rooms']],
};

export function liveUrl(location: Pick<Location, 'protocol' | 'host'>): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api/ws`;
}

export interface LiveConnection {
  close(): void;
  status(): LiveStatus;
}

export function connectLiveUpdates(
  queryClient: QueryClient,
  options: {
    url?: string;
    onStatus?: (status: LiveStatus) => void;
    onMessage?: (message: LiveMessage) => void;
    createSocket?: (url: string) => WebSocket;
  } = {},
): LiveConnection {
  const url = options.url ?? liveUrl(window.location);
  const create = options.createSocket ?? ((u: string) => new WebSocket(u));
  let socket: WebSocket | null = null;
  let attempt = 0;
  let connectedBefore = false;
  let stopped = false;
  let current: LiveStatus = 'connecting';
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let pingTimer: ReturnType<typeof setInterval> | undefined;

  const setStatus = (status: LiveStatus) => {
    current = status;
    options.onStatus?.(status);
  };

  const open = () => {
    if (stopped) return;
    setStatus('connecting');
    socket = create(url);
    socket.onopen = () => {
      attempt = 0;
      setStatus('open');
      // After a reconnect anything may have changed meanwhile: refetch what is on screen. Not on
      // the first connection: it is made as the session starts, when what is on screen has just
      // been read (refetching it all doubled the first page's requests and renders).
      if (connectedBefore) void queryClient.invalidateQueries({ type: 'active' });
      connectedBefore = true;
      pingTimer = setInterval(
        () => socket?.readyState === WebSocket.OPEN && socket.send('ping'),
        25_000,
      );
    };
    socket.onmessage = (event: MessageEvent<string>) => {
      let message: LiveMessage;
      try {
        message = JSON.parse(event.data) as LiveMessage;
      } catch {
        return;
      }
      options.onMessage?.(message);
      for (const queryKey of invalidations[message.type] ?? [])
        void queryClient.invalidateQueries({ queryKey });
    };
    socket.onclose = () => {
      clearInterval(pingTimer);
      setStatus('closed');
      if (stopped) return;
      // Backoff 1 s, 2 s, 4 s ... up to 30 s, with jitter so many tabs do not reconnect at once.
      const delay = Math.min(30_000, 1000 * 2 ** attempt) * (0.75 + Math.random() * 0.5);
      attempt += 1;
      retryTimer = setTimeout(open, delay);
    };
  };
  open();

  return {
    close() {
      stopped = true;
      clearTimeout(retryTimer);
      clearInterval(pingTimer);
      socket?.close();
    },
    status: () => current,
  };
}
