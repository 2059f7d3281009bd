import { roomTypeLabel } from '@sorteio/shared/format';
import { formatBRL } from '@sorteio/shared/money-format';
import type { Room } from '@sorteio/shared/rooms';
import { AppLink } from '@/components/app-link';
import { countOf } from '@/lib/plural';

/** What the landing shows of a room (a subset of roomSchema, checked without zod on the light page). */
export type LandingRoom = Pick<
  Room,
  'id' | 'tipoSala' | 'participantesAtual' | 'maxParticipantes' | 'valorEntrada' | 'premioLiquido'
>;

/** Rooms shown on the landing; the rest are on /salas. */
const SHOWN = 3;

/**
 * Open rooms on the landing page, each linking to its own page. Drawn by the light
 * landing too: no router, no query library, no icons beyond the page's own (docs/decisions/016).
 * Nothing is shown while loading, on failure or when no room is open.
 */
export function OpenRoomsView({ rooms }: { rooms: LandingRoom[] | undefined }) {
  if (!rooms || rooms.length === 0) return null;
  return (
    <section aria-labelledby="salas-titulo" className="mx-auto w-full max-w-6xl px-4 sm:px-6">
      <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="salas-titulo" className="text-2xl font-bold tracking-tight">
          Salas abertas agora
        </h2>
        <AppLink
          to="/salas"
          className="text-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          Ver todas as salas
        </AppLink>
      </div>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {rooms.slice(0, SHOWN).map((room) => {
          const percent =
            room.maxParticipantes > 0
              ? Math.min(100, Math.floor((room.participantesAtual / room.maxParticipantes) * 100))
              : 0;
          return (
            <li
              key={room.id}
              className="flex flex-col gap-3 rounded-xl border bg-card p-5 shadow-sm"
            >
              <h3 className="text-lg font-semibold">
                <AppLink to={`/salas/${room.id}`} className="underline-offset-4 hover:underline">
                  Sala {roomTypeLabel(room.tipoSala)}
                </AppLink>
              </h3>
              <p className="flex flex-wrap justify-between gap-2 text-sm">
                <span>
                  Entrada <strong className="tabular-nums">{formatBRL(room.valorEntrada)}</strong>
                </span>
                <span>
                  Prêmio{' '}
                  <strong className="text-success tabular-nums">
                    {formatBRL(room.premioLiquido)}
                  </strong>
                </span>
              </p>
              <div
                role="progressbar"
                aria-label={`Vagas vendidas da sala ${roomTypeLabel(room.tipoSala)}`}
                aria-valuemin={0}
                aria-valuemax={room.maxParticipantes}
                aria-valuenow={room.participantesAtual}
                className="h-2 w-full overflow-hidden rounded-full bg-muted"
              >
                <div className="h-full rounded-full bg-primary" style={{ width: `${percent}%` }} />
              </div>
              <p className="text-xs text-muted-foreground tabular-nums">
                {room.participantesAtual} de{' '}
                {countOf(room.maxParticipantes, 'vaga vendida', 'vagas vendidas')}
              </p>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
