import { UnderConstruction } from '@/components/under-construction';

/** Add a user (spec 001 section 2). */
export default function AddUserPage() {
  return <UnderConstruction title="Adicionar Usuário" />;
}
