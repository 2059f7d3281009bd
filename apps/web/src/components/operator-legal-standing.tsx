import { formatCnpj } from '@sorteio/shared/legal-documents';
import { AuthorizationStatement } from '@/components/operator-authorization';
import { legalLinkClass } from '@/components/legal-document';
import { usePublicConfig } from '@/lib/config/get-public-config';

/**
 * The operating company and its authorisation in the Termos and the Regulamento (issue 33), read
 * from the server's configuration like the footer. Beside the spec's own text, never instead.
 */
export function OperatorLegalStanding() {
  const operator = usePublicConfig().data?.operator;
  if (!operator || operator.authorization === undefined) return null;
  return (
    <div data-testid="legal-standing">
      <p>
        A plataforma é operada por <strong>{operator.name}</strong>, CNPJ{' '}
        {formatCnpj(operator.cnpj)}, {operator.address}.
      </p>
      <AuthorizationStatement
        authorization={operator.authorization}
        className="mt-2"
        linkClassName={legalLinkClass}
      />
    </div>
  );
}
