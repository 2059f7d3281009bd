import { useQuery, useQueryClient } from '@tanstack/react-query';
import { PageTitle } from '@/components/page-title';
import { dashboardKeys } from '@/features/dashboard/api/get-dashboard';
import { profileQueryOptions } from '@/features/profile/api/get-profile';
import { InviteFriendsCard } from '@/features/referrals/components/invite-friends-card';
import { CASHBACK_TITLE, CashbackScreen } from '@/features/wallet/components/cashback-screen';

/** Cashback balance, Saldo top-up, withdrawal and statement (spec 001 section 2, Cashback screen). */
export default function CashbackPage() {
  const queryClient = useQueryClient();
  // Read fresh: the person may have just verified or changed the PIX key in another tab.
  const profile = useQuery({ ...profileQueryOptions(), staleTime: 0 });
  // "Pontos Atuais" on the dashboard is Saldo + Cashback.
  const refreshDashboard = () =>
    void queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
  return (
    <>
      <PageTitle title={CASHBACK_TITLE} />
      <CashbackScreen
        withdrawAccount={{
          profile: profile.data,
          profileError: profile.error,
          retryProfile: () => void profile.refetch(),
        }}
        onTopupPaid={refreshDashboard}
        onWithdrawn={refreshDashboard}
        invite={<InviteFriendsCard />}
      />
    </>
  );
}
