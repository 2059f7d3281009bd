import { PageSpinner } from '@/components/page-spinner';
import { PageTitle } from '@/components/page-title';
import { StatusScreen } from '@/components/status-screen';
import { PROFILE_TITLE, ProfileScreen } from '@/features/profile/components/profile-screen';
import { PushNotificationsCard } from '@/features/push';
import { useAuth } from '@/lib/auth/use-auth';

/** Profile (spec 000 section 2; "Configurações" in the user menu). */
export default function ProfilePage() {
  const { user, loading } = useAuth();
  if (loading) return <PageSpinner />;
  return (
    <>
      <PageTitle title={PROFILE_TITLE} />
      {user ? (
        <ProfileScreen deviceNotifications={<PushNotificationsCard />} />
      ) : (
        // The route guard normally sends signed-out visitors to /login first.
        <StatusScreen
          title={PROFILE_TITLE}
          description={<p>Você precisa estar logado para acessar o perfil.</p>}
        />
      )}
    </>
  );
}
