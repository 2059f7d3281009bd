import { UnderConstruction } from '@/components/under-construction';

/** Administrator panel (spec 001 section 2, Administrator panel). */
export default function AdminPage() {
  return <UnderConstruction title="Painel Administrativo" />;
}
