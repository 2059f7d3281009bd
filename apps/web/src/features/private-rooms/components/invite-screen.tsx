import { formatDecimalBRL } from '@sorteio/shared';
import { MailOpen, SearchX } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { PageSpinner } from '@/components/page-spinner';
import { StatusScreen } from '@/components/status-screen';
import { Button } from '@/components/ui/button';
import { isApiError } from '@/lib/api-client';
import { useNotifications } from '@/lib/notifications/use-notifications';
import { useInvite } from '../api/get-invite';
import { joinErrorToast, useJoinPrivateRoom } from '../api/join-private-room';

/** /private-room-invite/:inviteCode (spec 001 section 2, Invite screen). */
export function InviteScreen({ inviteCode }: { inviteCode: string }) {
  const invite = useInvite(inviteCode);
  const join = useJoinPrivateRoom();
  const navigate = useNavigate();
  const { notify } = useNotifications();

  if (invite.isPending) return <PageSpinner />;
  if (invite.isError) {
    return (
      <StatusScreen
        icon={SearchX}
        title="Convite inválido ou sala não encontrada."
        actions={
          <Button asChild variant="outline">
            <Link to="/private-rooms">Voltar</Link>
          </Button>
        }
      />
    );
  }
  const room = invite.data;
  return (
    <StatusScreen
      icon={MailOpen}
      title="Entrar na Sala Privada"
      description={
        <>
          <p>Você foi convidado para a sala: {room.roomName}</p>
          <p>Valor de entrada: R$ {formatDecimalBRL(room.entryValue)}</p>
        </>
      }
      actions={
        <>
          <Button
            disabled={join.isPending}
            onClick={() => {
              join.mutate(
                { by: 'invite', inviteCode },
                {
                  onSuccess: () => {
                    notify({ type: 'success', title: 'Sucesso!', message: 'Você entrou na sala!' });
                    void navigate(`/private-room/${room.id}`);
                  },
                  onError: (error) => {
                    notify(joinErrorToast(error));
                    // Already in (back from the sign-up, or the creator's own link): open the room.
                    if (isApiError(error) && error.reason === 'ALREADY_JOINED')
                      void navigate(`/private-room/${room.id}`);
                  },
                },
              );
            }}
          >
            {join.isPending ? 'Entrando...' : 'Entrar na Sala'}
          </Button>
          <Button asChild variant="outline">
            <Link to="/private-rooms">Cancelar</Link>
          </Button>
        </>
      }
    />
  );
}
