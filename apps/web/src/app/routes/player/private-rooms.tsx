import { UnderConstruction } from '@/components/under-construction';

/** Own private rooms (spec 001 section 2, Private rooms list). */
export default function PrivateRoomsPage() {
  return <UnderConstruction title="Minhas Salas Privadas" />;
}
