import { useQueryClient } from '@tanstack/react-query';
import { PageTitle } from '@/components/page-title';
import { dashboardKeys } from '@/features/dashboard/api/get-dashboard';
import { CASHBACK_TITLE, CashbackScreen } from '@/features/wallet/components/cashback-screen';

/** Cashback balance, Saldo top-up and statement (spec 001 section 2, Cashback screen). */
export default function CashbackPage() {
  const queryClient = useQueryClient();
  return (
    <>
      <PageTitle title={CASHBACK_TITLE} />
      <CashbackScreen
        onTopupPaid={() => {
          // "Pontos Atuais" on the dashboard is Saldo + Cashback.
          void queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
        }}
      />
    </>
  );
}
