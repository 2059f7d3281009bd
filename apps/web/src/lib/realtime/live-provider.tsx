import { useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useRef,
  useState,
} from 'react';
import { useAuth } from '@/lib/auth/use-auth';
import { type LiveMessage, type LiveStatus, connectLiveUpdates } from './live-updates';

type Listener = (message: LiveMessage) => void;

const LiveStatusContext = createContext<LiveStatus>('closed');
const LiveSubscribeContext = createContext<(listener: Listener) => () => void>(() => () => {});

/** Keeps the tab's live connection; it reconnects when the signed-in user changes. */
export function LiveUpdatesProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const [status, setStatus] = useState<LiveStatus>('connecting');
  const listeners = useRef(new Set<Listener>());
  const userId = user?.id ?? null;
  useEffect(() => {
    if (typeof WebSocket === 'undefined') return undefined;
    const connection = connectLiveUpdates(queryClient, {
      onStatus: setStatus,
      onMessage: (message) => {
        for (const listener of listeners.current) listener(message);
      },
    });
    return () => connection.close();
  }, [queryClient, userId]);
  const subscribe = useCallback((listener: Listener) => {
    listeners.current.add(listener);
    return () => {
      listeners.current.delete(listener);
    };
  }, []);
  return (
    <LiveSubscribeContext.Provider value={subscribe}>
      <LiveStatusContext.Provider value={status}>{children}</LiveStatusContext.Provider>
    </LiveSubscribeContext.Provider>
  );
}

/** 'open' while the live connection is up (the chat shows 'Conectado' / 'Desconectado'). */
export function useLiveStatus(): LiveStatus {
  return useContext(LiveStatusContext);
}

/** Runs `listener` for every message of the tab's live connection while the caller is mounted. */
export function useLiveMessages(listener: Listener): void {
  const subscribe = useContext(LiveSubscribeContext);
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  useEffect(() => subscribe((message) => latest.current(message)), [subscribe]);
}
