import { Download } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EXPORT_URL } from '../api/delete-account';
import { DeleteAccountDialog } from './delete-account-dialog';

/** The holder's rights under the LGPD (Lei 13.709/2018, art. 18): a copy of the data, deletion. */
export function PrivacyDataCard() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Seus dados (LGPD)</h2>
        </CardTitle>
        <CardDescription>
          Pela Lei Geral de Proteção de Dados você pode obter uma cópia dos seus dados ou pedir a
          exclusão da sua conta a qualquer momento.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3 sm:flex-row">
        <Button asChild variant="outline">
          <a href={EXPORT_URL} download="meus-dados-sorteio-certo.json">
            <Download aria-hidden="true" />
            Baixar meus dados
          </a>
        </Button>
        <DeleteAccountDialog />
      </CardContent>
    </Card>
  );
}
