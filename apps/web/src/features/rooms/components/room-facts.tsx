import { formatBRL, roomTypeLabel, type Room } from '@sorteio/shared';
import { cn } from '@/lib/utils';

/** Participants current/max, entry value and prize: what every room view shows (spec 000 s2). */
export function RoomFacts({ room, className }: { room: Room; className?: string }) {
  const filled = room.maxParticipantes > 0 ? room.participantesAtual / room.maxParticipantes : 0;
  return (
    <div className={cn('flex flex-col gap-3', className)}>
      <dl className="grid grid-cols-3 gap-2 text-sm">
        <div className="flex flex-col gap-0.5">
          <dt className="text-xs text-muted-foreground">Participantes</dt>
          <dd className="font-semibold tabular-nums">
            {room.participantesAtual}/{room.maxParticipantes}
          </dd>
        </div>
        <div className="flex flex-col gap-0.5">
          <dt className="text-xs text-muted-foreground">Entrada</dt>
          <dd className="font-semibold tabular-nums">{formatBRL(room.valorEntrada)}</dd>
        </div>
        <div className="flex flex-col gap-0.5">
          <dt className="text-xs text-muted-foreground">Prêmio</dt>
          <dd className="font-semibold text-success tabular-nums">
            {formatBRL(room.premioLiquido)}
          </dd>
        </div>
      </dl>
      <div
        className="h-1.5 w-full overflow-hidden rounded-full bg-muted"
        aria-hidden="true"
        title={`${room.participantesAtual} de ${room.maxParticipantes} vagas ocupadas`}
      >
        <div
          className="h-full rounded-full bg-primary"
          style={{ width: `${Math.min(100, Math.round(filled * 100))}%` }}
        />
      </div>
    </div>
  );
}

/** "Sala Ouro", "Sala Vip Ultra": the type with underscores as spaces (spec 000 section 2). */
export function RoomName({ room }: { room: Pick<Room, 'tipoSala'> }) {
  return <span className="capitalize">Sala {roomTypeLabel(room.tipoSala)}</span>;
}
