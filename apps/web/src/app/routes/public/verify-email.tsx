import { UnderConstruction } from '@/components/under-construction';

/** Shown after sign-up (spec 000 section 2). */
export default function VerifyEmailPage() {
  return <UnderConstruction title="Verifique seu e-mail" />;
}
