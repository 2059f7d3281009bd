import { MapPin } from 'lucide-react';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useLocationInfo } from '../api/get-location';
import { LoadError, LoadingBlock } from './load-states';

/** 'Não identificado/a' agrees with the field's gender (a cidade; o IP, o estado, o país, o fuso). */
const UNKNOWN = 'Não identificado';
const UNKNOWN_FEMININE = 'Não identificada';

/** Where the current access comes from (real lookup: DESIGN.md section 8). */
export function LocationTab() {
  const location = useLocationInfo();
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Localização do acesso atual</h2>
        </CardTitle>
        <CardDescription>Estimada a partir do endereço IP da sua conexão.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {location.isPending ? (
          <LoadingBlock label="Carregando localização..." />
        ) : location.isError ? (
          <LoadError message={location.error.message} onRetry={() => void location.refetch()} />
        ) : (
          <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {(
              [
                ['IP', location.data.ip || UNKNOWN],
                ['Cidade', location.data.city ?? UNKNOWN_FEMININE],
                ['Estado', location.data.region ?? UNKNOWN],
                ['País', location.data.country ?? UNKNOWN],
                ['Fuso horário', location.data.timezone ?? UNKNOWN],
              ] as const
            ).map(([term, value]) => (
              <div key={term} className="rounded-lg border bg-muted/40 p-3">
                <dt className="text-xs font-medium text-muted-foreground">{term}</dt>
                <dd className="mt-1 font-medium break-all">{value}</dd>
              </div>
            ))}
          </dl>
        )}
        <Alert variant="info" role="note">
          <MapPin aria-hidden="true" />
          <AlertDescription className="text-foreground">
            Sua localização é monitorada para detectar atividades suspeitas.
          </AlertDescription>
        </Alert>
      </CardContent>
    </Card>
  );
}
