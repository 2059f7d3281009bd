import { useQueryClient } from '@tanstack/react-query';
import { Navigate, useSearchParams } from 'react-router';
import { ServiceMaintenanceNotice } from '@/components/service-maintenance-notice';
import { PageTitle } from '@/components/page-title';
import { dashboardKeys } from '@/features/dashboard/api/get-dashboard';
import { historyKeys } from '@/features/history/api/get-history';
import { PAYMENT_TITLE, PaymentScreen } from '@/features/payments/components/payment-screen';
import { roomKeys } from '@/features/rooms/api/room-keys';
import { statsKeys } from '@/features/stats/api/get-stats';
import { walletKeys } from '@/features/wallet/api/wallet-keys';

const DEFAULT_DESCRIPTION = 'Participação em sorteio';

/** `valor` in reais ("10.00") as centavos; null when missing or not a positive number. */
function parseValor(text: string | null): number | null {
  if (text === null || text.trim() === '') return null;
  const reais = Number(text);
  if (!Number.isFinite(reais) || reais <= 0) return null;
  return Math.round(reais * 100);
}

/**
 * PIX payment page (spec 000 section 2): ?participacao_id=&valor=&descricao=. Signed-out visitors
 * are sent to /login by the route guard; without an id or a value, back to /dashboard.
 */
export default function PaymentPage() {
  const [searchParams] = useSearchParams();
  const queryClient = useQueryClient();
  const participacaoId = searchParams.get('participacao_id');
  const valor = parseValor(searchParams.get('valor'));
  const descricao = searchParams.get('descricao') || DEFAULT_DESCRIPTION;

  if (!participacaoId || valor === null) return <Navigate to="/dashboard" replace />;

  function onPaid() {
    // The seat is confirmed: every figure that counts confirmed payments changed.
    const keys = [roomKeys.all, dashboardKeys.all, historyKeys.all, statsKeys.all, walletKeys.all];
    for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
  }

  return (
    <>
      <PageTitle title={PAYMENT_TITLE} />
      <ServiceMaintenanceNotice services={['payment-pix']} />
      <PaymentScreen
        key={participacaoId}
        participacaoId={participacaoId}
        valor={valor}
        descricao={descricao}
        onPaid={onPaid}
      />
    </>
  );
}
