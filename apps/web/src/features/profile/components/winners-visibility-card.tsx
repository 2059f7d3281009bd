import { publicWinnerName, type Profile } from '@sorteio/shared';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { errorMessageOf } from '@/lib/errors';
import { useUpdatePrivacy } from '../api/update-privacy';

/** "Página de ganhadores": first name and initial (the default) or 'Anônimo'. Saved at once. */
export function WinnersVisibilityCard({ profile }: { profile: Profile }) {
  const update = useUpdatePrivacy();
  const anonymous = update.isPending
    ? (update.variables?.anonimoNosGanhadores ?? profile.anonimoNosGanhadores)
    : profile.anonimoNosGanhadores;
  const shown = publicWinnerName(profile.nomeCompleto, anonymous);
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Página de ganhadores</h2>
        </CardTitle>
        <CardDescription>
          Quando você ganha ou aparece nos rankings do mês, a página pública de ganhadores mostra só
          o seu primeiro nome e a inicial do sobrenome. Se preferir, apareça como Anônimo.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <div className="flex items-start justify-between gap-4 rounded-md border p-3">
          <div className="flex flex-col gap-1">
            <Label htmlFor="ganhadores-anonimo">Aparecer como anônimo</Label>
            <p className="text-sm text-muted-foreground">
              Você aparece como: <strong className="text-foreground">{shown}</strong>
            </p>
          </div>
          <input
            id="ganhadores-anonimo"
            type="checkbox"
            role="switch"
            className="mt-1 size-5 accent-primary"
            checked={anonymous}
            disabled={update.isPending}
            onChange={(e) => update.mutate({ anonimoNosGanhadores: e.target.checked })}
          />
        </div>
        {update.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {errorMessageOf(update.error) ?? 'Não foi possível salvar. Tente novamente.'}
          </p>
        ) : update.isSuccess ? (
          <p role="status" className="text-sm text-primary">
            Preferência salva.
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}
