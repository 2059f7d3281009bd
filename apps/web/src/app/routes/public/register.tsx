import { UnderConstruction } from '@/components/under-construction';

/** Sign up (spec 000 section 2, Register). */
export default function RegisterPage() {
  return <UnderConstruction title="Criar Conta" />;
}
