import type { Room } from '@sorteio/shared/rooms';
import { filledPercent, freeSeats, isNearlyFull } from '../lib/seats';
import { countOf } from '@/lib/plural';

/** Seats sold as a progress bar, with the count in words and 'Últimas vagas' near the end. */
export function SeatsProgress({ room, label }: { room: Room; label: string }) {
  const percent = filledPercent(room);
  const free = freeSeats(room);
  const nearlyFull = isNearlyFull(room);
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
        <span className="font-medium tabular-nums">
          {room.participantesAtual} de{' '}
          {countOf(room.maxParticipantes, 'vaga vendida', 'vagas vendidas')}
        </span>
        {nearlyFull ? (
          <span className="rounded-full bg-warning/15 px-2 py-0.5 text-xs font-semibold text-warning">
            Últimas vagas!
          </span>
        ) : (
          room.status === 'aberta' && (
            <span className="text-xs text-muted-foreground tabular-nums">
              {countOf(free, 'vaga restante', 'vagas restantes')}
            </span>
          )
        )}
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={room.maxParticipantes}
        aria-valuenow={room.participantesAtual}
        aria-valuetext={`${room.participantesAtual} de ${countOf(room.maxParticipantes, 'vaga vendida', 'vagas vendidas')}`}
        className="h-3 w-full overflow-hidden rounded-full bg-muted"
      >
        <div
          className={
            nearlyFull ? 'h-full rounded-full bg-warning' : 'h-full rounded-full bg-primary'
          }
          style={{ width: `${percent}%` }}
        />
      </div>
    </div>
  );
}
