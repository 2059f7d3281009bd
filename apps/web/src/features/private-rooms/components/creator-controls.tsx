import type { PrivateRoomDetail } from '@sorteio/shared';
import { Dices, Lock } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useNotifications } from '@/lib/notifications/use-notifications';
import { useCloseRoom } from '../api/close-room';
import { useDrawRoom } from '../api/draw-room';

/** The server draws once the room is closed and at least two seats are paid. */
export const MIN_PAID_TO_DRAW = 2;

/** Closing and drawing, for the room's creator. */
export function CreatorControls({ detail }: { detail: PrivateRoomDetail }) {
  const { notify } = useNotifications();
  const close = useCloseRoom();
  const draw = useDrawRoom();
  const roomId = detail.room.id;
  const closed = detail.room.sala.status === 'fechada';
  const paid = detail.participants.filter((p) => p.paid).length;
  const canDraw = closed && paid >= MIN_PAID_TO_DRAW && detail.drawId === null;

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">
          <h2>Controles do Criador</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3 text-sm">
        <p className="text-muted-foreground">
          {paid} participante(s) com pagamento confirmado. O sorteio precisa de pelo menos{' '}
          {MIN_PAID_TO_DRAW} pagos e da sala fechada.
        </p>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            disabled={closed || close.isPending}
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
          <Button
            disabled={!canDraw || draw.isPending}
            onClick={() => {
              draw.mutate(roomId, {
                onSuccess: (result) => {
                  notify(
                    result.result === 'drawn'
                      ? { type: 'success', title: 'Sorteio realizado!' }
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
      </CardContent>
    </Card>
  );
}
