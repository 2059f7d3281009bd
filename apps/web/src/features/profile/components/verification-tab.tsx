import type { Profile, Verification } from '@sorteio/shared';
import { BadgeCheck, Clock, Info, ShieldAlert } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useProfile } from '../api/get-profile';
import { useVerification, verificationFileUrl } from '../api/get-verification';
import { LoadError, LoadingBlock } from './load-states';
import { VerificationForm } from './verification-form';

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
  const missing = profile !== undefined && (!profile.cpf || !profile.dataNascimento);
  return (
    <Alert variant={missing ? 'warning' : 'info'} role="note">
      <Info aria-hidden="true" />
      <AlertTitle>Antes de enviar</AlertTitle>
      <AlertDescription className="text-foreground">
        <p>
          Preencha sua data de nascimento e seu CPF na aba Perfil: somente maiores de 18 anos podem
          participar dos sorteios. Envie uma foto do documento e uma selfie; a verificação
          automática é instantânea.
        </p>
        {missing && (
          <Button
            type="button"
            variant="outline"
            size="sm"
            className="mt-2"
            onClick={onGoToProfile}
          >
            Completar Perfil
          </Button>
        )}
      </AlertDescription>
    </Alert>
  );
}

/** Identity verification (spec 000 sections 2 and 4): status, then the upload form. */
export function VerificationTab({ onGoToProfile }: { onGoToProfile: () => void }) {
  const verification = useVerification();
  const profile = useProfile();

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
            <SentImages verification={data} />
          </>
        );
        break;
      case 'pendente':
        body = (
          <>
            <Alert variant="info" role="status">
              <Clock aria-hidden="true" />
              <AlertTitle>Verificação em análise</AlertTitle>
              <AlertDescription className="text-foreground">
                Seus documentos foram enviados e estão em análise. A análise pode levar alguns dias.
              </AlertDescription>
            </Alert>
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
      <CardContent className="flex flex-col gap-4">{body}</CardContent>
    </Card>
  );
}
