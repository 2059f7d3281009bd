import { VerifyEmailScreen } from '@/features/auth/components/verify-email-screen';

/** After sign-up (spec 000 section 2, /verify-email). */
export default function VerifyEmailPage() {
  return <VerifyEmailScreen />;
}
