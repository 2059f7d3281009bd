import { Download, FileText } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EXPORT_SUMMARY_URL, EXPORT_URL } from '../api/delete-account';
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
          exclusão da sua conta a qualquer momento. A cópia inclui perfil, consentimentos,
          participações, pagamentos PIX, extrato, saques, limites de jogo, sessões, atendimentos e
          mensagens; não inclui senhas nem as imagens dos documentos.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3 sm:flex-row">
        <Button asChild variant="outline">
          <a href={EXPORT_URL} download="meus-dados-sorteio-certo.json">
            <Download aria-hidden="true" />
            Baixar meus dados
          </a>
        </Button>
        <Button asChild variant="outline">
          {/* The same data as a page to read or print; opened beside the profile. */}
          <a href={EXPORT_SUMMARY_URL} target="_blank" rel="noopener">
            <FileText aria-hidden="true" />
            Ver resumo para imprimir
          </a>
        </Button>
        <DeleteAccountDialog />
      </CardContent>
    </Card>
  );
}
