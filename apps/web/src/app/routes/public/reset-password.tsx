import { ResetPasswordScreen } from '@/features/auth/components/reset-password-screen';

/** Set a new password from the recovery link (spec 000 section 2, Reset password). */
export default function ResetPasswordPage() {
  return <ResetPasswordScreen />;
}
