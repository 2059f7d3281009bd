import { ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';

/** The draw's proof page (/sorteios/:id), where anyone re-checks the result in the browser. */
export function WinnerProofLink({ drawId, context }: { drawId: string; context: string }) {
  return (
    <Link
      to={`/sorteios/${drawId}`}
      className="inline-flex min-h-11 items-center gap-1 rounded-sm text-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
    >
      <ShieldCheck aria-hidden="true" className="size-4" />
      Verificar sorteio
      <span className="sr-only"> {context}</span>
    </Link>
  );
}
