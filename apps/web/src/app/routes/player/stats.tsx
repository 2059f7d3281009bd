import { UnderConstruction } from '@/components/under-construction';

/** Personal statistics (spec 000 section 2, Statistics). */
export default function StatsPage() {
  return <UnderConstruction title="Minhas Estatísticas" />;
}
