import { PageSpinner } from '@/components/page-spinner';
import { PageTitle } from '@/components/page-title';
import {
  PRIVATE_ROOMS_TITLE,
  PrivateRoomsScreen,
} from '@/features/private-rooms/components/private-rooms-screen';
import { useAuth } from '@/lib/auth/use-auth';

/** Own private rooms (spec 001 section 2, Private rooms list). */
export default function PrivateRoomsPage() {
  const { loading } = useAuth();
  if (loading) return <PageSpinner />;
  return (
    <>
      <PageTitle title={PRIVATE_ROOMS_TITLE} />
      <PrivateRoomsScreen />
    </>
  );
}
