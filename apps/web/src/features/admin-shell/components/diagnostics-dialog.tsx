import { formatDateTime, formatInteger } from '@sorteio/shared';
import { CheckCircle2, Stethoscope, XCircle } from 'lucide-react';
import { useState } from 'react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { DialogHeading, DialogShell } from '@/components/dialog-shell';
import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { errorMessageOf } from '@/lib/errors';
import { useRunDiagnostics } from '../api/run-diagnostics';

/**
 * 'Diagnóstico' (spec 001 section 2) as a real self-test on the server: the session, a database
 * round trip, the user and room counts, the job queue, mail, file storage and the PIX provider,
 * each with its result and how long it took.
 */
export function DiagnosticsButton() {
  const [open, setOpen] = useState(false);
  const run = useRunDiagnostics();
  const start = () => {
    setOpen(true);
    run.mutate();
  };
  const report = run.data;
  return (
    <>
      <Button variant="outline" size="sm" onClick={start}>
        <Stethoscope aria-hidden="true" />
        Diagnóstico
      </Button>
      <DialogShell open={open} onOpenChange={setOpen} className="max-w-lg">
        <DialogHeading
          title="Diagnóstico do sistema"
          description="Cada verificação é feita agora no servidor, com o tempo que levou."
        />
        {run.isPending ? (
          <Spinner label="Executando diagnóstico..." showLabel />
        ) : run.isError ? (
          <Alert variant="destructive">
            <XCircle aria-hidden="true" />
            <AlertTitle>Falha no diagnóstico</AlertTitle>
            <AlertDescription>{errorMessageOf(run.error)}</AlertDescription>
          </Alert>
        ) : report ? (
          <div className="flex flex-col gap-3">
            <p className="text-sm">
              <Badge variant={report.ok ? 'success' : 'destructive'}>
                {report.ok ? 'Tudo OK' : 'Há falhas'}
              </Badge>{' '}
              <span className="text-muted-foreground">{formatDateTime(report.at)}</span>
            </p>
            <ul aria-label="Resultados" className="flex flex-col divide-y rounded-md border">
              {report.checks.map((check) => (
                <li key={check.name} className="flex items-start gap-3 p-3">
                  {check.ok ? (
                    <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 text-success" />
                  ) : (
                    <XCircle aria-hidden="true" className="mt-0.5 size-4 text-destructive" />
                  )}
                  <div className="min-w-0 flex-1">
                    <p className="font-medium">
                      {check.name}: {check.ok ? 'OK' : 'Falhou'}
                    </p>
                    <p className="text-sm break-words text-muted-foreground">{check.detail}</p>
                  </div>
                  <span className="text-xs whitespace-nowrap text-muted-foreground tabular-nums">
                    {check.ms} ms
                  </span>
                </li>
              ))}
            </ul>
            <p className="text-sm">
              Usuários: <strong>{formatInteger(report.userCount)}</strong> · Salas:{' '}
              <strong>{formatInteger(report.roomCount)}</strong>
            </p>
          </div>
        ) : null}
        <DialogFooter>
          <Button variant="outline" onClick={() => run.mutate()} disabled={run.isPending}>
            Executar novamente
          </Button>
        </DialogFooter>
      </DialogShell>
    </>
  );
}
