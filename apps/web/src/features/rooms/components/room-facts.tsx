import { roomTypeLabel } from '@sorteio/shared/format';
import { formatBRL } from '@sorteio/shared/money-format';
import { platformFeeLabel } from '@sorteio/shared/room-fee';
import type { Room } from '@sorteio/shared/rooms';
import { useLiveStatus } from '@/lib/realtime/live-provider';
import { cn } from '@/lib/utils';
import { countOf } from '@/lib/plural';

/** A small 'Ao vivo' mark: the count below follows the live connection, not only the polling. */
function LiveMark() {
  return (
    <span className="inline-flex items-center gap-1 text-[0.7rem] font-medium text-success">
      <span aria-hidden="true" className="relative flex size-2">
        <span className="absolute inline-flex size-full animate-ping rounded-full bg-success opacity-60 motion-reduce:animate-none" />
        <span className="relative inline-flex size-2 rounded-full bg-success" />
      </span>
      Ao vivo
    </span>
  );
}

function ParticipantsCount({ room, live }: { room: Room; live: boolean }) {
  const status = useLiveStatus();
  const count = `${room.participantesAtual}/${room.maxParticipantes}`;
  if (!live) return <>{count}</>;
  return (
    <span className="flex flex-wrap items-center gap-x-2 gap-y-0.5">
      {/* Polite: a screen reader hears the new count when a seat is taken or freed. */}
      <span aria-live="polite" aria-atomic="true">
        {count}
      </span>
      {/* Only a room still taking entries is 'Ao vivo'; a full, drawn or cancelled one is not. */}
      {status === 'open' && room.status === 'aberta' && <LiveMark />}
    </span>
  );
}

/**
 * Participants current/max, entry value, platform fee (its percentage and amount) and prize: what
 * every room view shows before paying (spec 000 s2; the fee as the private room payment card of
 * spec 001 labels it). Fee and prize are the room's own figures from the API, split by the same
 * shared function the draw posts to the ledger (splitPool), so the screen and the ledger agree.
 * `live` announces count changes and marks an open room 'Ao vivo' while the live connection is up.
 */
export function RoomFacts({
  room,
  className,
  live = false,
  showBar = true,
}: {
  room: Room;
  className?: string;
  live?: boolean;
  /** False where the view already shows the seats as its own progress bar (SeatsProgress). */
  showBar?: boolean;
}) {
  const filled = room.maxParticipantes > 0 ? room.participantesAtual / room.maxParticipantes : 0;
  return (
    <div className={cn('flex flex-col gap-3', className)}>
      {/* Two by two (seats and entry, then fee and prize, so the prize sits beside what is taken
          from the pool); a long amount (R$ 100.000.000,00) breaks inside its cell instead of
          pushing the card past a phone's screen. */}
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm [&_dd]:[overflow-wrap:anywhere] [&>div]:min-w-0">
        <div className="flex flex-col gap-0.5">
          <dt className="text-xs text-muted-foreground">Participantes</dt>
          <dd className="font-semibold tabular-nums">
            <ParticipantsCount room={room} live={live} />
          </dd>
        </div>
        <div className="flex flex-col gap-0.5">
          <dt className="text-xs text-muted-foreground">Entrada</dt>
          <dd className="font-semibold tabular-nums">{formatBRL(room.valorEntrada)}</dd>
        </div>
        <div className="flex flex-col gap-0.5">
          <dt className="text-xs text-muted-foreground">
            {platformFeeLabel(room.taxaPersonalizadaBp)}
          </dt>
          <dd className="font-semibold tabular-nums">{formatBRL(room.taxaPlataforma)}</dd>
        </div>
        <div className="flex flex-col gap-0.5">
          <dt className="text-xs text-muted-foreground">Prêmio</dt>
          <dd className="font-semibold text-success tabular-nums">
            {formatBRL(room.premioLiquido)}
          </dd>
        </div>
      </dl>
      {showBar && (
        <div
          className="h-1.5 w-full overflow-hidden rounded-full bg-muted"
          aria-hidden="true"
          title={`${room.participantesAtual} de ${countOf(room.maxParticipantes, 'vaga ocupada', 'vagas ocupadas')}`}
        >
          <div
            className="h-full rounded-full bg-primary"
            style={{ width: `${Math.min(100, Math.round(filled * 100))}%` }}
          />
        </div>
      )}
    </div>
  );
}

/** "Sala Ouro", "Sala Vip Ultra": the type with underscores as spaces (spec 000 section 2). */
export function RoomName({ room }: { room: Pick<Room, 'tipoSala'> }) {
  return <span className="capitalize">Sala {roomTypeLabel(room.tipoSala)}</span>;
}
