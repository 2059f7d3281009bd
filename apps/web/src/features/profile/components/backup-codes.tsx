import { Copy, TriangleAlert } from 'lucide-react';
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
import { useNotifications } from '@/lib/notifications/use-notifications';

/** The 10 backup codes, shown once right after 2FA is turned on (DESIGN.md section 7). */
export function BackupCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { notify } = useNotifications();

  async function copy() {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      notify({
        type: 'success',
        title: 'Códigos copiados!',
        message: 'Cole-os em um lugar seguro, como um gerenciador de senhas.',
      });
    } catch {
      notify({
        type: 'error',
        title: 'Não foi possível copiar',
        message: 'Selecione os códigos e copie manualmente.',
      });
    }
  }

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
        <Button variant="outline" className="w-full sm:w-auto" onClick={() => void copy()}>
          <Copy aria-hidden="true" />
          Copiar códigos
        </Button>
        <Button className="w-full sm:w-auto" onClick={onDone}>
          Já guardei meus códigos
        </Button>
      </CardFooter>
    </Card>
  );
}
