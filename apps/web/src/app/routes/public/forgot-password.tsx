import { UnderConstruction } from '@/components/under-construction';

/** Request a recovery e-mail (spec 000 section 2, Forgot password). */
export default function ForgotPasswordPage() {
  return <UnderConstruction title="Recuperar senha" />;
}
