import { formatBRL, formatDecimalBRL, platformFeeLabel, roomNameLabel } from '@sorteio/shared';
import { MailOpen, SearchX, ShieldAlert, UserPlus, Users } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { PageSpinner } from '@/components/page-spinner';
import { StatusScreen } from '@/components/status-screen';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { isApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/use-auth';
import { useNotifications } from '@/lib/notifications/use-notifications';
import { withReturnPath } from '@/lib/return-path';
import { type PrivateInvite, useInvite } from '../api/get-invite';
import { joinErrorToast, useJoinPrivateRoom } from '../api/join-private-room';
import { Fact } from './fact';

/** The room as the invite shows it, to a visitor and to a signed-in player alike. */
function InviteFacts({ invite }: { invite: PrivateInvite }) {
  return (
    <dl className="grid grid-cols-2 gap-4 text-sm sm:grid-cols-3">
      <Fact
        icon={<Users aria-hidden="true" className="size-3.5" />}
        label="Vagas ocupadas"
        value={`${invite.currentParticipants}/${invite.maxParticipants}`}
      />
      <Fact label={platformFeeLabel(invite.feeBp)} value={formatBRL(invite.platformFee)} />
      <Fact label="Prêmio Total" value={formatBRL(invite.prizeTotal)} />
    </dl>
  );
}

/**
 * What stops a signed-in friend from taking the seat, and the one step that solves it: a panel
 * that stays on the page with its button, not a toast that fades.
 */
export function VerificationStep() {
  return (
    <Alert variant="warning" role="region" aria-labelledby="invite-verification-title">
      <ShieldAlert aria-hidden="true" />
      <AlertTitle id="invite-verification-title">
        Falta verificar sua identidade para entrar na sala
      </AlertTitle>
      <AlertDescription className="flex flex-col gap-3">
        <p>
          Para participar dos sorteios, complete seu perfil (nome, CPF e data de nascimento: só
          maiores de 18 anos) e envie uma foto do documento e uma selfie. Depois da aprovação, volte
          a este convite para pegar sua vaga.
        </p>
        <Button asChild className="w-fit">
          <Link to="/profile?tab=verificacao">Enviar documento</Link>
        </Button>
      </AlertDescription>
    </Alert>
  );
}

function VisitorActions({ inviteCode }: { inviteCode: string }) {
  // Sign-up, the confirmation e-mail and the sign-in all carry the invite back here.
  const here = `/private-room-invite/${inviteCode}`;
  return (
    <div className="flex w-full flex-col gap-3 sm:flex-row sm:items-center">
      <Button asChild size="lg" className="w-full sm:w-auto">
        <Link to={withReturnPath('/register', here)}>
          <UserPlus aria-hidden="true" />
          Criar conta e entrar
        </Link>
      </Button>
      <Button asChild size="lg" variant="outline" className="w-full sm:w-auto">
        <Link to={withReturnPath('/login', here)}>Já tenho conta</Link>
      </Button>
    </div>
  );
}

function PlayerActions({ invite, inviteCode }: { invite: PrivateInvite; inviteCode: string }) {
  const join = useJoinPrivateRoom();
  const navigate = useNavigate();
  const { notify } = useNotifications();
  const [needsVerification, setNeedsVerification] = useState(false);
  const roomPath = `/private-room/${invite.id}`;

  if (invite.alreadyIn) {
    return (
      <div className="flex w-full flex-col gap-3">
        <p className="text-sm text-muted-foreground">Você já está participando desta sala.</p>
        <Button asChild className="w-fit">
          <Link to={roomPath}>Ver a sala</Link>
        </Button>
      </div>
    );
  }
  return (
    <div className="flex w-full flex-col gap-4">
      {needsVerification && <VerificationStep />}
      {!invite.open && (
        <p className="text-sm text-muted-foreground">Esta sala não está aceitando novas vagas.</p>
      )}
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button
          disabled={join.isPending || !invite.open}
          onClick={() => {
            join.mutate(
              { by: 'invite', inviteCode },
              {
                onSuccess: () => {
                  notify({ type: 'success', title: 'Sucesso!', message: 'Você entrou na sala!' });
                  void navigate(roomPath);
                },
                onError: (error) => {
                  // The next step is on the page, with its button: no toast for it.
                  if (isApiError(error) && error.reason === 'NOT_VERIFIED') {
                    setNeedsVerification(true);
                    return;
                  }
                  notify(joinErrorToast(error));
                  // Already in (back from the sign-up, or the creator's own link): open the room.
                  if (isApiError(error) && error.reason === 'ALREADY_JOINED')
                    void navigate(roomPath);
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
      </div>
    </div>
  );
}

/**
 * /private-room-invite/:inviteCode (spec 001 section 2, Invite screen). Public: the link is the
 * invitation, so a visitor sees the room and who invited them before creating an account
 * (docs/decisions/015-spec-differences.md).
 */
export function InviteScreen({ inviteCode }: { inviteCode: string }) {
  const invite = useInvite(inviteCode);
  const { user, loading } = useAuth();

  if (invite.isPending || loading) return <PageSpinner />;
  if (invite.isError) {
    return (
      <StatusScreen
        icon={SearchX}
        title="Convite inválido ou sala não encontrada."
        actions={
          <Button asChild variant="outline">
            <Link to={user ? '/private-rooms' : '/'}>Voltar</Link>
          </Button>
        }
      />
    );
  }
  const room = invite.data;
  return (
    <div className="mx-auto flex w-full max-w-xl flex-col gap-6 px-4 py-8 sm:px-6 sm:py-12">
      <Card>
        <CardHeader className="gap-3">
          <div className="flex items-center gap-3">
            <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-secondary text-secondary-foreground">
              <MailOpen aria-hidden="true" className="size-5" />
            </span>
            <CardTitle className="text-xl sm:text-2xl">
              <h1>Entrar na Sala Privada</h1>
            </CardTitle>
          </div>
          <p className="text-sm text-muted-foreground">
            <span className="font-medium text-foreground">{room.invitedBy}</span> convidou você
          </p>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-lg font-semibold break-words">
              Você foi convidado para a sala: {roomNameLabel(room.roomName)}
            </p>
            <Badge variant={room.open ? 'success' : 'destructive'}>
              {room.open ? 'Vagas disponíveis' : 'Sem vagas'}
            </Badge>
          </div>
          <p className="font-medium">Valor de entrada: R$ {formatDecimalBRL(room.entryValue)}</p>
        </CardHeader>
        <CardContent>
          <InviteFacts invite={room} />
          <p className="mt-4 text-xs text-muted-foreground">
            O prêmio é o total das entradas com a sala completa, menos a taxa da plataforma. O
            sorteio é verificável por qualquer pessoa.
          </p>
        </CardContent>
        <CardFooter>
          {user ? (
            <PlayerActions invite={room} inviteCode={inviteCode} />
          ) : (
            <VisitorActions inviteCode={inviteCode} />
          )}
        </CardFooter>
      </Card>
    </div>
  );
}
