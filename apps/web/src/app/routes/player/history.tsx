import { UnderConstruction } from '@/components/under-construction';

/** Participation history (spec 000 section 2, History). */
export default function HistoryPage() {
  return <UnderConstruction title="Histórico" />;
}
