import { PageSpinner } from '@/components/page-spinner';
import { PageTitle } from '@/components/page-title';
import { StatusScreen } from '@/components/status-screen';
import { STATS_TITLE, StatsScreen } from '@/features/stats';
import { useAuth } from '@/lib/auth/use-auth';

/** Personal statistics (spec 000 section 2, Statistics). */
export default function StatsPage() {
  const { user, loading } = useAuth();
  if (loading) return <PageSpinner />;
  return (
    <>
      <PageTitle title={STATS_TITLE} />
      {user ? (
        <StatsScreen />
      ) : (
        // The route guard normally sends signed-out visitors to /login first.
        <StatusScreen
          title={STATS_TITLE}
          description={<p>Você precisa estar logado para ver suas estatísticas.</p>}
        />
      )}
    </>
  );
}
