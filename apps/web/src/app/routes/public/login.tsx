import { UnderConstruction } from '@/components/under-construction';

/** Sign in (spec 000 section 2, Login). */
export default function LoginPage() {
  return <UnderConstruction title="Entrar" />;
}
