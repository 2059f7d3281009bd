import { UnderConstruction } from '@/components/under-construction';

/** One draw, re-verified in the browser with the shared verifier (DESIGN.md section 5). */
export default function DrawPage() {
  return <UnderConstruction title="Verificação do sorteio" />;
}
