/**
 * The Config. tab (spec 001 "Admin settings tab", section 9 defaults): the system settings and,
 * for who may read them, the referral figures.
 */
import { can } from '@sorteio/shared';
import { LoadError } from '@/components/load-error';
import { PageSpinner } from '@/components/page-spinner';
import { useAuth } from '@/lib/auth/use-auth';
import { useSettings } from '../api/get-settings';
import { ReferralsPanel } from './referrals-panel';
import { SettingsForm } from './settings-form';

export function SettingsTab() {
  const { user } = useAuth();
  const settings = useSettings();
  if (settings.isPending) return <PageSpinner />;
  if (settings.isError)
    return (
      <LoadError
        title="Erro ao carregar as configurações"
        message={settings.error.message}
        onRetry={() => void settings.refetch()}
      />
    );
  return (
    <section aria-label="Configurações" className="flex flex-col gap-4">
      <h2 className="text-lg font-semibold">Configurações do sistema</h2>
      <SettingsForm initial={settings.data} canManage={can(user?.role, 'settings.manage')} />
      <ReferralsPanel />
    </section>
  );
}
