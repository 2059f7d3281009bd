import { useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';
import { useAuth } from '@/lib/auth/use-auth';
import { type LiveStatus, connectLiveUpdates } from './live-updates';

const LiveStatusContext = createContext<LiveStatus>('closed');

/** Keeps the tab's live connection; it reconnects when the signed-in user changes. */
export function LiveUpdatesProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const [status, setStatus] = useState<LiveStatus>('connecting');
  const userId = user?.id ?? null;
  useEffect(() => {
    if (typeof WebSocket === 'undefined') return undefined;
    const connection = connectLiveUpdates(queryClient, { onStatus: setStatus });
    return () => connection.close();
  }, [queryClient, userId]);
  return <LiveStatusContext.Provider value={status}>{children}</LiveStatusContext.Provider>;
}

/** 'open' while the live connection is up (the chat shows 'Conectado' / 'Desconectado'). */
export function useLiveStatus(): LiveStatus {
  return useContext(LiveStatusContext);
}
