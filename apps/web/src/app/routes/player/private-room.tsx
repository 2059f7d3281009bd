import { UnderConstruction } from '@/components/under-construction';

/** Private room detail with chat and payment (spec 001 section 2, Private room detail). */
export default function PrivateRoomPage() {
  return <UnderConstruction title="Sala Privada" />;
}
