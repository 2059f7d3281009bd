import {
  type OperatorAuthorization,
  authorizationStatement,
} from '@sorteio/shared/legal-documents';

/**
 * The operator's legal standing in one sentence with the link to the public record (issue 33).
 * Imports only the light legal-documents module: the prerendered landing page shows it too.
 */
export function AuthorizationStatement({
  authorization,
  className,
  linkClassName = 'font-medium underline underline-offset-4 hover:text-foreground',
}: {
  authorization: OperatorAuthorization | null;
  className?: string;
  linkClassName?: string;
}) {
  return (
    <p className={className} data-testid="operator-authorization">
      {authorizationStatement(authorization)}
      {authorization && (
        <>
          {' '}
          <a
            href={authorization.url}
            target="_blank"
            rel="noopener noreferrer"
            className={linkClassName}
          >
            Ver registro público da autorização
          </a>
        </>
      )}
    </p>
  );
}
