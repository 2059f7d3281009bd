import { Navigate } from 'react-router';
import { UnderConstruction } from '@/components/under-construction';
import { ViewingAsUserBanner } from '@/components/viewing-as-user-banner';
import { useAuth } from '@/lib/auth/use-auth';
import { isViewingAsUser } from '@/lib/view-mode';

/** User home (spec 000 section 2, Dashboard). */
export default function DashboardPage() {
  const { user } = useAuth();
  const viewingAsUser = isViewingAsUser();
  // An administrator belongs in /admin unless they chose to see the user side.
  if (user?.isAdmin && !viewingAsUser) return <Navigate to="/admin" replace />;
  return (
    <>
      {user?.isAdmin && viewingAsUser && <ViewingAsUserBanner />}
      <UnderConstruction title="Dashboard" />
    </>
  );
}
