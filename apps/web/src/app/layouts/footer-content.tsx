import type { PublicConfig } from '@sorteio/shared';
import { formatCnpj, legalDocuments } from '@sorteio/shared/legal-documents';
import { AppLink } from '@/components/app-link';
import { BrandMark, PRODUCT_NAME } from '@/components/brand';
import { AuthorizationStatement } from '@/components/operator-authorization';
import { useCurrentYear } from '@/lib/current-year';

export type Operator = PublicConfig['operator'];

const footerLinks = [
  { to: '/tutorial', label: 'Tutorial' },
  { to: legalDocuments.termos.path, label: 'Termos de Uso' },
  { to: legalDocuments.regulamento.path, label: 'Regulamento' },
  { to: '/privacy', label: 'Privacidade' },
  { to: '/support', label: 'Suporte' },
  { to: '/jogo-responsavel', label: 'Jogo Responsável' },
  { to: '/sorteios', label: 'Sorteios verificáveis' },
  { to: '/ganhadores', label: 'Ganhadores' },
];

/** The company that operates the platform, from the server's configuration. */
function OperatorLine({ operator }: { operator: Operator | undefined }) {
  if (!operator) return null;
  const { name, cnpj, address, authorization } = operator;
  return (
    <>
      <p className="mx-auto max-w-6xl px-4 pt-4 text-xs text-muted-foreground sm:px-6">
        {PRODUCT_NAME} é operado por <span className="font-medium text-foreground">{name}</span>,
        CNPJ {formatCnpj(cnpj)}. {address}
      </p>
      {/* An answer from an older server has no authorisation field: nothing is claimed then. */}
      {authorization !== undefined && (
        <AuthorizationStatement
          authorization={authorization}
          className="mx-auto max-w-6xl px-4 pt-2 text-xs text-muted-foreground sm:px-6"
        />
      )}
    </>
  );
}

/** The footer; the prerendered landing page gives the operator once it has read it. */
export function FooterContent({ operator }: { operator: Operator | undefined }) {
  const year = useCurrentYear();
  return (
    <footer className="border-t bg-card">
      <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8 sm:px-6 md:flex-row md:items-center md:justify-between">
        <div className="flex flex-col gap-2">
          <span className="flex items-center gap-2 font-semibold">
            <BrandMark className="size-6" />
            {PRODUCT_NAME}
          </span>
          <p className="max-w-sm text-sm text-muted-foreground">
            Sorteios pagos por PIX com resultado verificável. Proibido para menores de 18 anos.
            Jogue com responsabilidade.
          </p>
        </div>
        <nav aria-label="Rodapé">
          <ul className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
            {footerLinks.map(({ to, label }) => (
              <li key={to}>
                <AppLink
                  to={to}
                  className="rounded-sm font-medium text-muted-foreground underline-offset-4 outline-none hover:text-foreground hover:underline focus-visible:ring-2 focus-visible:ring-ring"
                >
                  {label}
                </AppLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="border-t">
        <OperatorLine operator={operator} />
        <p className="mx-auto max-w-6xl px-4 py-4 text-xs text-muted-foreground sm:px-6">
          © {year} {PRODUCT_NAME}. Todos os direitos reservados.
        </p>
      </div>
    </footer>
  );
}
