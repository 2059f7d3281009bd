import type { Profile, Verification } from '@sorteio/shared';
import { ArrowLeft, BadgeCheck, Info, ShieldAlert } from 'lucide-react';
import { Link } from 'react-router';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { forgetRoomToReturn, roomToReturn, type RoomToReturn } from '@/lib/return-to-room';
import { useProfile } from '../api/get-profile';
import { profileKeys } from '../api/profile-keys';
import { useVerification, verificationFileUrl } from '../api/get-verification';
import {
  listInPortuguese,
  missingVerificationFields,
  verificationStatusLabels,
} from '../lib/verification-requirements';
import { LoadError, LoadingBlock } from './load-states';
import { VerificationForm } from './verification-form';
import { AnalysisProgress, ManualReview } from './verification-pending';

function SentImages({ verification }: { verification: Verification }) {
  const version = verification.submittedAt;
  if (!verification.hasDocument && !verification.hasSelfie) return null;
  return (
    <div className="grid grid-cols-2 gap-3 sm:max-w-md">
      {verification.hasDocument && (
        <figure className="flex flex-col gap-1">
          <img
            src={verificationFileUrl('documento', version)}
            alt="Foto do documento enviada"
            className="aspect-[4/3] w-full rounded-md border bg-muted object-cover"
          />
          <figcaption className="text-xs text-muted-foreground">Documento</figcaption>
        </figure>
      )}
      {verification.hasSelfie && (
        <figure className="flex flex-col gap-1">
          <img
            src={verificationFileUrl('selfie', version)}
            alt="Selfie enviada"
            className="aspect-[4/3] w-full rounded-md border bg-muted object-cover"
          />
          <figcaption className="text-xs text-muted-foreground">Selfie</figcaption>
        </figure>
      )}
    </div>
  );
}

function Requirements({
  profile,
  onGoToProfile,
}: {
  profile: Profile | undefined;
  onGoToProfile: () => void;
}) {
  const missing = profile ? missingVerificationFields(profile) : [];
  if (missing.length === 0) {
    return (
      <Alert variant="info" role="note">
        <Info aria-hidden="true" />
        <AlertTitle>Antes de enviar</AlertTitle>
        <AlertDescription className="text-foreground">
          <p>
            Somente maiores de 18 anos podem participar dos sorteios: o CPF e a data de nascimento
            do seu perfil são conferidos no documento. Envie uma foto do documento e uma selfie; a
            verificação automática é instantânea.
          </p>
        </AlertDescription>
      </Alert>
    );
  }
  return (
    <Alert variant="warning" role="note">
      <Info aria-hidden="true" />
      <AlertTitle>Antes de enviar, complete seu perfil</AlertTitle>
      <AlertDescription className="text-foreground">
        <p>
          Preencha primeiro na aba Perfil: <strong>{listInPortuguese(missing)}</strong>.
        </p>
        <ul aria-label="Campos do perfil a preencher" className="list-disc pl-5">
          {missing.map((field) => (
            <li key={field}>{field}</li>
          ))}
        </ul>
        <p>
          Somente maiores de 18 anos podem participar dos sorteios. Depois envie uma foto do
          documento e uma selfie; a verificação automática é instantânea.
        </p>
        <Button type="button" variant="outline" size="sm" className="mt-2" onClick={onGoToProfile}>
          Completar perfil
        </Button>
      </AlertDescription>
    </Alert>
  );
}

/** Where the verification stands, in one word ('Não enviado' before any upload). */
function StatusLine({ status }: { status: Verification['status'] }) {
  const variant =
    status === 'verificado'
      ? 'success'
      : status === 'rejeitado'
        ? 'destructive'
        : status === 'pendente'
          ? 'warning'
          : 'secondary';
  return (
    <p className="flex items-center gap-2 text-sm">
      <span className="text-muted-foreground">Situação:</span>
      <Badge variant={variant}>{verificationStatusLabels[status]}</Badge>
    </p>
  );
}

/** After the approval: the way back to the room the player tried to join before it. */
function BackToRoom({ room }: { room: RoomToReturn }) {
  return (
    <Alert variant="info" role="status">
      <ArrowLeft aria-hidden="true" />
      <AlertTitle>Pronto para participar</AlertTitle>
      <AlertDescription className="text-foreground">
        <p>Você tentou entrar na {room.name} antes da verificação. Agora já pode participar.</p>
        <Button asChild size="sm" className="mt-1">
          <Link to={room.path} onClick={forgetRoomToReturn}>
            Voltar para a sala
          </Link>
        </Button>
      </AlertDescription>
    </Alert>
  );
}

/** Identity verification (spec 000 sections 2 and 4): status, then the upload form. */
export function VerificationTab({ onGoToProfile }: { onGoToProfile: () => void }) {
  const verification = useVerification();
  const profile = useProfile();
  const queryClient = useQueryClient();
  const status = verification.data?.status;
  // The room a refused join left behind (read once: following the link forgets it).
  const [returnRoom] = useState(roomToReturn);
  // An automatic approval verifies the account: the profile's status cards follow.
  useEffect(() => {
    if (status === 'verificado')
      void queryClient.invalidateQueries({ queryKey: profileKeys.detail() });
  }, [status, queryClient]);

  let body;
  if (verification.isPending) {
    body = <LoadingBlock label="Carregando verificação..." />;
  } else if (verification.isError) {
    body = (
      <LoadError message={verification.error.message} onRetry={() => void verification.refetch()} />
    );
  } else {
    const data = verification.data;
    switch (data.status) {
      case 'verificado':
        body = (
          <>
            <Alert variant="success" role="status">
              <BadgeCheck aria-hidden="true" />
              <AlertTitle>Identidade verificada</AlertTitle>
              <AlertDescription className="text-foreground">
                Identidade verificada! Você já pode participar dos sorteios.
              </AlertDescription>
            </Alert>
            {returnRoom && <BackToRoom room={returnRoom} />}
            <SentImages verification={data} />
          </>
        );
        break;
      case 'pendente':
        body =
          data.analise &&
          (data.analise.state === 'na_fila' || data.analise.state === 'em_andamento') ? (
            <>
              <AnalysisProgress progress={data.analise.progress} step={data.analise.step} />
              <SentImages verification={data} />
            </>
          ) : (
            <>
              <ManualReview reasons={data.analise?.pendingReasons ?? []} />
              <SentImages verification={data} />
            </>
          );
        break;
      case 'rejeitado':
        body = (
          <>
            <Alert variant="destructive" role="status">
              <ShieldAlert aria-hidden="true" />
              <AlertTitle>Verificação rejeitada</AlertTitle>
              <AlertDescription className="text-foreground">
                {data.motivoRejeicao && (
                  <p>
                    <strong>Motivo:</strong> {data.motivoRejeicao}
                  </p>
                )}
                <p>Por favor, corrija o problema e envie seus documentos novamente.</p>
              </AlertDescription>
            </Alert>
            <SentImages verification={data} />
            <Requirements profile={profile.data} onGoToProfile={onGoToProfile} />
            <VerificationForm />
          </>
        );
        break;
      case 'nao_enviado':
        body = (
          <>
            <Requirements profile={profile.data} onGoToProfile={onGoToProfile} />
            <VerificationForm />
          </>
        );
        break;
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Verificação de identidade</h2>
        </CardTitle>
        <CardDescription>
          Para participar dos sorteios, confirme sua identidade com um documento com foto e uma
          selfie.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {status && <StatusLine status={status} />}
        {body}
      </CardContent>
    </Card>
  );
}
