import { UnderConstruction } from '@/components/under-construction';

/** Set a new password from the recovery link (spec 000 section 2, Reset password). */
export default function ResetPasswordPage() {
  return <UnderConstruction title="Redefinir senha" />;
}
