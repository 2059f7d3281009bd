import { UnderConstruction } from '@/components/under-construction';

/** Public list of finished draws with their proofs (DESIGN.md section 5). */
export default function DrawsPage() {
  return <UnderConstruction title="Sorteios" />;
}
