import { ResetPasswordScreen } from '@/features/auth/components/reset-password-screen';

/** A person added by staff sets their first password from the e-mailed link (issue 36 item 8). */
export default function SetPasswordPage() {
  return <ResetPasswordScreen mode="set" />;
}
