import { type IdentityAnalysis, formatDateTime, identityCheckLabels } from '@sorteio/shared';
import { Badge } from '@/components/ui/badge';
import { ScrollRegion } from '@/components/ui/scroll-region';

const resultText = { aprovado: 'Aprovado', reprovado: 'Reprovado', nao_realizado: 'Não realizado' };
const resultVariant = {
  aprovado: 'success',
  reprovado: 'destructive',
  nao_realizado: 'secondary',
} as const;
const stateText = {
  na_fila: 'Na fila',
  em_andamento: 'Em andamento',
  concluida: 'Concluída',
  falhou: 'Falhou',
};

const number = (n: number | null) =>
  n === null ? '—' : n.toLocaleString('pt-BR', { maximumFractionDigits: 3 });

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
        <ScrollRegion label="Resultados da verificação automática">
          <table aria-label="Resultados da verificação automática" className="w-full text-sm">
            <thead>
              <tr className="border-b text-left text-xs text-muted-foreground">
                <th scope="col" className="py-1 pr-2 font-medium">
                  Verificação
                </th>
                <th scope="col" className="py-1 pr-2 font-medium">
                  Resultado
                </th>
                <th scope="col" className="py-1 pr-2 text-right font-medium">
                  Pontuação
                </th>
                <th scope="col" className="py-1 text-right font-medium">
                  Limite
                </th>
              </tr>
            </thead>
            <tbody>
              {analysis.checks.map((check) => (
                <tr key={check.id} className="border-b align-top last:border-0">
                  <th scope="row" className="py-1.5 pr-2 text-left font-normal">
                    {identityCheckLabels[check.id]}
                    <span className="block text-xs text-muted-foreground">{check.detail}</span>
                  </th>
                  <td className="py-1.5 pr-2">
                    <Badge variant={resultVariant[check.result]}>{resultText[check.result]}</Badge>
                  </td>
                  <td className="py-1.5 pr-2 text-right tabular-nums">{number(check.score)}</td>
                  <td className="py-1.5 text-right tabular-nums">{number(check.threshold)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </section>
  );
}
