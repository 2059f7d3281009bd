import type { PublicConfig } from '@sorteio/shared/system';
import { formatCnpj } from '@sorteio/shared/legal-documents';
import { AuthorizationStatement } from '@/components/operator-authorization';

/**
 * "É legal?": the first question of a careful visitor, answered on the landing page itself
 * (issue 33) with the operating company and its authorisation from the server's configuration.
 * Nothing is drawn until the configuration is read (the prerendered page fills it in).
 */
export function LegalStanding({ operator }: { operator: PublicConfig['operator'] | undefined }) {
  if (!operator || operator.authorization === undefined) return null;
  return (
    <section aria-labelledby="landing-legal" className="mx-auto w-full max-w-3xl px-4 sm:px-6">
      <div className="rounded-lg border bg-card p-4 text-sm text-muted-foreground sm:p-6">
        <h2 id="landing-legal" className="text-base font-semibold text-foreground">
          Situação legal
        </h2>
        <p className="mt-2">
          Operado por <span className="font-medium text-foreground">{operator.name}</span>, CNPJ{' '}
          {formatCnpj(operator.cnpj)}.
        </p>
        <AuthorizationStatement authorization={operator.authorization} className="mt-1" />
      </div>
    </section>
  );
}
