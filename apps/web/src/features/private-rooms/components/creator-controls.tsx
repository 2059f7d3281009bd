import type { PrivateRoomDetail } from '@sorteio/shared';
import { CircleCheck, Dices, Lock, Undo2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useNotifications } from '@/lib/notifications/use-notifications';
import { countOf } from '@/lib/plural';
import { useCloseRoom } from '../api/close-room';
import { useDrawRoom } from '../api/draw-room';

/** The server draws once the room is closed and at least two seats are paid. */
export const MIN_PAID_TO_DRAW = 2;

/** Where the room stands, as the creator's controls see it. */
export type CreatorStage = 'open' | 'closed' | 'drawing' | 'drawn' | 'cancelled';

export function creatorStage(detail: PrivateRoomDetail): CreatorStage {
  if (detail.drawId !== null || detail.draw !== null) return 'drawn';
  switch (detail.room.sala.status) {
    case 'aberta':
      return 'open';
    case 'fechada':
      return 'closed';
    case 'sorteando':
      return 'drawing';
    case 'cancelada':
      return 'cancelled';
    default:
      return 'drawn';
  }
}

/**
 * Closing and drawing, for the room's creator. Each control is offered only while it can act:
 * 'Fechar sala' while the room is open, 'Sortear agora' until the draw; afterwards a line says
 * what happened (the result itself is shown above).
 */
export function CreatorControls({ detail }: { detail: PrivateRoomDetail }) {
  const { notify } = useNotifications();
  const close = useCloseRoom();
  const draw = useDrawRoom();
  const roomId = detail.room.id;
  const stage = creatorStage(detail);
  const paid = detail.participants.filter((p) => p.paid).length;
  const canDraw = stage === 'closed' && paid >= MIN_PAID_TO_DRAW;

  let body;
  if (stage === 'drawn') {
    body = (
      <p className="flex items-center gap-2 font-medium text-success">
        <CircleCheck aria-hidden="true" className="size-4" />
        Sorteio realizado. A sala está encerrada.
      </p>
    );
  } else if (stage === 'cancelled') {
    body = (
      <p className="flex items-center gap-2 text-muted-foreground">
        <Undo2 aria-hidden="true" className="size-4" />
        Sala cancelada: as entradas foram reembolsadas no saldo.
      </p>
    );
  } else if (stage === 'drawing') {
    body = <p className="font-medium">Sala completa: o sorteio está em andamento.</p>;
  } else {
    body = (
      <>
        <p className="text-muted-foreground">
          {countOf(paid, 'participante', 'participantes')} com pagamento confirmado. O sorteio
          precisa de pelo menos {MIN_PAID_TO_DRAW} pagos e da sala fechada.
        </p>
        {stage === 'closed' && (
          <p className="flex items-center gap-2 font-medium">
            <Lock aria-hidden="true" className="size-4" />
            Sala fechada para novas entradas.
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          {stage === 'open' && (
            <Button
              variant="outline"
              disabled={close.isPending}
              onClick={() => {
                close.mutate(roomId, {
                  onSuccess: () => {
                    notify({ type: 'success', title: 'Sala fechada para novas entradas' });
                  },
                  onError: (error) => {
                    notify({ type: 'error', title: 'Erro', message: error.message });
                  },
                });
              }}
            >
              <Lock aria-hidden="true" />
              Fechar sala para novas entradas
            </Button>
          )}
          <Button
            disabled={!canDraw || draw.isPending}
            onClick={() => {
              draw.mutate(roomId, {
                onSuccess: (result) => {
                  notify(
                    result.result === 'drawn'
                      ? { type: 'success', title: 'Sorteio realizado!' }
                      : result.result === 'pending'
                        ? {
                            type: 'info',
                            title: 'Aguardando o beacon público',
                            message: result.motivo ?? undefined,
                          }
                        : { type: 'warning', title: 'Sorteio cancelado' },
                  );
                },
                onError: (error) => {
                  notify({ type: 'error', title: 'Erro', message: error.message });
                },
              });
            }}
          >
            <Dices aria-hidden="true" />
            {draw.isPending ? 'Sorteando...' : 'Sortear agora'}
          </Button>
        </div>
      </>
    );
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">
          <h2>Controles do criador</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3 text-sm">{body}</CardContent>
    </Card>
  );
}
