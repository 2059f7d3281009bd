import { Ticket } from 'lucide-react';
import type { ReactNode } from 'react';
import { EmptyState } from '@/components/empty-state';

/** No room open right now (the player's and the public list). */
export function NoRooms({ children }: { children?: ReactNode }) {
  return (
    <EmptyState
      icon={Ticket}
      title="Nenhuma sala disponível"
      description="Novas salas abrem com frequência. Volte em instantes."
    >
      {children}
    </EmptyState>
  );
}
