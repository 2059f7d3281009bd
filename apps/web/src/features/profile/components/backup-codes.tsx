import { TriangleAlert } from 'lucide-react';
import { CopyButton } from '@/components/copy-button';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '@/components/ui/card';

/** The 10 backup codes, shown once right after 2FA is turned on (DESIGN.md section 7). */
export function BackupCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Seus códigos de backup</h2>
        </CardTitle>
        <CardDescription>
          Use um destes códigos para entrar se perder o acesso ao aplicativo autenticador. Cada
          código vale uma única vez.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <Alert variant="warning">
          <TriangleAlert aria-hidden="true" />
          <AlertTitle>Guarde estes códigos agora!</AlertTitle>
          <AlertDescription className="text-foreground">
            <p>
              <strong>Eles não serão mostrados novamente.</strong> Sem o aplicativo e sem estes
              códigos, você não conseguirá entrar na sua conta.
            </p>
          </AlertDescription>
        </Alert>
        <ul
          aria-label="Códigos de backup"
          className="grid grid-cols-2 gap-2 rounded-lg border bg-muted p-4 font-mono text-base tracking-widest sm:grid-cols-5"
        >
          {codes.map((code) => (
            <li key={code} className="text-center">
              {code}
            </li>
          ))}
        </ul>
      </CardContent>
      <CardFooter className="flex-col gap-2 sm:flex-row">
        <CopyButton
          value={codes.join('\n')}
          className="w-full sm:w-auto"
          copiedTitle="Códigos copiados!"
          copiedMessage="Cole-os em um lugar seguro, como um gerenciador de senhas."
          failureMessage="Selecione os códigos e copie manualmente."
        >
          Copiar códigos
        </CopyButton>
        <Button className="w-full sm:w-auto" onClick={onDone}>
          Já guardei meus códigos
        </Button>
      </CardFooter>
    </Card>
  );
}
