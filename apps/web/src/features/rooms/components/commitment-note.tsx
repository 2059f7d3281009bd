import { ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';

/** The draw commitment (DESIGN.md section 5): published before anyone joins, checked after. */
export function CommitmentNote({ commitment }: { commitment: string }) {
  return (
    <div className="flex gap-3 rounded-lg border bg-muted/40 p-4 text-sm">
      <ShieldCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
      <div className="flex min-w-0 flex-col gap-1">
        <p className="font-semibold">Compromisso do sorteio</p>
        <p>
          <code className="rounded bg-card px-1.5 py-0.5 font-mono text-xs break-all">
            {commitment.slice(0, 16)}…
          </code>
        </p>
        <p className="text-muted-foreground">
          Este código é a impressão digital (SHA-256) do segredo que vai decidir o sorteio,
          publicada antes de qualquer entrada. Depois do sorteio o segredo é revelado e qualquer
          pessoa pode conferir que o resultado não foi alterado.
        </p>
        <Link
          to="/sorteios"
          className="w-fit font-medium text-primary underline-offset-4 hover:underline"
        >
          Como verificar os sorteios
        </Link>
      </div>
    </div>
  );
}
