import { RegisterScreen } from '@/features/auth/components/register-screen';

/** Sign up (spec 000 section 2, Register). */
export default function RegisterPage() {
  return <RegisterScreen />;
}
