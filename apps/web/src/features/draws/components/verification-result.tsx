import {
  verificationCheckLabels,
  type VerificationCheck,
  type VerificationReport,
} from '@sorteio/shared';
import type { ReactNode } from 'react';
import { CircleCheck, CircleX, ShieldAlert, ShieldCheck } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { cn } from '@/lib/utils';
import { countOf } from '@/lib/plural';

export const VERIFIED_TEXT = 'Sorteio verificado: todas as verificações conferem.';
export const NOT_VERIFIED_TEXT = 'Atenção: alguma verificação não confere.';

/** The overall result, announced politely once the checks finish. */
export function VerificationBanner({ report }: { report: VerificationReport }) {
  const failed = report.checks.filter((c) => !c.ok).length;
  return (
    <Alert role="status" variant={report.ok ? 'success' : 'destructive'}>
      {report.ok ? <ShieldCheck aria-hidden="true" /> : <ShieldAlert aria-hidden="true" />}
      <AlertTitle>{report.ok ? VERIFIED_TEXT : NOT_VERIFIED_TEXT}</AlertTitle>
      <AlertDescription>
        {report.ok ? (
          <p>As contas foram refeitas agora, no seu navegador, a partir dos dados abaixo.</p>
        ) : (
          <p>
            {countOf(failed, 'verificação não confere', 'verificações não conferem')}. Os dados
            publicados não correspondem ao resultado anunciado.
          </p>
        )}
      </AlertDescription>
    </Alert>
  );
}

type CheckResult = VerificationReport['checks'][number];

/** Why a check failed, in words; for values, the published one next to the recomputed one. */
const failureNotes: Partial<Record<VerificationCheck, string>> = {
  published_before_draw: 'A data de publicação do compromisso é posterior à data do sorteio.',
  entrants_sorted: 'A lista publicada não está na ordem crescente exigida pelo protocolo.',
  beacon_signature:
    'A assinatura não foi feita pela chave pública da rede drand para esta rodada: o número do beacon não é o publicado pela rede.',
};

function FailureDetails({ check }: { check: CheckResult }) {
  const note = failureNotes[check.check];
  if (note) return <p className="text-xs text-muted-foreground">{note}</p>;
  const row = (term: string, value: ReactNode) => (
    <div>
      <dt className="text-muted-foreground">{term}</dt>
      <dd className="font-mono break-all">{value}</dd>
    </div>
  );
  return (
    <dl className="grid gap-1 text-xs">
      {row(check.check === 'beacon_after_freeze' ? 'Esperado' : 'Publicado', check.expected || '—')}
      {row(
        check.check === 'beacon_after_freeze' ? 'Publicado' : 'Calculado no navegador',
        check.actual || '—',
      )}
    </dl>
  );
}

function CheckItem({ check }: { check: CheckResult }) {
  const label = verificationCheckLabels[check.check];
  return (
    <li
      className={cn(
        'flex gap-3 rounded-lg border p-3',
        check.ok ? 'border-success/40' : 'border-destructive/50 bg-destructive/5',
      )}
    >
      {check.ok ? (
        <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-success" />
      ) : (
        <CircleX aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-destructive" />
      )}
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex flex-col gap-1 sm:flex-row sm:items-baseline sm:justify-between sm:gap-3">
          <span className="text-sm font-medium">{label}</span>
          <span
            className={cn(
              'text-sm font-semibold whitespace-nowrap',
              check.ok ? 'text-success' : 'text-destructive',
            )}
          >
            {check.ok ? 'Confere' : 'Não confere'}
          </span>
        </div>
        {!check.ok && <FailureDetails check={check} />}
      </div>
    </li>
  );
}

/** Every check of the protocol with an icon and a word, never colour alone. */
export function VerificationChecks({ report }: { report: VerificationReport }) {
  return (
    <ul aria-label="Verificações" className="flex flex-col gap-2">
      {report.checks.map((check) => (
        <CheckItem key={check.check} check={check} />
      ))}
    </ul>
  );
}
