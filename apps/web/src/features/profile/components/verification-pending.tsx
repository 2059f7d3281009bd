import { Clock } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';

/** The automated checks running in the background: a progress bar and the current step. */
export function AnalysisProgress({ progress, step }: { progress: number; step: string | null }) {
  return (
    <Alert variant="info" role="status">
      <Clock aria-hidden="true" />
      <AlertTitle>Verificação automática em andamento</AlertTitle>
      <AlertDescription className="flex flex-col gap-2 text-foreground">
        <p>Estamos conferindo seu documento e sua selfie. Isso leva alguns segundos.</p>
        <div
          role="progressbar"
          aria-label="Progresso da verificação automática"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={progress}
          className="h-2 w-full overflow-hidden rounded-full bg-muted"
        >
          <div className="h-full bg-primary transition-all" style={{ width: `${progress}%` }} />
        </div>
        <p className="text-sm text-muted-foreground">
          {step ?? 'Conferindo'} ({progress}%)
        </p>
      </AlertDescription>
    </Alert>
  );
}

/** "não conseguimos ler o CPF" -> "Não conseguimos ler o CPF." */
export const reasonSentence = (reason: string) =>
  `${reason.charAt(0).toUpperCase()}${reason.slice(1)}${/[.!?]$/.test(reason) ? '' : '.'}`;

/**
 * A case waiting for staff: which automated check did not pass and why, in the player's words
 * (from the server's analysis), then how long it takes.
 */
export function ManualReview({ reasons }: { reasons: string[] }) {
  if (reasons.length === 0)
    return (
      <Alert variant="info" role="status">
        <Clock aria-hidden="true" />
        <AlertTitle>Verificação em análise</AlertTitle>
        <AlertDescription className="text-foreground">
          Seus documentos foram enviados e estão em análise. A análise pode levar alguns dias.
        </AlertDescription>
      </Alert>
    );
  return (
    <Alert variant="info" role="status">
      <Clock aria-hidden="true" />
      <AlertTitle>Verificação em análise</AlertTitle>
      <AlertDescription className="flex flex-col gap-2 text-foreground">
        <p>Seus documentos foram enviados e estão em análise. A análise pode levar alguns dias.</p>
        <p className="font-medium">Documento em análise manual</p>
        <p>
          A verificação automática não confirmou tudo, então nossa equipe vai conferir seus
          documentos. O que ficou pendente:
        </p>
        <ul className="list-disc pl-5">
          {reasons.map((reason) => (
            <li key={reason}>{reasonSentence(reason)}</li>
          ))}
        </ul>
        <p>Avisaremos por e-mail quando a análise terminar.</p>
      </AlertDescription>
    </Alert>
  );
}
