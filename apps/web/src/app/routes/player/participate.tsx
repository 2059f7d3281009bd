import { UnderConstruction } from '@/components/under-construction';

/** Open rooms, or one room with ?sala_id (spec 000 section 2, Participate). */
export default function ParticipatePage() {
  return <UnderConstruction title="Participar" />;
}
