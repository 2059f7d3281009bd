import { lazy, Suspense } from 'react';
import { PageSpinner } from '@/components/page-spinner';

// Rarely needed, so it stays out of the first bundle.
const ChangePasswordScreen = lazy(() =>
  import('@/features/auth/components/change-password-screen').then((m) => ({
    default: m.ChangePasswordScreen,
  })),
);

/** An account with a staff-set temporary password sees only this until it sets its own. */
export function MustChangePassword() {
  return (
    <Suspense fallback={<PageSpinner />}>
      <ChangePasswordScreen />
    </Suspense>
  );
}
