import { formatBRL } from '@sorteio/shared';
import { Gift } from 'lucide-react';
import { LoadError } from '@/components/load-error';
import { ShareButtons } from '@/components/share-buttons';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { useMyReferrals } from '../api/get-my-referrals';

/** 'Convide amigos': the player's invite link, how many joined with it and what it earned. */
export function InviteFriendsCard() {
  const referrals = useMyReferrals();
  let body;
  if (referrals.isPending) {
    body = (
      <div className="flex justify-center py-6">
        <Spinner label="Carregando convites..." />
      </div>
    );
  } else if (referrals.isError) {
    body = (
      <LoadError
        title="Erro ao carregar seus convites"
        message={referrals.error.message}
        onRetry={() => void referrals.refetch()}
      />
    );
  } else {
    const r = referrals.data;
    body = (
      <div className="flex flex-col gap-4">
        <p className="text-sm text-muted-foreground">
          {r.enabled
            ? `Envie seu link. Quando um amigo se cadastrar por ele e tiver a primeira participação confirmada, você ganha ${formatBRL(r.bonusCentavos)} de Cashback.`
            : 'O programa de indicação está pausado no momento. Seu link continua o mesmo.'}
        </p>
        <Input
          readOnly
          value={r.link}
          aria-label="Seu link de convite"
          onFocus={(event) => event.currentTarget.select()}
        />
        <ShareButtons
          url={r.link}
          message="Venha participar de sorteios verificáveis comigo no Sorteio Certo! Cadastre-se pelo meu link:"
        />
        <dl className="grid grid-cols-2 gap-3 text-sm">
          <div className="rounded-lg bg-muted/50 p-3">
            <dt className="text-xs text-muted-foreground">Amigos cadastrados</dt>
            <dd className="text-xl font-bold tabular-nums">{r.joined}</dd>
          </div>
          <div className="rounded-lg bg-muted/50 p-3">
            <dt className="text-xs text-muted-foreground">Você ganhou</dt>
            <dd className="text-xl font-bold text-success tabular-nums">
              {formatBRL(r.earnedCentavos)}
            </dd>
          </div>
        </dl>
      </div>
    );
  }
  return (
    <Card aria-labelledby="convide-amigos-titulo" role="region">
      <CardHeader>
        <h2 id="convide-amigos-titulo" className="flex items-center gap-2 text-lg font-semibold">
          <Gift aria-hidden="true" className="size-5 text-primary" />
          Convide amigos
        </h2>
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  );
}
