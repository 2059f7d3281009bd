import { type IdentityAnalysis, formatDateTime } from '@sorteio/shared';
import { DataTable } from '@/components/data-table';
import { checkColumns } from './check-columns';

const stateText = {
  na_fila: 'Na fila',
  em_andamento: 'Em andamento',
  concluida: 'Concluída',
  falhou: 'Falhou',
};

/**
 * The automated identity analysis for the reviewer (decision record 009): every check with its
 * result, score and limit, the outcome and why the case came to review.
 */
export function AutomatedChecks({ analysis }: { analysis: IdentityAnalysis }) {
  const running = analysis.state === 'na_fila' || analysis.state === 'em_andamento';
  return (
    <section aria-label="Verificação automática" className="flex flex-col gap-2">
      <h4 className="text-sm font-medium">Verificação automática</h4>
      <p className="text-sm text-muted-foreground">
        {running
          ? `${stateText[analysis.state]}: ${analysis.step ?? 'conferindo'} (${analysis.progress}%)`
          : analysis.outcome === 'aprovado_automaticamente'
            ? 'Aprovada automaticamente'
            : `${stateText[analysis.state]} · enviada para revisão manual`}
        {analysis.finishedAt ? ` · ${formatDateTime(analysis.finishedAt)}` : ''}
      </p>
      {analysis.reasons.length > 0 && (
        <ul className="list-disc pl-5 text-sm">
          {analysis.reasons.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
      )}
      {analysis.checks.length > 0 && (
        <DataTable
          label="Resultados da verificação automática"
          columns={checkColumns}
          data={analysis.checks}
          getRowId={(check) => check.id}
        />
      )}
    </section>
  );
}
