import { Button } from '@/components/ui/button';
import { useNotifications } from '@/lib/notifications/use-notifications';
import { joinErrorToast, useJoinPrivateRoom } from '../api/join-private-room';

/** Joins the room by its code, with the spec's toasts; `onJoined` runs after the success toast. */
export function JoinRoomButton({
  roomCode,
  size,
  className,
  onJoined,
}: {
  roomCode: string;
  size: 'sm' | 'lg';
  className: string;
  onJoined?: () => void;
}) {
  const { notify } = useNotifications();
  const join = useJoinPrivateRoom();
  return (
    <Button
      size={size}
      className={className}
      disabled={join.isPending}
      onClick={() => {
        join.mutate(
          { by: 'code', code: roomCode },
          {
            onSuccess: (participation) => {
              notify({
                type: 'success',
                title: '✅ Entrou na sala!',
                message: `Seu número da sorte: ${participation.numeroSorte}`,
              });
              onJoined?.();
            },
            onError: (error) => {
              notify(joinErrorToast(error));
            },
          },
        );
      }}
    >
      {join.isPending ? 'Entrando...' : 'Participar da Sala'}
    </Button>
  );
}
