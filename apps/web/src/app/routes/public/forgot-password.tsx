import { ForgotPasswordScreen } from '@/features/auth/components/forgot-password-screen';

/** Request a recovery e-mail (spec 000 section 2, Forgot password). */
export default function ForgotPasswordPage() {
  return <ForgotPasswordScreen />;
}
